import { describe, expect, it } from "vitest";
import { formatAmount, formatScaled } from "./format";

describe("formatAmount", () => {
  it("fixed mode writes every decimal of the currency", () => {
    expect(formatAmount(1050n, 100)).toBe("10.50");
    expect(formatAmount(1000n, 100)).toBe("10.00");
    expect(formatAmount(5n, 100)).toBe("0.05");
    expect(formatAmount(-5n, 100)).toBe("-0.05");
    expect(formatAmount(0n, 100)).toBe("0.00");
    expect(formatAmount(123n, 1)).toBe("123");
    expect(formatAmount(1n, 1e8)).toBe("0.00000001");
    expect(formatAmount(10n ** 18n, 1e18)).toBe("1.000000000000000000");
  });

  it("trim mode drops trailing zeros of the fraction, and the point with them", () => {
    expect(formatAmount(1050n, 100, { mode: "trim" })).toBe("10.5");
    expect(formatAmount(1000n, 100, { mode: "trim" })).toBe("10");
    expect(formatAmount(-100n, 100, { mode: "trim" })).toBe("-1");
    expect(formatAmount(0n, 1e8, { mode: "trim" })).toBe("0");
    expect(formatAmount(1n, 1e8, { mode: "trim" })).toBe("0.00000001");
  });

  it("refuses a number instead of bigint minor units", () => {
    expect(() => formatAmount(10 as unknown as bigint, 100)).toThrow(TypeError);
  });

  it("formatScaled places the point at any scale", () => {
    expect(formatScaled(12345n, 3)).toBe("12.345");
    expect(formatScaled(12300n, 3, "trim")).toBe("12.3");
    expect(formatScaled(-1n, 0)).toBe("-1");
  });
});
