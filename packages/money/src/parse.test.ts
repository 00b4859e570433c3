import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount } from "./format";
import { InvalidAmountError, parseAmount, parseAmountOrThrow } from "./parse";

const factors = fc.integer({ min: 0, max: 18 }).map((n) => 10n ** BigInt(n));

describe("parseAmount", () => {
  it("reads plain decimals in major units into minor units", () => {
    expect(parseAmount("10.5", 100)).toEqual({ ok: true, value: 1050n });
    expect(parseAmount("10.50", 100)).toEqual({ ok: true, value: 1050n });
    expect(parseAmount("10", 100)).toEqual({ ok: true, value: 1000n });
    expect(parseAmount("0.00000001", 1e8)).toEqual({ ok: true, value: 1n });
    expect(parseAmount("007.5", 100)).toEqual({ ok: true, value: 750n });
    expect(parseAmount("1", 1e18)).toEqual({ ok: true, value: 10n ** 18n });
    expect(parseAmount("500", 1)).toEqual({ ok: true, value: 500n });
  });

  it("refuses more fraction digits than the currency has, even zeros", () => {
    expect(parseAmount("1.234", 100)).toEqual({ ok: false, error: "too_many_fraction_digits" });
    expect(parseAmount("1.230", 100)).toEqual({ ok: false, error: "too_many_fraction_digits" });
    expect(parseAmount("1.0", 1)).toEqual({ ok: false, error: "too_many_fraction_digits" });
  });

  it("refuses signs, exponents, blanks and anything that is not a plain decimal", () => {
    const cases: [string, string][] = [
      ["", "empty"],
      [" ", "blank"],
      [" 10", "blank"],
      ["1 000", "blank"],
      ["10\n", "blank"],
      ["-5", "sign"],
      ["+5", "sign"],
      ["1e3", "exponent"],
      ["1.5E-2", "exponent"],
      ["-1e3", "exponent"],
      ["1,5", "not_a_decimal"],
      [".5", "not_a_decimal"],
      ["5.", "not_a_decimal"],
      ["1.2.3", "not_a_decimal"],
      ["abc", "not_a_decimal"],
      ["0x10", "not_a_decimal"],
      ["Infinity", "not_a_decimal"],
      ["NaN", "not_a_decimal"],
      ["١٢", "not_a_decimal"],
      ["--5", "not_a_decimal"],
    ];
    for (const [input, error] of cases) {
      expect(parseAmount(input, 100), JSON.stringify(input)).toEqual({ ok: false, error });
    }
  });

  it("refuses floats passed in by untyped callers", () => {
    expect(parseAmount(0.1 as unknown as string, 100)).toEqual({
      ok: false,
      error: "not_a_decimal",
    });
    expect(parseAmount(10 as unknown as string, 100)).toEqual({
      ok: false,
      error: "not_a_decimal",
    });
  });

  it("refuses amounts wider than numeric(78,0) unless told otherwise", () => {
    expect(parseAmount("9".repeat(78), 1)).toEqual({ ok: true, value: 10n ** 78n - 1n });
    expect(parseAmount("1".padEnd(79, "0"), 1)).toEqual({ ok: false, error: "too_large" });
    expect(parseAmount("1".padEnd(77, "0"), 100)).toEqual({ ok: false, error: "too_large" });
    expect(parseAmount("1000", 100, { maxDigits: 6 })).toEqual({ ok: true, value: 100000n });
    expect(parseAmount("1000", 100, { maxDigits: 5 })).toEqual({ ok: false, error: "too_large" });
  });

  it("accepts a leading minus only when asked", () => {
    expect(parseAmount("-0.05", 100, { allowNegative: true })).toEqual({ ok: true, value: -5n });
    expect(parseAmount("+0.05", 100, { allowNegative: true })).toEqual({
      ok: false,
      error: "sign",
    });
  });

  it("2^256 − 1 round-trips", () => {
    const big = 2n ** 256n - 1n;
    for (const factor of [1n, 100n, 10n ** 8n, 10n ** 18n]) {
      const text = formatAmount(big, factor);
      expect(parseAmount(text, factor)).toEqual({ ok: true, value: big });
    }
    expect(formatAmount(big, 10n ** 18n)).toBe(
      "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
    );
  });

  it("property: parse(format(x)) = x for every non-negative amount up to 78 digits, every factor 10^0..10^18, both modes", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 78n - 1n }),
        factors,
        fc.constantFrom("fixed" as const, "trim" as const),
        (x, factor, mode) => {
          expect(parseAmount(formatAmount(x, factor, { mode }), factor)).toEqual({
            ok: true,
            value: x,
          });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("property: parseAmountOrThrow(format(x)) = x for every bigint", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 512n), max: 2n ** 512n }),
        factors,
        fc.constantFrom("fixed" as const, "trim" as const),
        (x, factor, mode) => {
          expect(parseAmountOrThrow(formatAmount(x, factor, { mode }), factor)).toBe(x);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("property: floats are refused, as numbers and in exponent notation", () => {
    fc.assert(
      fc.property(fc.double(), (d) => {
        // a number never gets in, whatever its value
        expect(parseAmount(d as unknown as string, 100).ok).toBe(false);
        // its text gets in only when it is a plain decimal with few enough decimals
        const text = String(d);
        const result = parseAmount(text, 10n ** 18n, { allowNegative: true });
        if (/[eE]|Infinity|NaN/.test(text)) expect(result.ok).toBe(false);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: -20, max: 20 }),
        (m, e) => {
          expect(parseAmount(`${m}e${e}`, 100)).toEqual({ ok: false, error: "exponent" });
          expect(parseAmount(`${m}.5E${e}`, 100)).toEqual({ ok: false, error: "exponent" });
        },
      ),
    );
  });

  it("parseAmountOrThrow throws a coded error for bad trusted data", () => {
    expect(parseAmountOrThrow("-12.34", 100)).toBe(-1234n);
    expect(() => parseAmountOrThrow("12.345", 100)).toThrow(InvalidAmountError);
    try {
      parseAmountOrThrow("1e3", 100);
    } catch (error) {
      expect((error as InvalidAmountError).code).toBe("exponent");
    }
  });
});
