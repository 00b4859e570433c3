/**
 * Seed currencies. Rates are the value of one major unit in the base currency (USD), as exact
 * decimal strings; an operator keeps them current in the currencies table.
 */
export interface SeedCurrency {
  code: string;
  type: "fiat" | "crypto";
  symbol: string;
  subunitToUnit: bigint;
  rate: string;
  isBase?: boolean;
  isEnabled?: boolean;
  isVisible?: boolean;
  subCurrencies?: { code: string; subunitToUnit: bigint }[];
}

export const seedCurrencies: SeedCurrency[] = [
  { code: "USD", type: "fiat", symbol: "$", subunitToUnit: 100n, rate: "1", isBase: true },
  { code: "EUR", type: "fiat", symbol: "€", subunitToUnit: 100n, rate: "1.08" },
  { code: "BRL", type: "fiat", symbol: "R$", subunitToUnit: 100n, rate: "0.18" },
  { code: "CAD", type: "fiat", symbol: "C$", subunitToUnit: 100n, rate: "0.73" },
  { code: "AUD", type: "fiat", symbol: "A$", subunitToUnit: 100n, rate: "0.66" },
  { code: "NZD", type: "fiat", symbol: "NZ$", subunitToUnit: 100n, rate: "0.6" },
  { code: "GBP", type: "fiat", symbol: "£", subunitToUnit: 100n, rate: "1.27" },
  { code: "CHF", type: "fiat", symbol: "CHF", subunitToUnit: 100n, rate: "1.13" },
  { code: "NOK", type: "fiat", symbol: "kr", subunitToUnit: 100n, rate: "0.093" },
  { code: "SEK", type: "fiat", symbol: "kr", subunitToUnit: 100n, rate: "0.095" },
  { code: "DKK", type: "fiat", symbol: "kr", subunitToUnit: 100n, rate: "0.145" },
  { code: "PLN", type: "fiat", symbol: "zł", subunitToUnit: 100n, rate: "0.25" },
  { code: "CZK", type: "fiat", symbol: "Kč", subunitToUnit: 100n, rate: "0.043" },
  { code: "JPY", type: "fiat", symbol: "¥", subunitToUnit: 1n, rate: "0.0066" },
  { code: "INR", type: "fiat", symbol: "₹", subunitToUnit: 100n, rate: "0.012" },
  { code: "MXN", type: "fiat", symbol: "MX$", subunitToUnit: 100n, rate: "0.055" },
  { code: "ARS", type: "fiat", symbol: "AR$", subunitToUnit: 100n, rate: "0.001" },
  { code: "TRY", type: "fiat", symbol: "₺", subunitToUnit: 100n, rate: "0.029" },
  { code: "ZAR", type: "fiat", symbol: "R", subunitToUnit: 100n, rate: "0.054" },
  { code: "KZT", type: "fiat", symbol: "₸", subunitToUnit: 100n, rate: "0.002" },
  { code: "UAH", type: "fiat", symbol: "₴", subunitToUnit: 100n, rate: "0.024" },
  {
    code: "CLP",
    type: "fiat",
    symbol: "CLP$",
    subunitToUnit: 1n,
    rate: "0.00105",
    isEnabled: false,
    isVisible: false,
  },
  {
    code: "BTC",
    type: "crypto",
    symbol: "₿",
    subunitToUnit: 100_000_000n,
    rate: "97000",
    subCurrencies: [{ code: "mBTC", subunitToUnit: 1000n }],
  },
  {
    code: "ETH",
    type: "crypto",
    symbol: "Ξ",
    // Wei: amounts need numeric(78,0) and bigint, never a float.
    subunitToUnit: 1_000_000_000_000_000_000n,
    rate: "3400",
    subCurrencies: [{ code: "mETH", subunitToUnit: 1000n }],
  },
  { code: "USDT", type: "crypto", symbol: "₮", subunitToUnit: 1_000_000n, rate: "1" },
  { code: "LTC", type: "crypto", symbol: "Ł", subunitToUnit: 100_000_000n, rate: "95" },
  { code: "DOGE", type: "crypto", symbol: "Ð", subunitToUnit: 100_000_000n, rate: "0.38" },
  { code: "TRX", type: "crypto", symbol: "TRX", subunitToUnit: 1_000_000n, rate: "0.2" },
  { code: "BCH", type: "crypto", symbol: "BCH", subunitToUnit: 100_000_000n, rate: "450" },
  {
    code: "XRP",
    type: "crypto",
    symbol: "XRP",
    subunitToUnit: 1_000_000n,
    rate: "1.4",
    isVisible: false,
  },
];
