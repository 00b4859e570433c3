import type { PlayerLimit } from "@casino/contract/limits";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "./limit-rules";
import { activeBlock, depositStop, depositStopTexts, playBlockText } from "./play-blocks";

const now = new Date("2026-12-07T12:00:00Z");

function limit(fields: Partial<PlayerLimit>): PlayerLimit {
  return {
    limitId: "1",
    definition: 3,
    period: null,
    currency: null,
    amount: null,
    currentAmount: null,
    periodStartsAt: null,
    periodEndsAt: null,
    expiresAt: null,
    createdAt: "2026-12-01T00:00:00Z",
    pending: null,
    ...fields,
  };
}

const selfExclusion = limit({ definition: 4, expiresAt: "2027-06-07T09:43:07.349Z" });
const coolingOff = limit({ definition: 5, expiresAt: "2026-12-14T12:00:00Z" });
const dailyEur = limit({
  definition: 3,
  period: "daily",
  currency: "EUR",
  amount: "30.00",
  currentAmount: "30.00",
  periodEndsAt: "2026-12-07T23:00:00Z",
});

/** A t() that shows which key answered, with its variables filled in. */
const t = (key: string, fallback: string, vars: Record<string, string | number> = {}) =>
  `${key}: ${fallback.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name]))}`;
const date = (iso: string) => formatDateTime(iso, "de", "Europe/Berlin");
const money = (amount: string, code: string) => `${amount} ${code}`;

describe("what stops deposits and real play", () => {
  it("a self-exclusion or cooling-off is in force until it ends; an endless self-exclusion always", () => {
    expect(activeBlock([selfExclusion], now)).toEqual({
      kind: "self-exclusion",
      until: "2027-06-07T09:43:07.349Z",
    });
    expect(activeBlock([coolingOff], now)).toEqual({
      kind: "cooling-off",
      until: "2026-12-14T12:00:00Z",
    });
    expect(activeBlock([limit({ definition: 4, expiresAt: null })], now)).toEqual({
      kind: "self-exclusion",
      until: null,
    });
    expect(activeBlock([limit({ definition: 5, expiresAt: "2026-12-07T11:59:59Z" })], now)).toBe(
      null,
    );
    expect(activeBlock([dailyEur], now)).toBe(null);
  });

  it("a self-exclusion wins over a cooling-off, whatever the order", () => {
    expect(activeBlock([coolingOff, selfExclusion], now)?.kind).toBe("self-exclusion");
    expect(activeBlock([selfExclusion, coolingOff], now)?.kind).toBe("self-exclusion");
  });

  it("deposits: a block first (every currency), else the used-up deposit limit of the currency", () => {
    expect(depositStop([dailyEur, selfExclusion], "EUR", 100, now)?.kind).toBe("self-exclusion");
    expect(depositStop([coolingOff], "BTC", 100_000_000, now)?.kind).toBe("cooling-off");
    expect(depositStop([dailyEur], "EUR", 100, now)).toEqual({
      kind: "deposit-limit",
      period: "daily",
      amount: "30.00",
      currency: "EUR",
      until: "2026-12-07T23:00:00Z",
    });
    // Per currency (the spec): a used-up EUR limit does not stop USD; one with room stops nothing.
    expect(depositStop([dailyEur], "USD", 100, now)).toBe(null);
    expect(depositStop([{ ...dailyEur, currentAmount: "29.99" }], "EUR", 100, now)).toBe(null);
    // Bet and loss limits never stop deposits.
    expect(depositStop([{ ...dailyEur, definition: 1 }], "EUR", 100, now)).toBe(null);
  });

  it("of two used-up deposit limits, the one that opens last is named", () => {
    const monthly = {
      ...dailyEur,
      limitId: "2",
      period: "monthly" as const,
      periodEndsAt: "2026-12-31T23:00:00Z",
    };
    expect(depositStop([monthly, dailyEur], "EUR", 100, now)).toMatchObject({
      period: "monthly",
    });
    expect(depositStop([dailyEur, monthly], "EUR", 100, now)).toMatchObject({
      period: "monthly",
    });
  });

  it("each refusal has its own words, with the end in the player's locale and zone, never ISO", () => {
    const self = depositStopTexts(depositStop([selfExclusion], "EUR", 100, now), t, date, money);
    expect(self.title).toMatch(/^modals\.wallet\.selfExclusionTitle: /);
    expect(self.text).toBe(
      "modals.wallet.selfExclusionText: Deposits are not available during your self-exclusion, which lasts until 07.06.2027, 11:43.",
    );
    const endless = depositStopTexts({ kind: "self-exclusion", until: null }, t, date, money);
    expect(endless.text).toMatch(/^modals\.wallet\.selfExclusionEndless: /);

    const cooling = depositStopTexts(depositStop([coolingOff], "EUR", 100, now), t, date, money);
    expect(cooling.title).toMatch(/^modals\.wallet\.coolingOffTitle: /);
    expect(cooling.text).toContain("until 14.12.2026, 13:00");

    const daily = depositStopTexts(depositStop([dailyEur], "EUR", 100, now), t, date, money);
    expect(daily.title).toBe("modals.wallet.limitTitle: Deposit limit reached");
    expect(daily.text).toBe(
      "modals.wallet.limitDaily: You have reached your daily deposit limit of 30.00 EUR. You can deposit again from 08.12.2026, 00:00.",
    );
    const weekly = depositStopTexts(
      { kind: "deposit-limit", period: "weekly", amount: "5", currency: "EUR", until: null },
      t,
      date,
      money,
    );
    expect(weekly.text).toMatch(/^modals\.wallet\.limitText: /);
    expect(
      depositStopTexts(
        {
          kind: "deposit-limit",
          period: "weekly",
          amount: "5",
          currency: "EUR",
          until: now.toISOString(),
        },
        t,
        date,
        money,
      ).text,
    ).toMatch(/^modals\.wallet\.limitWeekly: .* 5 EUR\./);

    // 13100 with limits that do not say why: a neutral text, not the deposit-limit one.
    expect(depositStopTexts(null, t, date, money).title).toMatch(/^modals\.wallet\.stoppedTitle: /);

    for (const text of [self.text, cooling.text, daily.text]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    }
  });

  it("the game page names the block and its end", () => {
    const self = activeBlock([selfExclusion], now);
    expect(self && playBlockText(self, t, date)).toBe(
      "global-components.pages.games-id.selfExcluded: Real-money play is not available during your self-exclusion, until 07.06.2027, 11:43.",
    );
    expect(playBlockText({ kind: "self-exclusion", until: null }, t, date)).toMatch(
      /^global-components\.pages\.games-id\.selfExcludedEndless: /,
    );
    expect(playBlockText({ kind: "cooling-off", until: coolingOff.expiresAt }, t, date)).toMatch(
      /^global-components\.pages\.games-id\.coolingOff: .*until 14\.12\.2026, 13:00\.$/,
    );
  });

  it("dates fall back to the browser's zone when the profile's is unknown, never to ISO", () => {
    expect(formatDateTime("2027-06-07T09:43:07.349Z", "en", "Not/AZone")).not.toMatch(/T09:43/);
    expect(formatDateTime("2027-06-07T09:43:07.349Z", "de", "Europe/Berlin")).toBe(
      "07.06.2027, 11:43",
    );
  });
});
