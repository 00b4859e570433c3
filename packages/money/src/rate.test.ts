import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CurrencyRate, convert, convertExact, multiplyByRate } from "./rate";
import { ROUNDING_MODES } from "./rounding";

const USD: CurrencyRate = { subunitToUnit: 100, rate: "1" };
const EUR: CurrencyRate = { subunitToUnit: 100, rate: "1.0825" };
const BTC: CurrencyRate = { subunitToUnit: 1e8, rate: "64321.17" };
const ETH: CurrencyRate = { subunitToUnit: 1e18, rate: "3120.5" };
const JPY: CurrencyRate = { subunitToUnit: 1, rate: "0.0064" };

describe("multiplyByRate", () => {
  it("multiplies by an exact decimal rate with the given rounding", () => {
    expect(multiplyByRate(1000n, "1.0825", "half-up")).toBe(1083n); // 1082.5
    expect(multiplyByRate(1000n, "1.0825", "half-even")).toBe(1082n);
    expect(multiplyByRate(1000n, "1.0825", "down")).toBe(1082n);
    expect(multiplyByRate(-1000n, "1.0825", "half-up")).toBe(-1083n);
    expect(multiplyByRate(7n, 3n, "down")).toBe(21n);
    expect(multiplyByRate(7n, "0", "down")).toBe(0n);
  });

  it("refuses float rates and non-decimal text", () => {
    expect(() => multiplyByRate(100n, 1.1, "down")).toThrow(TypeError);
    expect(() => multiplyByRate(100n, "1e2", "down")).toThrow(TypeError);
    expect(() => multiplyByRate(100n, " 1", "down")).toThrow(TypeError);
  });
});

describe("convert", () => {
  it("converts through the base currency", () => {
    expect(convert(10_000n, EUR, USD, "half-up")).toBe(10_825n); // 100 EUR = 108.25 USD
    expect(convert(10_825n, USD, EUR, "half-up")).toBe(10_000n);
    expect(convert(100_000_000n, BTC, USD, "half-up")).toBe(6_432_117n); // 1 BTC
    expect(convert(6_432_117n, USD, BTC, "half-up")).toBe(100_000_000n);
    expect(convert(10n ** 18n, ETH, BTC, "half-even")).toBe(4_851_435n); // 3120.5 / 64321.17 BTC
    expect(convert(100n, USD, JPY, "down")).toBe(156n); // 1 / 0.0064 = 156.25
  });

  it("refuses a target rate of zero and float or signed rates", () => {
    expect(() => convert(1n, USD, { subunitToUnit: 100, rate: "0" }, "down")).toThrow(RangeError);
    expect(() => convert(1n, USD, { subunitToUnit: 100, rate: "-1" }, "down")).toThrow(TypeError);
    expect(() =>
      convert(1n, { subunitToUnit: 100, rate: 1.5 as unknown as string }, USD, "down"),
    ).toThrow(TypeError);
  });

  const rate = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 12 }))
    .map(([coefficient, scale]) => {
      const digits = coefficient.toString().padStart(scale + 1, "0");
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    });
  const currency = fc.record({
    subunitToUnit: fc.integer({ min: 0, max: 18 }).map((n) => 10n ** BigInt(n)),
    rate,
  });

  it("property: conversion is rounded once and never drifts by a minor unit or more", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        currency,
        currency,
        fc.constantFrom(...ROUNDING_MODES),
        (minor, from, to, mode) => {
          const { numerator, denominator } = convertExact(minor, from, to);
          const result = convert(minor, from, to, mode);
          const error = result * denominator - numerator;
          const absError = error < 0n ? -error : error;
          if (mode === "down") expect(absError < denominator).toBe(true);
          else expect(2n * absError <= denominator).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("property: conversion keeps order and converting to the same currency is the identity", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        currency,
        currency,
        fc.constantFrom(...ROUNDING_MODES),
        (a, b, from, to, mode) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(convert(low, from, to, mode) <= convert(high, from, to, mode)).toBe(true);
          expect(convert(a, from, from, mode)).toBe(a);
        },
      ),
    );
  });

  it("property: a round trip into a finer currency and back gives the amount back", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), rate, (minor, r) => {
        const coarse: CurrencyRate = { subunitToUnit: 100, rate: r };
        const fine: CurrencyRate = { subunitToUnit: 10n ** 18n, rate: r };
        expect(convert(convert(minor, coarse, fine, "half-even"), fine, coarse, "half-even")).toBe(
          minor,
        );
      }),
    );
  });
});
