// Decimals as the Payments and Countries desks show them.

/** An exact decimal without trailing zeros ("1.0800" → "1.08", "5.00" → "5"). */
export const decimal = (value: string) =>
  value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
