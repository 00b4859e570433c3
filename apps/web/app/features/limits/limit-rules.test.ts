import { describe, expect, it } from "vitest";
import {
  activeBlock,
  blockBody,
  blockEnd,
  changeTiming,
  choiceFrom,
  choiceValue,
  existingCashLimit,
  formatDateTime,
  isCashLimit,
  limitUsage,
  sortLimits,
  updateBody,
} from "./limit-rules";

const cash = { period: "daily" as const, amount: "100.00" };

describe("limit rules", () => {
  it("LM-02 definitions 1-3 are cash limits, 4 and 5 blocks", () => {
    expect([1, 2, 3, 4, 5].map((definition) => isCashLimit({ definition } as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("LM-05 a lower amount in the same period applies at once; anything looser waits 24 h", () => {
    expect(changeTiming(cash, { period: "daily", amount: "50" }, 100)).toBe("immediate");
    expect(changeTiming(cash, { period: "daily", amount: "99.99" }, 100)).toBe("immediate");
    expect(changeTiming(cash, { period: "daily", amount: "100.01" }, 100)).toBe("delayed");
    // A period change waits even with a lower amount (a week holds more days than a day).
    expect(changeTiming(cash, { period: "weekly", amount: "50" }, 100)).toBe("delayed");
    expect(changeTiming(cash, { period: "monthly", amount: "100" }, 100)).toBe("delayed");
    expect(changeTiming(cash, { period: "daily", amount: "100" }, 100)).toBe("unchanged");
    expect(changeTiming(cash, { period: "daily", amount: "100." }, 100)).toBe("unchanged");
    expect(changeTiming(cash, { period: "daily", amount: "" }, 100)).toBe("unchanged");
    expect(changeTiming(cash, { period: "weekly", amount: "0" }, 100)).toBe("unchanged");
  });

  it("LM-01 usage: percent of the amount, capped at 100, reached at or above the amount", () => {
    expect(limitUsage({ amount: "100.00", currentAmount: "40.00" }, 100)).toEqual({
      percent: 40,
      reached: false,
    });
    expect(limitUsage({ amount: "100.00", currentAmount: "99.99" }, 100)).toEqual({
      percent: 99.9,
      reached: false,
    });
    expect(limitUsage({ amount: "100.00", currentAmount: "100.00" }, 100).reached).toBe(true);
    expect(limitUsage({ amount: "100.00", currentAmount: "250.00" }, 100)).toEqual({
      percent: 100,
      reached: true,
    });
    expect(limitUsage({ amount: null, currentAmount: null }, 100)).toEqual({
      percent: 0,
      reached: false,
    });
    expect(limitUsage({ amount: "0.01", currentAmount: "0.005" }, 100_000_000).percent).toBe(50);
  });

  it("orders blocks first, then deposit, bet and loss by currency and period", () => {
    const limit = (definition: number, currency: string | null, period: string | null) =>
      ({ definition, currency, period, createdAt: "2026-01-01T00:00:00Z" }) as never;
    const sorted = sortLimits([
      limit(2, "EUR", "daily"),
      limit(3, "USD", "daily"),
      limit(3, "EUR", "monthly"),
      limit(3, "EUR", "daily"),
      limit(1, "EUR", "weekly"),
      limit(4, null, null),
      limit(5, null, null),
    ]) as { definition: number; currency: string | null; period: string | null }[];
    expect(sorted.map((l) => `${l.definition}${l.currency ?? ""}${l.period ?? ""}`)).toEqual([
      "5",
      "4",
      "3EURdaily",
      "3EURmonthly",
      "3USDdaily",
      "1EURweekly",
      "2EURdaily",
    ]);
  });

  it("finds the cash limit a new one would clash with, and a block in force", () => {
    const limits = [
      { definition: 3, currency: "EUR", period: "daily" },
      { definition: 1, currency: "EUR", period: "weekly" },
    ] as never[];
    const wanted = { definition: 3, currency: "EUR", period: "daily" };
    expect(existingCashLimit(limits, wanted)).toBe(limits[0]);
    expect(existingCashLimit(limits, { ...wanted, period: "weekly" })).toBeUndefined();
    expect(existingCashLimit(limits, { ...wanted, currency: "USD" })).toBeUndefined();
    expect(activeBlock(limits)).toBeUndefined();
    expect(activeBlock([...limits, { definition: 5 }] as never[])).toEqual({ definition: 5 });
  });

  it("break and self-exclusion choices map to the POST bodies of the contract", () => {
    expect(blockBody(choiceFrom("cooling-off", "7"))).toEqual({ definition: 5, days: 7 });
    expect(blockBody(choiceFrom("cooling-off", "42"))).toEqual({ definition: 5, days: 42 });
    expect(blockBody(choiceFrom("cooling-off", "99"))).toEqual({ definition: 5, days: 1 });
    expect(blockBody(choiceFrom("self-exclusion", "12"))).toEqual({ definition: 4, months: 12 });
    expect(blockBody(choiceFrom("self-exclusion", "indefinite"))).toEqual({
      definition: 4,
      months: null,
    });
    expect(blockBody(choiceFrom("self-exclusion", "3"))).toEqual({ definition: 4, months: 6 });
    expect(choiceValue({ kind: "self-exclusion", months: null })).toBe("indefinite");
    expect(choiceValue({ kind: "cooling-off", days: 14 })).toBe("14");
  });

  it("a block's end: days for a break, calendar months for self-exclusion, none when indefinite", () => {
    const now = new Date("2026-08-31T10:00:00Z");
    expect(blockEnd({ kind: "cooling-off", days: 1 }, now)?.toISOString()).toBe(
      "2026-09-01T10:00:00.000Z",
    );
    expect(blockEnd({ kind: "cooling-off", days: 42 }, now)?.toISOString()).toBe(
      "2026-10-12T10:00:00.000Z",
    );
    expect(blockEnd({ kind: "self-exclusion", months: 6 }, now)?.toISOString()).toBe(
      "2027-02-28T10:00:00.000Z",
    );
    expect(blockEnd({ kind: "self-exclusion", months: 60 }, now)?.toISOString()).toBe(
      "2031-08-31T10:00:00.000Z",
    );
    expect(blockEnd({ kind: "self-exclusion", months: null }, now)).toBeNull();
  });

  it("the update body drops a trailing point; dates are localised", () => {
    expect(updateBody({ period: "weekly", amount: "12." })).toEqual({
      period: "weekly",
      amount: "12",
    });
    const iso = "2026-11-24T18:05:00Z";
    expect(formatDateTime(iso, "en", "UTC")).toMatch(/Nov 24, 2026.*6:05/);
    expect(formatDateTime(iso, "de", "UTC")).toMatch(/24\.11\.2026.*18:05/);
    expect(formatDateTime("not a date", "en")).toBe("not a date");
  });
});
