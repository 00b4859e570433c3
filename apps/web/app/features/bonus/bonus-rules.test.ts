import { describe, expect, it, vi } from "vitest";
import {
  BONUS_DEBOUNCE_MS,
  type BonusSelection,
  bonusAlertKey,
  bonusCodeAlert,
  bonusPreview,
  debounce,
  depositBonusFields,
  fitsAmount,
  initialSelection,
  isBonusDisabled,
  previewText,
  promoSubmitDisabled,
  realtimeAction,
  selectionAfterChange,
  wageringPercent,
  withoutItem,
} from "./bonus-rules";

const bonus = (id: number, minDeposit: string | null, maxDeposit: string | null) => ({
  id,
  minDeposit,
  maxDeposit,
});
// 10..5000, 20..2000, 50..∞
const LIST = [bonus(1, "10", "5000"), bonus(2, "20", "2000"), bonus(3, "50", null)];
const FIAT = { crypto: false, defaultDecline: false };
const CRYPTO = { crypto: true, defaultDecline: false };
const DECLINE = { crypto: false, defaultDecline: true };

const assign = {
  amountItems: [],
  baseCurrencyAmount: null,
  maxAmountItems: [],
  baseCurrencyMaxAmount: null,
  depositPercentage: null,
  presets: { quantity: null },
};

