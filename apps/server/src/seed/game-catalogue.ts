/** The in-house studio's launcher (modules/studio): same origin, so the site can frame it. */
export const STUDIO_LAUNCH_URL =
  "/studio/play/{gameCode}?token={token}&mode={mode}&currency={currency}&locale={locale}&returnUrl={returnUrl}";

/** Where the in-house studio takes platform free spins (docs/provider-wallet-api.md §7). */
export const STUDIO_FREE_SPINS_URL = "/studio/api/platform/free-spins";

/** A demo provider's logo, shipped with the web app (apps/web/public/images/providers/<slug>.svg). */
export const seedProviderLogo = (slug: string) => `/images/providers/${slug}.svg`;

export const seedGameProviders = [
  {
    slug: "originals",
    name: "Originals",
    logo: seedProviderLogo("originals") as string | null,
    launchUrl: STUDIO_LAUNCH_URL as string | null,
    freeSpinsUrl: STUDIO_FREE_SPINS_URL as string | null,
  },
  {
    slug: "sandbox-slots",
    name: "Sandbox Slots",
    logo: seedProviderLogo("sandbox-slots"),
    launchUrl: null,
    freeSpinsUrl: null,
  },
  {
    slug: "sandbox-live",
    name: "Sandbox Live",
    logo: seedProviderLogo("sandbox-live"),
    launchUrl: null,
    freeSpinsUrl: null,
  },
];

export const seedGameCollections = [
  { slug: "popular", name: "Popular", restrictedCountries: [] as string[] },
  { slug: "new", name: "New", restrictedCountries: [] as string[] },
  { slug: "slots", name: "Slots", restrictedCountries: [] as string[] },
  // German state treaty rules keep online live casino out of Germany.
  { slug: "live-casino", name: "Live Casino", restrictedCountries: ["DE"] },
  { slug: "table-games", name: "Table Games", restrictedCountries: [] as string[] },
];

export interface SeedGame {
  provider: string;
  code: string;
  slug: string;
  title: string;
  collections: string[];
  tags?: string[];
  rtp?: string;
  volatility?: "low" | "medium" | "high";
  hasDemo?: boolean;
  isMobile?: boolean;
  isDesktop?: boolean;
  restrictedCountries?: string[];
}

/** A demo game's cover, shipped with the web app (apps/web/public/images/games/<slug>.svg). */
export const seedGameImage = (slug: string) => `/images/games/${slug}.svg`;

/** Demo games: the in-house originals (packages/games) and the sandbox studios' titles. */
export const seedGames: SeedGame[] = [
  {
    provider: "originals",
    code: "dice",
    slug: "dice",
    title: "Dice",
    collections: ["popular", "table-games"],
    tags: ["provably-fair"],
    rtp: "99.00",
    volatility: "low",
    hasDemo: true,
  },
  {
    provider: "originals",
    code: "limbo",
    slug: "limbo",
    title: "Limbo",
    collections: ["popular", "new"],
    tags: ["provably-fair"],
    rtp: "99.00",
    volatility: "high",
    hasDemo: true,
  },
  {
    provider: "originals",
    code: "roulette",
    slug: "european-roulette",
    title: "European Roulette",
    collections: ["table-games"],
    tags: ["provably-fair"],
    rtp: "97.30",
    volatility: "medium",
    hasDemo: true,
  },
  {
    provider: "originals",
    code: "baccarat",
    slug: "baccarat",
    title: "Baccarat",
    collections: ["table-games"],
    tags: ["provably-fair"],
    rtp: "98.94",
    volatility: "low",
    hasDemo: true,
  },
  {
    provider: "originals",
    code: "slot",
    slug: "fruit-lines",
    title: "Fruit Lines",
    collections: ["popular", "slots", "new"],
    tags: ["provably-fair", "free-spins"],
    rtp: "96.05",
    volatility: "medium",
    hasDemo: true,
  },
  {
    provider: "sandbox-slots",
    code: "gold-rush",
    slug: "gold-rush",
    title: "Gold Rush",
    collections: ["popular", "slots"],
    tags: ["bonus-buy"],
    rtp: "96.20",
    volatility: "high",
    hasDemo: true,
  },
  {
    provider: "sandbox-slots",
    code: "ocean-gems",
    slug: "ocean-gems",
    title: "Ocean Gems",
    collections: ["slots"],
    rtp: "95.80",
    volatility: "medium",
    hasDemo: true,
  },
  {
    provider: "sandbox-slots",
    code: "pharaoh-spins",
    slug: "pharaoh-spins",
    title: "Pharaoh Spins",
    collections: ["slots", "new"],
    rtp: "96.50",
    volatility: "high",
    hasDemo: false,
    restrictedCountries: ["GB"],
  },
  {
    provider: "sandbox-slots",
    code: "lucky-sevens",
    slug: "lucky-sevens",
    title: "Lucky Sevens",
    collections: ["slots"],
    rtp: "94.00",
    volatility: "low",
    hasDemo: true,
    isDesktop: true,
    isMobile: false,
  },
  {
    provider: "sandbox-live",
    code: "live-roulette",
    slug: "live-roulette",
    title: "Live Roulette",
    collections: ["live-casino"],
    rtp: "97.30",
    volatility: "medium",
    hasDemo: false,
    restrictedCountries: ["DE"],
  },
  {
    provider: "sandbox-live",
    code: "live-blackjack",
    slug: "live-blackjack",
    title: "Live Blackjack",
    collections: ["live-casino"],
    rtp: "99.28",
    volatility: "low",
    hasDemo: false,
    restrictedCountries: ["DE"],
  },
];
