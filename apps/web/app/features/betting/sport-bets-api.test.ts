import type { SportBet } from "@casino/contract/sport";
import { describe, expect, it } from "vitest";
import { updatedSportBet, withUpdatedBet } from "./sport-bets-api";

const bet = (id: string, status: SportBet["status"]): SportBet => ({
  id,
  type: "multiple",
  system: null,
  currency: "EUR",
  stake: "5.00",
  totalOdds: "5.25",
  potentialPayout: "26.25",
  payout: status === "won" ? "26.25" : "0.00",
  status,
  placedAt: "2026-12-07T14:00:00.000Z",
  settledAt: status === "open" ? null : "2026-12-07T15:00:00.000Z",
  legs: [
    {
      eventId: "ev-1",
      event: "Arsenal – Chelsea",
      sport: "football",
      league: "England. Premier League",
      startsAt: "2026-12-07T16:00:00.000Z",
      live: false,
      market: "1X2",
      selection: "Arsenal",
      odds: "2.10",
      result: status === "open" ? null : "won",
    },
  ],
});

describe("sports bets in the history", () => {
  it("reads only sport.bet.updated publications that carry a valid bet", () => {
    expect(updatedSportBet({ type: "sport.bet.updated", bet: bet("1", "won") })?.id).toBe("1");
    expect(updatedSportBet({ type: "game.bet.settled" })).toBeNull();
    expect(updatedSportBet({ type: "sport.bet.updated", bet: { id: 1 } })).toBeNull();
  });

  it("lays an update into the cards: replaced, new first, or gone from a list that no longer shows it", () => {
    const list = [bet("2", "open"), bet("1", "open")];
    const won = bet("1", "won");
    expect(withUpdatedBet(list, won, { filter: "all", firstPage: true })[1]).toEqual(won);
    expect(
      withUpdatedBet(list, won, { filter: "open", firstPage: true }).map((item) => item.id),
    ).toEqual(["2"]);
    const placed = bet("3", "open");
    expect(
      withUpdatedBet(list, placed, { filter: "all", firstPage: true }).map((item) => item.id),
    ).toEqual(["3", "2", "1"]);
    expect(withUpdatedBet(list, placed, { filter: "all", firstPage: false })).toBe(list);
    expect(withUpdatedBet(list, placed, { filter: "settled", firstPage: true })).toBe(list);
  });
});
