import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abs,
  add,
  compare,
  isNegative,
  isZero,
  max,
  min,
  negate,
  subtract,
  sum,
} from "./arithmetic";

describe("amount arithmetic", () => {
  it("adds, subtracts and compares bigint minor units", () => {
    expect(add(1050n, 250n)).toBe(1300n);
    expect(subtract(1050n, 2000n)).toBe(-950n);
    expect(sum([1n, 2n, 3n])).toBe(6n);
    expect(sum([])).toBe(0n);
    expect(compare(1n, 2n)).toBe(-1);
    expect(compare(2n, 2n)).toBe(0);
    expect(compare(3n, 2n)).toBe(1);
    expect([3n, 1n, 2n].sort(compare)).toEqual([1n, 2n, 3n]);
    expect(min(5n, -2n, 3n)).toBe(-2n);
    expect(max(5n, -2n, 30n)).toBe(30n);
    expect(negate(5n)).toBe(-5n);
    expect(abs(-5n)).toBe(5n);
    expect(isZero(0n)).toBe(true);
    expect(isNegative(-1n)).toBe(true);
  });

  it("refuses numbers (floats) at run time", () => {
    expect(() => add(1n, 0.1 as unknown as bigint)).toThrow(TypeError);
    expect(() => sum([1n, 2 as unknown as bigint])).toThrow(TypeError);
  });

  const amount = fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n });

  it("property: addition is associative and commutative, subtraction undoes it", () => {
    fc.assert(
      fc.property(amount, amount, amount, (a, b, c) => {
        expect(add(add(a, b), c)).toBe(add(a, add(b, c)));
        expect(add(a, b)).toBe(add(b, a));
        expect(subtract(add(a, b), b)).toBe(a);
        expect(subtract(subtract(a, b), c)).toBe(subtract(a, add(b, c)));
        expect(sum([a, b, c])).toBe(add(add(a, b), c));
      }),
    );
  });

  it("property: compare, min and max agree", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(compare(a, b) + compare(b, a)).toBe(0);
        expect(min(a, b)).toBe(compare(a, b) <= 0 ? a : b);
        expect(max(a, b)).toBe(compare(a, b) >= 0 ? a : b);
        expect(add(min(a, b), max(a, b))).toBe(add(a, b));
      }),
    );
  });
});
