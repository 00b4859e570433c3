import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISPLAY_DECIMALS,
  displayUnit,
  formatEquivalent,
  MILLI_UNIT_FACTOR,
  roundForDisplay,
  subCurrencySubunit,
} from "./display";
import { formatAmount } from "./format";
import { parseAmount } from "./parse";

const USD = { subunitToUnit: 100, rate: "1" };
const BTC = { subunitToUnit: 1e8, rate: "64321.17" };

describe("display", () => {
  it("WL-18 rounds to 2 decimals for display", () => {
    expect(DISPLAY_DECIMALS).toBe(2);
    expect(roundForDisplay(123_456_789n, 1e8)).toBe("1.23");
    expect(roundForDisplay(123_500_000n, 1e8)).toBe("1.24");
    expect(roundForDisplay(123_500_000n, 1e8, 2, "half-even")).toBe("1.24");
    expect(roundForDisplay(122_500_000n, 1e8, 2, "half-even")).toBe("1.22");
    expect(roundForDisplay(-123_500_000n, 1e8)).toBe("-1.24");
    expect(roundForDisplay(1050n, 100)).toBe("10.50");
    expect(roundForDisplay(7n, 1)).toBe("7.00");
    expect(roundForDisplay(1999n, 1000, 0)).toBe("2");
  });

  it("WL-18 the equivalent balance is converted exactly and rounded once to 2 decimals", () => {
    // 0.01234567 BTC × 64321.17 = 794.0882... USD
    expect(formatEquivalent(1_234_567n, BTC, USD)).toBe("794.09");
    expect(formatEquivalent(1n, BTC, USD)).toBe("0.00");
    expect(formatEquivalent(100_000_000n, BTC, USD, { decimals: 4 })).toBe("64321.1700");
    expect(formatEquivalent(10_000n, USD, BTC, { decimals: 8, mode: "down" })).toBe("0.00155469");
  });

  it("WL-19 BTC and ETH are shown in milli-units (factor 1000 from subCurrencies)", () => {
    expect(MILLI_UNIT_FACTOR).toBe(1000);
    const btc = {
      code: "BTC",
      subunitToUnit: 1e8,
      subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }],
    };
    const eth = {
      code: "ETH",
      subunitToUnit: 1e18,
      subCurrencies: [{ code: "mETH", subunitToUnit: 1000 }],
    };
    const eur = { code: "EUR", subunitToUnit: 100, subCurrencies: [] };
    expect(displayUnit(btc)).toEqual({ code: "mBTC", subunitToUnit: 100_000n });
    expect(displayUnit(eth)).toEqual({ code: "mETH", subunitToUnit: 10n ** 15n });
    expect(displayUnit(eur)).toEqual({ code: "EUR", subunitToUnit: 100n });
    // 0.01234567 BTC = 12.34567 mBTC
    expect(formatAmount(1_234_567n, displayUnit(btc).subunitToUnit)).toBe("12.34567");
    expect(parseAmount("12.34567", displayUnit(btc).subunitToUnit)).toEqual({
      ok: true,
      value: 1_234_567n,
    });
    expect(roundForDisplay(1_234_567n, displayUnit(btc).subunitToUnit)).toBe("12.35");
  });

  it("refuses a sub-currency finer than the minor unit", () => {
    expect(() => subCurrencySubunit(100, 1000)).toThrow(RangeError);
    expect(subCurrencySubunit(100, 100)).toBe(1n);
    expect(() => roundForDisplay(1n, 100, -1)).toThrow(RangeError);
  });

  it("property: display rounding is within half a display unit of the exact amount", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 6 }),
        (minor, digits, decimals) => {
          const text = roundForDisplay(minor, 10n ** BigInt(digits), decimals);
          const shown = parseAmount(text, 10n ** BigInt(decimals), {
            allowNegative: true,
            maxDigits: Infinity,
          });
          expect(shown.ok).toBe(true);
          if (!shown.ok) return;
          // compare shown / 10^decimals with minor / 10^digits on a common scale
          const error = shown.value * 10n ** BigInt(digits) - minor * 10n ** BigInt(decimals);
          const absError = error < 0n ? -error : error;
          expect(2n * absError <= 10n ** BigInt(digits)).toBe(true);
        },
      ),
    );
  });
});
