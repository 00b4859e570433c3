import { describe, expect, it } from "vitest";
import { betRuleModal } from "./bet-events";

describe("bet rule events of the game-bets channel (GM-12)", () => {
  it("GM-12 game.bet.max.exceed opens max-bets with the bonus currency and maxBetAmount", () => {
    // The shape the bonus engine publishes (apps/server/src/modules/bonus/bonus-bets.ts).
    expect(
      betRuleModal({
        type: "game.bet.max.exceed",
        playerBonus: { id: "b1", currency: "EUR" },
        maxBetAmount: "5.00",
        betAmount: "7.00",
        gameId: 3,
      }),
    ).toEqual({ key: "max-bets", value: "5.00 EUR" });
    expect(
      betRuleModal({
        type: "game.bet.max.exceed",
        playerBonus: { currency: "BTC", maxBetAmount: 0.001 },
      }),
    ).toEqual({
      key: "max-bets",
      value: "0.001 BTC",
    });
  });

  it("GM-12 game.bet.restricted opens restricted-bets; other events open nothing", () => {
    expect(betRuleModal({ type: "game.bet.restricted", playerBonus: { currency: "EUR" } })).toEqual(
      {
        key: "restricted-bets",
        value: undefined,
      },
    );
    expect(betRuleModal({ type: "game.bet.settled" })).toBeNull();
    expect(betRuleModal(null)).toBeNull();
    expect(betRuleModal("game.bet.restricted")).toBeNull();
  });
});
