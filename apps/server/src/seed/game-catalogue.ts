export const seedGameProviders = [
  { slug: "originals", name: "Originals", logo: null },
  { slug: "sandbox-slots", name: "Sandbox Slots", logo: null },
  { slug: "sandbox-live", name: "Sandbox Live", logo: null },
];

export const seedGameCollections = [
  { slug: "popular", name: "Popular", restrictedCountries: [] as string[] },
  { slug: "new", name: "New", restrictedCountries: [] as string[] },
  { slug: "slots", name: "Slots", restrictedCountries: [] as string[] },
  // German state treaty rules keep online live casino out of Germany.
  { slug: "live-casino", name: "Live Casino", restrictedCountries: ["DE"] },
  { slug: "table-games", name: "Table Games", restrictedCountries: [] as string[] },
];
