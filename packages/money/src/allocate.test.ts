import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, split } from "./allocate";

describe("allocate and split", () => {
  it("splits into parts that add up exactly", () => {
    expect(split(100n, 3)).toEqual([34n, 33n, 33n]);
    expect(split(-100n, 3)).toEqual([-34n, -33n, -33n]);
    expect(split(2n, 4)).toEqual([1n, 1n, 0n, 0n]);
    expect(allocate(100n, [1, 1, 1])).toEqual([34n, 33n, 33n]);
    expect(allocate(5n, [3, 7])).toEqual([2n, 3n]); // 1.5 / 3.5: a tie goes to the earlier part
    expect(allocate(1000n, [70, 20, 10])).toEqual([700n, 200n, 100n]);
    expect(allocate(7n, [0, 1, 0])).toEqual([0n, 7n, 0n]);
    expect(allocate(0n, [1, 2])).toEqual([0n, 0n]);
  });

  it("refuses bad ratios and counts", () => {
    expect(() => allocate(1n, [])).toThrow(RangeError);
    expect(() => allocate(1n, [0, 0])).toThrow(RangeError);
    expect(() => allocate(1n, [1, -1])).toThrow(RangeError);
    expect(() => allocate(1n, [0.5, 0.5])).toThrow(RangeError);
    expect(() => split(1n, 0)).toThrow(RangeError);
  });

  it("property: parts sum exactly and each is within one minor unit of its exact share", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc
          .array(fc.bigInt({ min: 0n, max: 10n ** 6n }), { minLength: 1, maxLength: 12 })
          .filter((r) => r.some((x) => x > 0n)),
        (amount, ratios) => {
          const parts = allocate(amount, ratios);
          const total = ratios.reduce((a, b) => a + b, 0n);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(amount);
          parts.forEach((part, i) => {
            const error = part * total - amount * ratios[i]!;
            expect((error < 0n ? -error : error) < total).toBe(true);
            if (ratios[i] === 0n) expect(part).toBe(0n);
          });
        },
      ),
    );
  });

  it("property: split parts differ by at most one minor unit", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 1, max: 50 }),
        (amount, n) => {
          const parts = split(amount, n);
          expect(parts).toHaveLength(n);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(amount);
          const sorted = [...parts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(sorted.at(-1)! - sorted[0]! <= 1n).toBe(true);
        },
      ),
    );
  });
});
