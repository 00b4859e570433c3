export const seedLocales = [
  { code: "en", name: "English", isDefault: true },
  { code: "de", name: "Deutsch", isDefault: false },
  { code: "pt-br", name: "Português (Brasil)", isDefault: false },
];