describe("deposit bonus selection", () => {
  it("DP-12 every selection is exactly one of bonus, declined, promo", () => {
    const amounts = ["0", "5", "10", "25", "60", "3000", "9000", ""];
    const kinds = new Set<string>();
    let current: BonusSelection = initialSelection(LIST, "25", FIAT);
    for (const options of [FIAT, CRYPTO, DECLINE]) {
      for (const amount of amounts) {
        for (const start of [
          current,
          { kind: "declined" } as const,
          { kind: "promo" } as const,
          { kind: "bonus", bonusId: 3 } as const,
        ]) {
          current = selectionAfterChange(start, LIST, amount, options);
          expect(["bonus", "declined", "promo"]).toContain(current.kind);
          kinds.add(current.kind);
        }
      }
    }
    expect(kinds).toEqual(new Set(["bonus", "declined", "promo"]));
  });

  it("DP-13 on entry the first bonus whose range fits the amount is preselected", () => {
    expect(initialSelection(LIST, "15", FIAT)).toEqual({ kind: "bonus", bonusId: 1 });
    expect(initialSelection(LIST, "6000", FIAT)).toEqual({ kind: "bonus", bonusId: 3 });
    expect(initialSelection(LIST, "5", FIAT)).toEqual({ kind: "declined" });
    expect(initialSelection([], "50", FIAT)).toEqual({ kind: "declined" });
  });

  it("CR-07 for crypto the first bonus is preselected regardless of amount and none is disabled", () => {
    expect(initialSelection(LIST, "", CRYPTO)).toEqual({ kind: "bonus", bonusId: 1 });
    expect(initialSelection(LIST, "1", CRYPTO)).toEqual({ kind: "bonus", bonusId: 1 });
    for (const item of LIST) expect(isBonusDisabled(item, "1", true)).toBe(false);
    expect(selectionAfterChange({ kind: "bonus", bonusId: 3 }, LIST, "1", CRYPTO)).toEqual({
      kind: "bonus",
      bonusId: 3,
    });
  });

  it("DP-14 with default-decline configured the bonus starts declined", () => {
    expect(initialSelection(LIST, "100", DECLINE)).toEqual({ kind: "declined" });
    expect(initialSelection(LIST, "", { crypto: true, defaultDecline: true })).toEqual({
      kind: "declined",
    });
  });

  it("DP-15 an amount change deselects a bonus that no longer fits: declined with default-decline, else the first fitting", () => {
    const chosen = { kind: "bonus", bonusId: 2 } as const;
    // Still fits: kept.
    expect(selectionAfterChange(chosen, LIST, "100", FIAT)).toEqual(chosen);
    // 15 is below bonus 2's 20: the first fitting (1) is chosen.
    expect(selectionAfterChange(chosen, LIST, "15", FIAT)).toEqual({ kind: "bonus", bonusId: 1 });
    // 3000 is above bonus 2's 2000: bonus 1 (up to 5000) fits first.
    expect(selectionAfterChange(chosen, LIST, "3000", FIAT)).toEqual({ kind: "bonus", bonusId: 1 });
    // Nothing fits: declined.
    expect(selectionAfterChange(chosen, LIST, "5", FIAT)).toEqual({ kind: "declined" });
    // Default-decline: declined, not another bonus.
    expect(selectionAfterChange(chosen, LIST, "15", DECLINE)).toEqual({ kind: "declined" });
    // The player's own decline or promo panel stays.
    expect(selectionAfterChange({ kind: "declined" }, LIST, "100", FIAT)).toEqual({
      kind: "declined",
    });
    expect(selectionAfterChange({ kind: "promo" }, LIST, "100", FIAT)).toEqual({ kind: "promo" });
    // A bonus that left the list is deselected too.
    expect(selectionAfterChange({ kind: "bonus", bonusId: 9 }, LIST, "100", FIAT)).toEqual({
      kind: "bonus",
      bonusId: 1,
    });
  });

  it("DP-16 a bonus is unavailable below minDeposit or above maxDeposit; disabled for non-crypto", () => {
    const item = bonus(1, "20", "2000");
    expect(fitsAmount(item, "19.99")).toBe(false);
    expect(fitsAmount(item, "20")).toBe(true);
    expect(fitsAmount(item, "2000.00")).toBe(true);
    expect(fitsAmount(item, "2000.01")).toBe(false);
    expect(fitsAmount(bonus(2, null, null), "0.01")).toBe(true);
    expect(fitsAmount(item, "")).toBe(false);
    expect(isBonusDisabled(item, "10", false)).toBe(true);
    expect(isBonusDisabled(item, "10", true)).toBe(false);
    expect(isBonusDisabled(item, "100", false)).toBe(false);
  });

  it("DP-17 bonus refreshes are debounced 500 ms: a burst of amounts gives one call with the last", () => {
    vi.useFakeTimers();
    try {
      expect(BONUS_DEBOUNCE_MS).toBe(500);
      const calls: string[] = [];
      const refresh = debounce((amount: string) => calls.push(amount), BONUS_DEBOUNCE_MS);
      refresh("1");
      vi.advanceTimersByTime(200);
      refresh("12");
      vi.advanceTimersByTime(499);
      refresh("125");
      vi.advanceTimersByTime(499);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(["125"]);
      refresh("130");
      refresh.cancel();
      vi.advanceTimersByTime(1000);
      expect(calls).toEqual(["125"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("DP-18 the deposit request carries the selected bonusId, or isBonusDecline = true when declined", () => {
    expect(depositBonusFields({ kind: "bonus", bonusId: 7 })).toEqual({
      bonusId: 7,
      isBonusDecline: false,
    });
    expect(depositBonusFields({ kind: "declined" })).toEqual({
      bonusId: null,
      isBonusDecline: true,
    });
    // The promo panel: no bonus chosen, not declined (a stored code applies at the deposit).
    expect(depositBonusFields({ kind: "promo" })).toEqual({ bonusId: null, isBonusDecline: false });
  });

  it("DP-21 the promo submit is disabled while busy or while the code is empty", () => {
    expect(promoSubmitDisabled("", false)).toBe(true);
    expect(promoSubmitDisabled("   ", false)).toBe(true);
    expect(promoSubmitDisabled("DEPOSIT50", true)).toBe(true);
    expect(promoSubmitDisabled("DEPOSIT50", false)).toBe(false);
  });
});

describe("bonus preview (cash + FS)", () => {
  const money = (code: string) => (amount: string) => `${amount} ${code}`;
  const upTo = (max: string) => `up to ${max}`;
  const none = { bonusAmount: null, maxBonusAmount: null };

  it("BN-13 type 1 cash, type 2 percent capped, type 3 free spins; cash with spins shows both", () => {
    const cash = {
      type: 1 as const,
      assignConditions: { ...assign, amountItems: [{ currency: "EUR", amount: "10" }] },
      freespins: null,
      ...none,
      bonusAmount: "10.00",
    };
    expect(previewText(bonusPreview(cash, "100"), money("EUR"), upTo)).toBe("10 EUR");
    const percent = {
      type: 2 as const,
      assignConditions: {
        ...assign,
        depositPercentage: "100",
        maxAmountItems: [{ currency: "EUR", amount: "200" }],
      },
      freespins: null,
      ...none,
      maxBonusAmount: "200.00",
    };
    expect(previewText(bonusPreview(percent, "50.5"), money("EUR"), upTo)).toBe("50.5 EUR");
    expect(previewText(bonusPreview(percent, "500"), money("EUR"), upTo)).toBe("200 EUR");
    const spins = {
      type: 3 as const,
      assignConditions: { ...assign, presets: { quantity: 50 } },
      freespins: null,
      ...none,
    };
    expect(previewText(bonusPreview(spins, "20"), money("EUR"), upTo)).toBe("50 FS");
    const both = {
      ...cash,
      freespins: {
        count: 20,
        gameId: 1,
        gameSlug: "fruit-lines",
        gameTitle: "Fruit Lines",
        betAmount: "0.2",
      },
    };
    expect(previewText(bonusPreview(both, "100"), money("EUR"), upTo)).toBe("10 EUR + 20 FS");
  });

  it("BN-13 amounts are the server's in the asked currency, never the base amount with another code (issue 31)", () => {
    // A 10 USD cash bonus in a BTC wallet: the server converted it (0.00010309 BTC).
    const cash = {
      type: 1 as const,
      assignConditions: { ...assign, baseCurrencyAmount: "10" },
      freespins: null,
      ...none,
      bonusAmount: "0.00010309",
    };
    expect(previewText(bonusPreview(cash, "", 8), money("BTC"), upTo)).toBe("0.00010309 BTC");
    // No converted amount: nothing to show rather than "10 BTC".
    expect(
      previewText(bonusPreview({ ...cash, bonusAmount: null }, "", 8), money("BTC"), upTo),
    ).toBe("");
    // A percentage without a deposit amount (crypto) shows its cap, in words.
    const percent = {
      type: 2 as const,
      assignConditions: { ...assign, depositPercentage: "100", baseCurrencyMaxAmount: "200" },
      freespins: null,
      ...none,
      maxBonusAmount: "0.00206185",
    };
    expect(previewText(bonusPreview(percent, "", 8), money("BTC"), upTo)).toBe(
      "up to 0.00206185 BTC",
    );
    // With a deposit, rounded down to the currency's decimals.
    expect(previewText(bonusPreview(percent, "0.00100001", 8), money("BTC"), upTo)).toBe(
      "0.00100001 BTC",
    );
    expect(
      previewText(
        bonusPreview(
          {
            ...percent,
            assignConditions: { ...percent.assignConditions, depositPercentage: "50" },
          },
          "0.00000003",
          8,
        ),
        money("BTC"),
        upTo,
      ),
    ).toBe("0.00000001 BTC");
  });
});

describe("player bonus status", () => {
  it("BN-06 realtime alerts are keyed status-result: 1-1, 2-1, 3-2, 3-3, 3-4", () => {
    for (const [status, result] of [
      [1, 1],
      [2, 1],
      [3, 2],
      [3, 3],
      [3, 4],
    ] as const) {
      expect(bonusAlertKey({ status, result }, "bonus")).toBe(`${status}-${result}`);
      expect(bonusAlertKey({ status, result }, "freespin")).toBe(`${status}-${result}`);
    }
    expect(bonusAlertKey({ status: 2, result: 2 }, "bonus")).toBeNull();
  });

  it("BN-07 3-5 lost raises an alert for bonuses only, never for free spins", () => {
    expect(bonusAlertKey({ status: 3, result: 5 }, "bonus")).toBe("3-5");
    expect(bonusAlertKey({ status: 3, result: 5 }, "freespin")).toBeNull();
  });

  it("BN-08 an issued or active item reloads the list; any other status removes it locally", () => {
    expect(realtimeAction({ status: 1 })).toBe("reload");
    expect(realtimeAction({ status: 2 })).toBe("reload");
    expect(realtimeAction({ status: 3 })).toBe("remove");
    expect(withoutItem([{ id: 1 }, { id: 2 }], 1)).toEqual([{ id: 2 }]);
  });

  it("BN-09 a burst of realtime updates gives one reload after 500 ms", () => {
    vi.useFakeTimers();
    try {
      const reload = vi.fn();
      const update = debounce(reload, BONUS_DEBOUNCE_MS);
      for (let i = 0; i < 10; i += 1) {
        update();
        vi.advanceTimersByTime(100);
      }
      expect(reload).not.toHaveBeenCalled();
      vi.advanceTimersByTime(400);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("BN-11 bonus code status 3 is an incorrect code and 4 not available; both raise an alert", () => {
    expect(bonusCodeAlert(3)).toBe("bonusCodeIncorrect");
    expect(bonusCodeAlert(4)).toBe("bonusCodeNotAvailable");
    expect(bonusCodeAlert(2)).toBeNull();
    expect(bonusCodeAlert(1)).toBeNull();
  });

  it("wagering progress is exact and capped at 100", () => {
    expect(wageringPercent({ wagered: "0", wagerTotal: "350" })).toBe(0);
    expect(wageringPercent({ wagered: "35", wagerTotal: "350" })).toBe(10);
    expect(wageringPercent({ wagered: "1", wagerTotal: "3" })).toBe(33.33);
    expect(wageringPercent({ wagered: "400", wagerTotal: "350" })).toBe(100);
    expect(wageringPercent({ wagered: "0", wagerTotal: "0" })).toBe(100);
  });
});
