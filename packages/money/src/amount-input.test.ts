import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AMOUNT_INPUT_MAX_LENGTH,
  amountInputState,
  amountMaskFor,
  amountOnBlur,
  clampAmount,
  maskAmountInput,
} from "./amount-input";

const range = { min: 1_000n, max: 500_000n, subunitToUnit: 100 }; // 10.00 .. 5000.00

describe("amount input", () => {
  it("WR-01 the amount takes at most 10 characters", () => {
    expect(AMOUNT_INPUT_MAX_LENGTH).toBe(10);
    expect(maskAmountInput("12345678901234")).toBe("1234567890");
    expect(maskAmountInput("123456789.123")).toBe("123456789.");
  });

  it("WR-02 the amount is masked to digits with an optional decimal part", () => {
    expect(maskAmountInput("12.50")).toBe("12.50");
    expect(maskAmountInput("12,5")).toBe("12.5");
    expect(maskAmountInput("1a2b.c5")).toBe("12.5");
    expect(maskAmountInput("-12")).toBe("12");
    expect(maskAmountInput("1e5")).toBe("15");
    expect(maskAmountInput("1.2.3")).toBe("1.23");
    expect(maskAmountInput("12.")).toBe("12.");
    expect(maskAmountInput("")).toBe("");
    expect(maskAmountInput("abc")).toBe("");
    expect(maskAmountInput("12.345", amountMaskFor(100))).toBe("12.34");
    expect(maskAmountInput("12.5", amountMaskFor(1))).toBe("12");
  });

  it("WR-03 leading zeros are stripped", () => {
    expect(maskAmountInput("007")).toBe("7");
    expect(maskAmountInput("000")).toBe("0");
    expect(maskAmountInput("0")).toBe("0");
    expect(maskAmountInput("00.5")).toBe("0.5");
    expect(maskAmountInput(".5")).toBe("0.5");
    expect(maskAmountInput("0100.10")).toBe("100.10");
  });

  it("property: the mask always gives digits with an optional decimal part, no leading zero, at most 10 characters", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789.,-e a".split("")), maxLength: 30 }),
        (raw) => {
          const masked = maskAmountInput(raw);
          expect(masked.length).toBeLessThanOrEqual(AMOUNT_INPUT_MAX_LENGTH);
          expect(masked).toMatch(/^(?:(?:0|[1-9]\d*)(?:\.\d*)?)?$/);
          // masking is idempotent: re-rendering the shown text does not change it
          expect(maskAmountInput(masked)).toBe(masked);
        },
      ),
    );
  });

  it("WR-04 WR-07 the input state tells whether the amount is in range and what the button shows", () => {
    expect(amountInputState("50", range)).toEqual({
      value: 5_000n,
      inRange: true,
      clamped: 5_000n,
    });
    expect(amountInputState("5", range)).toEqual({ value: 500n, inRange: false, clamped: 1_000n });
    expect(amountInputState("9000", range)).toEqual({
      value: 900_000n,
      inRange: false,
      clamped: 500_000n,
    });
    expect(amountInputState("", range)).toEqual({ value: null, inRange: false, clamped: 1_000n });
    expect(amountInputState("12.", range)).toEqual({
      value: 1_200n,
      inRange: true,
      clamped: 1_200n,
    });
  });

  it("WR-05 on blur an empty amount or one below min becomes min", () => {
    expect(amountOnBlur("", range)).toBe("10");
    expect(amountOnBlur("9.99", range)).toBe("10");
    expect(amountOnBlur("0", range)).toBe("10");
  });

  it("WR-06 on blur an amount above max becomes max, and one in range stays", () => {
    expect(amountOnBlur("5000.01", range)).toBe("5000");
    expect(amountOnBlur("12.5", range)).toBe("12.5");
    expect(amountOnBlur("12.50", range)).toBe("12.5");
  });

  it("clampAmount keeps values within [min, max]", () => {
    expect(clampAmount(5n, 10n, 20n)).toBe(10n);
    expect(clampAmount(25n, 10n, 20n)).toBe(20n);
    expect(clampAmount(15n, 10n, 20n)).toBe(15n);
  });
});
