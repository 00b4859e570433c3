export interface SeedCountry {
  code: string;
  name: string;
  locale: string | null;
  currency: string | null;
  phonePrefix: string;
  restrictType?: 1 | 2;
  /** false for the countries spec section 9 leaves out of the public list. */
  listed?: boolean;
}

/** Spec section 9: known to the platform (GeoIP, data) but not offered in the country list. */
export const unlistedCountryCodes = ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"] as const;

const countries: Omit<SeedCountry, "listed">[] = [
  { code: "AR", name: "Argentina", locale: null, currency: "ARS", phonePrefix: "+54" },
  { code: "AT", name: "Austria", locale: "de", currency: "EUR", phonePrefix: "+43" },
  { code: "AU", name: "Australia", locale: "en", currency: "AUD", phonePrefix: "+61" },
  { code: "AW", name: "Aruba", locale: null, currency: null, phonePrefix: "+297" },
  // Geo-restricted layout (restrictType 1).
  {
    code: "BE",
    name: "Belgium",
    locale: null,
    currency: "EUR",
    phonePrefix: "+32",
    restrictType: 1,
  },
  { code: "BR", name: "Brazil", locale: "pt-br", currency: "BRL", phonePrefix: "+55" },
  { code: "CA", name: "Canada", locale: "en", currency: "CAD", phonePrefix: "+1" },
  { code: "CH", name: "Switzerland", locale: "de", currency: "CHF", phonePrefix: "+41" },
  { code: "CL", name: "Chile", locale: null, currency: "CLP", phonePrefix: "+56" },
  { code: "CO", name: "Colombia", locale: null, currency: null, phonePrefix: "+57" },
  // No sign-in or sign-up (restrictType 2).
  { code: "CU", name: "Cuba", locale: null, currency: null, phonePrefix: "+53", restrictType: 2 },
  { code: "CW", name: "Curaçao", locale: null, currency: null, phonePrefix: "+599" },
  { code: "CZ", name: "Czechia", locale: null, currency: "CZK", phonePrefix: "+420" },
  { code: "DE", name: "Germany", locale: "de", currency: "EUR", phonePrefix: "+49" },
  { code: "DK", name: "Denmark", locale: null, currency: "DKK", phonePrefix: "+45" },
  { code: "EE", name: "Estonia", locale: null, currency: "EUR", phonePrefix: "+372" },
  { code: "ES", name: "Spain", locale: null, currency: "EUR", phonePrefix: "+34" },
  { code: "FI", name: "Finland", locale: null, currency: "EUR", phonePrefix: "+358" },
  { code: "FR", name: "France", locale: null, currency: "EUR", phonePrefix: "+33" },
  { code: "GB", name: "United Kingdom", locale: "en", currency: "GBP", phonePrefix: "+44" },
  { code: "GR", name: "Greece", locale: null, currency: "EUR", phonePrefix: "+30" },
  { code: "IE", name: "Ireland", locale: "en", currency: "EUR", phonePrefix: "+353" },
  { code: "IN", name: "India", locale: "en", currency: "INR", phonePrefix: "+91" },
  { code: "IR", name: "Iran", locale: null, currency: null, phonePrefix: "+98", restrictType: 2 },
  { code: "IT", name: "Italy", locale: null, currency: "EUR", phonePrefix: "+39" },
  { code: "JP", name: "Japan", locale: null, currency: "JPY", phonePrefix: "+81" },
  {
    code: "KP",
    name: "North Korea",
    locale: null,
    currency: null,
    phonePrefix: "+850",
    restrictType: 2,
  },
  { code: "KZ", name: "Kazakhstan", locale: null, currency: "KZT", phonePrefix: "+7" },
  { code: "LI", name: "Liechtenstein", locale: "de", currency: "CHF", phonePrefix: "+423" },
  { code: "LU", name: "Luxembourg", locale: null, currency: "EUR", phonePrefix: "+352" },
  { code: "MF", name: "Saint Martin", locale: null, currency: "EUR", phonePrefix: "+590" },
  { code: "MX", name: "Mexico", locale: null, currency: "MXN", phonePrefix: "+52" },
  { code: "NL", name: "Netherlands", locale: null, currency: "EUR", phonePrefix: "+31" },
  { code: "NO", name: "Norway", locale: null, currency: "NOK", phonePrefix: "+47" },
  { code: "NZ", name: "New Zealand", locale: "en", currency: "NZD", phonePrefix: "+64" },
  { code: "PE", name: "Peru", locale: null, currency: null, phonePrefix: "+51" },
  { code: "PL", name: "Poland", locale: null, currency: "PLN", phonePrefix: "+48" },
  { code: "PT", name: "Portugal", locale: null, currency: "EUR", phonePrefix: "+351" },
  { code: "SE", name: "Sweden", locale: null, currency: "SEK", phonePrefix: "+46" },
  { code: "TR", name: "Türkiye", locale: null, currency: "TRY", phonePrefix: "+90" },
  { code: "UA", name: "Ukraine", locale: null, currency: "UAH", phonePrefix: "+380" },
  {
    code: "UM",
    name: "United States Minor Outlying Islands",
    locale: null,
    currency: "USD",
    phonePrefix: "+1",
  },
  { code: "US", name: "United States", locale: "en", currency: "USD", phonePrefix: "+1" },
  { code: "ZA", name: "South Africa", locale: "en", currency: "ZAR", phonePrefix: "+27" },
];

export const seedCountries: SeedCountry[] = countries.map((country) => ({
  ...country,
  listed: !(unlistedCountryCodes as readonly string[]).includes(country.code),
}));
