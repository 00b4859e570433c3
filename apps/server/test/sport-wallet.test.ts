// The provider wallet API for a sportsbook (issue 25; docs/provider-wallet-api.md "Sports
// betting"): bets carrying their legs, settlement, void, cash-out, resettlement, bulk
// settlement, and rounds the stale-round closer leaves open. Both databases.
import { ProviderWalletError } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStaleRounds } from "../src/modules/game/close-stale-rounds";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer, providerCall, providerId, TEST_PROVIDER_SECRET } from "./game-helpers";
import { OPERATOR_TEST_ENV, operatorRequest, uniqueSlug } from "./operator-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const BOOK = "test-sportsbook";
const BOOK_GAME = "test-sportsbook-game";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    ...OPERATOR_TEST_ENV,
    GAME_PROVIDER_SECRETS: `${OPERATOR_TEST_ENV.GAME_PROVIDER_SECRETS},${BOOK}=${TEST_PROVIDER_SECRET}`,
  });
  const [provider] = await app.testDb.query<{ id: number }>(
    `INSERT INTO game_providers (slug, name, kind) VALUES ($1, 'Test Sportsbook', 'sportsbook')
     RETURNING id`,
    [BOOK],
  );
  await app.testDb.query(
    `INSERT INTO games (provider_id, code, slug, title) VALUES ($1, 'sportsbook', $2, 'Sports')`,
    [provider!.id, BOOK_GAME],
  );
});
afterAll(async () => app?.close());

const ctxOf = (target: PlayerTestApp) =>
  ({ db: target.testDb, now: target.clock.now, config: target.testConfig }) as Parameters<
    typeof closeStaleRounds
  >[0];

type Call = "balance" | "bet" | "win" | "rollback" | "resettle" | "bulk";
const book = (call: Call, body: Record<string, unknown>) =>
  // biome-ignore lint/suspicious/noExplicitAny: the helper names the four casino calls
  providerCall(app, call as any, body, { provider: BOOK });

/** A funded player with a session of the sportsbook. */
async function bettor(funds = "100.00") {
  const p = await gamePlayer(app, { funds, game: BOOK_GAME });
  const leg = (n: number, odds: string) => ({
    eventId: `ev-${n}`,
    event: `Home ${n} – Away ${n}`,
    sport: "football",
    league: "England. Premier League",
    startsAt: "2026-12-08T15:00:00.000Z",
    live: false,
    market: "1X2",
    selection: `Home ${n}`,
    odds,
  });
  const place = (
    stake: string,
    sportBet: Record<string, unknown>,
    ids: { transactionId?: string; roundId?: string } = {},
  ) => {
    const body = {
      token: p.token,
      transactionId: ids.transactionId ?? providerId("bet"),
      roundId: ids.roundId ?? providerId("sbet"),
      amount: stake,
      currency: p.currency,
      closeRound: false,
      sportBet,
    };
    return { body, response: book("bet", body) };
  };
  return { ...p, leg, place };
}

describe("round time-out per provider", () => {
  it("BE-32 a sportsbook's round older than 72 h stays open and settles later; a casino round is closed", async () => {
    const casino = await gamePlayer(app, { funds: "10.00" });
    const casinoRound = providerId("round");
    expect((await casino.bet("1.00", { roundId: casinoRound })).statusCode).toBe(200);
    const p = await bettor();
    const roundId = providerId("sbet");
    const placed = await book("bet", {
      token: p.token,
      transactionId: providerId("bet"),
      roundId,
      amount: "2.00",
      currency: "EUR",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    app.clock.advance(100 * 3600);
    expect(await closeStaleRounds(ctxOf(app))).toBeGreaterThanOrEqual(1);
    const late = await providerCall(app, "win", {
      token: casino.token,
      transactionId: providerId("win"),
      roundId: casinoRound,
      amount: "1.00",
      currency: "EUR",
    });
    expect(late.json().error.code).toBe(ProviderWalletError.RoundClosed);
    const won = await book("win", {
      token: p.token,
      transactionId: providerId("win"),
      roundId,
      amount: "5.00",
      currency: "EUR",
    });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data.realBalance).toBe("103.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("API-59 the operator reads and sets a provider's kind and round time-out", async () => {
    const created = await operatorRequest(app, "POST", "/api/operator/game-providers", {
      slug: uniqueSlug("book"),
      name: "Another Book",
      kind: "sportsbook",
    });
    expect(created.statusCode, created.body).toBe(201);
    const provider = created.json().data;
    expect(provider).toMatchObject({ kind: "sportsbook", roundTimeoutHours: null });
    const url = `/api/operator/game-providers/${provider.id}`;
    const patched = await operatorRequest(app, "PATCH", url, { roundTimeoutHours: 240 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ kind: "sportsbook", roundTimeoutHours: 240 });
    const bad = await operatorRequest(app, "PATCH", url, { roundTimeoutHours: -1, kind: "poker" });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["kind", "roundTimeoutHours"]);
    const read = await operatorRequest(app, "GET", url);
    expect(read.json().data.roundTimeoutHours).toBe(240);
  });
});

/** The sports bet of a provider round, with its legs, as sb-platform reads it. */
async function sportBet(roundId: string) {
  const [bet] = await app.testDb.query<{
    id: string;
    bet_type: string;
    system: string | null;
    total_odds: string;
    stake: string;
    potential_payout: string;
    payout: string;
    shortfall: string;
    status: string;
    settled_at: Date | null;
  }>(
    `SELECT s.id::text AS id, s.bet_type, s.system, s.total_odds::text AS total_odds,
            s.stake::text AS stake, s.potential_payout::text AS potential_payout,
            s.payout::text AS payout, s.shortfall::text AS shortfall, s.status, s.settled_at
       FROM sport_bets s JOIN game_rounds r ON r.id = s.round_id
      WHERE r.provider_round_id = $1`,
    [roundId],
  );
  if (!bet) return null;
  const legs = await app.testDb.query<{
    idx: number;
    event_id: string;
    odds: string;
    result: string | null;
  }>(
    `SELECT idx, event_id, odds::text AS odds, result FROM sport_bet_legs WHERE bet_id = $1 ORDER BY idx`,
    [bet.id],
  );
  const events = await app.testDb.query<{ key: string }>(
    `SELECT key FROM domain_events WHERE type = 'sport.bet.updated'
        AND payload ->> 'sportBetId' = $1 ORDER BY id`,
    [bet.id],
  );
  return { ...bet, legs, events: events.map((row) => row.key) };
}

/** The player's ledger entries by kind (minor units), to show each call moved money once. */
async function moves(account: { ledger: { real: bigint } }) {
  const rows = await app.testDb.query<{ kind: string; n: number; total: string }>(
    `SELECT t.kind, count(*)::int AS n, sum(e.amount)::text AS total
       FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE e.account_id = $1 GROUP BY t.kind ORDER BY t.kind`,
    [account.ledger.real.toString()],
  );
  return Object.fromEntries(rows.map((row) => [row.kind, { n: row.n, total: row.total }]));
}

/** Sends the same call 10 times at once: one answer may be first, all others are replays. */
async function tenTimes(call: Call, body: Record<string, unknown>) {
  const answers = await Promise.all(Array.from({ length: 10 }, () => book(call, body)));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  return answers.map((answer) => answer.json().data);
}

describe("sports bets", () => {
  it("BE-32 a single won and a 3-leg multiple lost: kept with their legs, settled once each under 10 concurrent replays", async () => {
    const p = await bettor("100.00");
    const single = p.place("10.00", {
      type: "single",
      totalOdds: "2.10",
      potentialPayout: "21.00",
      legs: [p.leg(1, "2.10")],
    });
    const placed = await single.response;
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.realBalance).toBe("90.00");
    // The bet replayed: the same answer, nothing stored twice.
    const again = await book("bet", single.body);
    expect(again.json().data).toMatchObject({ realBalance: "90.00", replay: true });
    // The same transaction id with another sports bet is another request.
    const other = await book("bet", {
      ...single.body,
      sportBet: { ...single.body.sportBet, totalOdds: "2.20" },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe(ProviderWalletError.Duplicate);
    expect(await sportBet(single.body.roundId)).toMatchObject({
      bet_type: "single",
      total_odds: "2.1000",
      stake: "1000",
      potential_payout: "2100",
      payout: "0",
      status: "open",
      settled_at: null,
      legs: [{ idx: 0, event_id: "ev-1", odds: "2.1000", result: null }],
    });

    const multiple = p.place("5.00", {
      type: "multiple",
      totalOdds: "5.2500",
      potentialPayout: "26.25",
      legs: [p.leg(2, "1.50"), p.leg(3, "2.00"), p.leg(4, "1.75")],
    });
    expect((await multiple.response).statusCode).toBe(200);

    const winBody = {
      token: p.token,
      transactionId: providerId("win"),
      roundId: single.body.roundId,
      amount: "21.00",
      currency: "EUR",
      closeRound: true,
      settlement: { status: "won", legs: [{ result: "won" }] },
    };
    const won = await tenTimes("win", winBody);
    expect(won.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(new Set(won.map((answer) => answer.realBalance))).toEqual(new Set(["106.00"]));
    const lostBody = {
      token: p.token,
      transactionId: providerId("win"),
      roundId: multiple.body.roundId,
      amount: "0",
      currency: "EUR",
      settlement: {
        status: "lost",
        legs: [{ result: "won" }, { result: "lost" }, { result: "won" }],
      },
    };
    const lost = await tenTimes("win", lostBody);
    expect(lost.filter((answer) => !answer.replay)).toHaveLength(1);
    // A settled bet takes no more wins (15007) and its stake cannot be rolled back (15008).
    const late = await book("win", { ...winBody, transactionId: providerId("win") });
    expect(late.json().error.code).toBe(ProviderWalletError.RoundClosed);
    const rollback = await book("rollback", {
      token: p.token,
      transactionId: providerId("rb"),
      referenceTransactionId: single.body.transactionId,
      roundId: single.body.roundId,
      closeRound: true,
    });
    expect(rollback.statusCode).toBe(409);
    expect(rollback.json().error.code).toBe(ProviderWalletError.RollbackAfterWin);

    const settledSingle = await sportBet(single.body.roundId);
    expect(settledSingle).toMatchObject({ status: "won", payout: "2100" });
    expect(settledSingle!.settled_at).not.toBeNull();
    expect(settledSingle!.legs.map((leg) => leg.result)).toEqual(["won"]);
    expect(settledSingle!.events).toHaveLength(2);
    const settledMultiple = await sportBet(multiple.body.roundId);
    expect(settledMultiple).toMatchObject({ bet_type: "multiple", status: "lost", payout: "0" });
    expect(settledMultiple!.legs.map((leg) => leg.result)).toEqual(["won", "lost", "won"]);
    expect(settledMultiple!.events).toHaveLength(2);
    expect(await moves(p.account)).toEqual({
      "game.bet": { n: 2, total: "-1500" },
      "game.win": { n: 1, total: "2100" },
      "payment.deposit": { n: 1, total: "10000" },
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 a void (the stake rolled back) and a cash-out, each once under 10 concurrent replays", async () => {
    const p = await bettor("50.00");
    const postponed = p.place("4.00", {
      type: "single",
      totalOdds: "3.00",
      potentialPayout: "12.00",
      legs: [p.leg(5, "3.00")],
    });
    expect((await postponed.response).statusCode).toBe(200);
    const cashed = p.place("6.00", {
      type: "multiple",
      totalOdds: "4.00",
      potentialPayout: "24.00",
      legs: [p.leg(6, "2.00"), p.leg(7, "2.00")],
    });
    expect((await cashed.response).statusCode).toBe(200);
    const voided = await tenTimes("rollback", {
      token: p.token,
      transactionId: providerId("rb"),
      referenceTransactionId: postponed.body.transactionId,
      roundId: postponed.body.roundId,
      closeRound: true,
    });
    expect(voided.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(voided[0]!.realBalance).toBe("44.00");
    const cashOut = await tenTimes("win", {
      token: p.token,
      transactionId: providerId("cash"),
      roundId: cashed.body.roundId,
      amount: "9.10",
      currency: "EUR",
      settlement: { status: "cashed_out" },
    });
    expect(cashOut.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(cashOut[0]!.realBalance).toBe("53.10");
    expect(await sportBet(postponed.body.roundId)).toMatchObject({ status: "void", payout: "400" });
    expect(await sportBet(cashed.body.roundId)).toMatchObject({
      status: "cashed_out",
      payout: "910",
    });
    expect(await moves(p.account)).toEqual({
      "game.bet": { n: 2, total: "-1000" },
      "game.rollback": { n: 1, total: "400" },
      "game.win": { n: 1, total: "910" },
      "payment.deposit": { n: 1, total: "5000" },
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 BE-34 a bad sports bet is a 422; a bet limit (13110) and self-exclusion (13111) refuse sports bets", async () => {
    const p = await bettor("100.00");
    const bad = await p.place("1.00", {
      type: "multiple",
      totalOdds: "1.00",
      potentialPayout: "x",
      legs: [{ ...p.leg(8, "1.001"), startsAt: "tomorrow" }],
    }).response;
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      "sportBet.legs",
      "sportBet.legs.0.odds",
      "sportBet.legs.0.startsAt",
      "sportBet.potentialPayout",
      "sportBet.totalOdds",
    ]);
    const tooMany = await p.place("1.00", {
      type: "multiple",
      totalOdds: "2.00",
      potentialPayout: "2.00",
      legs: Array.from({ length: 21 }, (_, n) => p.leg(n, "1.10")),
    }).response;
    expect(tooMany.statusCode).toBe(422);
    const limit = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: p.headers,
      payload: { definition: 1, currency: "EUR", amount: "10", period: "daily" },
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const single = {
      type: "single",
      totalOdds: "2.00",
      potentialPayout: "30.00",
      legs: [p.leg(9, "2.00")],
    };
    const over = await p.place("15.00", single).response;
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe(ProviderWalletError.LimitReached);
    const cooling = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: p.headers,
      payload: { definition: 5, days: 1 },
    });
    expect(cooling.statusCode, cooling.body).toBe(201);
    const excluded = p.place("1.00", { ...single, potentialPayout: "2.00" });
    const refused = await excluded.response;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(ProviderWalletError.PlayerExcluded);
    expect(await sportBet(excluded.body.roundId)).toBeNull();
    expect(refused.json().balance.realBalance).toBe("100.00");
  });
});

describe("resettlement and bulk", () => {
  const single = (p: Awaited<ReturnType<typeof bettor>>, n: number, odds = "3.00") => ({
    type: "single",
    totalOdds: odds,
    potentialPayout: "30.00",
    legs: [p.leg(n, odds)],
  });

  it("BE-32 a resettlement down and up moves the difference once; a debit the balance does not cover is booked as owed", async () => {
    const p = await bettor("20.00");
    const bet = p.place("10.00", single(p, 20));
    expect((await bet.response).statusCode).toBe(200);
    const { roundId } = bet.body;
    const resettle = (amount: string, status: string, transactionId = providerId("rs")) => ({
      token: p.token,
      transactionId,
      roundId,
      amount,
      currency: "EUR",
      settlement: { status, legs: [{ result: status === "won" ? "won" : "lost" }] },
    });
    // Not settled yet: a resettle is out of order.
    const early = await book("resettle", resettle("0", "lost"));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe(ProviderWalletError.RoundOpen);
    const won = await book("win", {
      token: p.token,
      transactionId: providerId("win"),
      roundId,
      amount: "30.00",
      currency: "EUR",
    });
    expect(won.json().data.realBalance).toBe("40.00");

    // Down: the result was wrong, the bet lost; the balance covers the 30.00 taken back.
    const down = await tenTimes("resettle", resettle("0", "lost"));
    expect(down.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(new Set(down.map((answer) => answer.realBalance))).toEqual(new Set(["10.00"]));
    expect(await sportBet(roundId)).toMatchObject({ status: "lost", payout: "0", shortfall: "0" });
    // Up again: won after all.
    const up = await tenTimes("resettle", resettle("30.00", "won"));
    expect(up.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(up[0]!.realBalance).toBe("40.00");

    // The player stakes 38.00 elsewhere; the bet is corrected to lost: 2.00 is all there is.
    const other = p.place("38.00", single(p, 21, "1.50"));
    expect((await other.response).json().data.realBalance).toBe("2.00");
    const uncovered = await tenTimes("resettle", resettle("0", "lost"));
    expect(uncovered.filter((answer) => !answer.replay)).toHaveLength(1);
    expect(uncovered[0]!.realBalance).toBe("0.00");
    const owing = await sportBet(roundId);
    expect(owing).toMatchObject({ status: "lost", payout: "0", shortfall: "2800" });
    const owedInLedger = async () => {
      const [row] = await app.testDb.query<{ total: string | null }>(
        `SELECT sum(e.amount)::text AS total
           FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
           JOIN ledger_transactions t ON t.id = e.transaction_id
          WHERE a.owner_kind = 'house' AND a.purpose = 'player_receivables'
            AND t.metadata ->> 'sportBetId' = $1`,
        [owing!.id],
      );
      return row?.total ?? null;
    };
    expect(await owedInLedger()).toBe("-2800");
    // Corrected back to won: the 28.00 owed is paid off first, the player gets the rest.
    const backBody = resettle("30.00", "won");
    const back = await book("resettle", backBody);
    expect(back.json().data.realBalance).toBe("2.00");
    expect(await sportBet(roundId)).toMatchObject({
      status: "won",
      payout: "3000",
      shortfall: "0",
    });
    expect(await owedInLedger()).toBe("0");
    // The same transaction id with another amount is another request (15005); nothing moves.
    const reused = await book("resettle", { ...backBody, amount: "31.00" });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe(ProviderWalletError.Duplicate);
    expect(await moves(p.account)).toEqual({
      "game.bet": { n: 2, total: "-4800" },
      "game.resettle": { n: 4, total: "0" },
      "game.win": { n: 1, total: "3000" },
      "payment.deposit": { n: 1, total: "2000" },
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 bulk: mixed good, bad and replayed items get one result each, in order; the bulk replayed changes nothing", async () => {
    const players = await Promise.all([bettor("30.00"), bettor("30.00"), bettor("30.00")]);
    const [a, b, c] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    const placed = async (p: typeof a, n: number) => {
      const bet = p.place("10.00", single(p, n));
      expect((await bet.response).statusCode).toBe(200);
      return bet.body;
    };
    const a1 = await placed(a, 30);
    const a2 = await placed(a, 31);
    const b1 = await placed(b, 32);
    const b2 = await placed(b, 35);
    const c1 = await placed(c, 33);
    const c2 = await placed(c, 34);
    const win = (bet: typeof a1, token: string, amount: string) => ({
      call: "win",
      body: {
        token,
        transactionId: providerId("win"),
        roundId: bet.roundId,
        amount,
        currency: "EUR",
      },
    });
    // Settled before the bulk: its item is a replay.
    const early = win(c2, c.token, "30.00");
    expect((await book("win", early.body)).statusCode).toBe(200);
    const items = [
      win(a1, a.token, "30.00"),
      win(b1, b.token, "0"),
      {
        call: "rollback",
        body: {
          token: c.token,
          transactionId: providerId("rb"),
          referenceTransactionId: c1.transactionId,
          roundId: c1.roundId,
          closeRound: true,
        },
      },
      { call: "win", body: { ...win(a2, a.token, "1").body, amount: "abc", extra: 1 } },
      win({ ...a2, roundId: "no-such-round" }, a.token, "1.00"),
      early,
      // Out of order: b2 is still open (and stays so).
      { call: "resettle", body: { ...win(b2, b.token, "5.00").body } },
      win(a2, a.token, "0"),
      { call: "resettle", body: { ...win(a1, a.token, "0").body, settlement: { status: "lost" } } },
    ];
    const bulk = await book("bulk", { items });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = bulk.json().data.results as {
      transactionId: string;
      status: number;
      data?: { realBalance: string; replay: boolean };
      error?: { code: number; fields?: Record<string, string[]> };
    }[];
    expect(results.map((result) => result.transactionId)).toEqual(
      items.map((item) => item.body.transactionId),
    );
    expect(results.map((result) => result.status)).toEqual([
      200, 200, 200, 422, 404, 200, 409, 200, 200,
    ]);
    expect(Object.keys(results[3]!.error!.fields!).sort()).toEqual(["amount", "extra"]);
    expect(results[4]!.error!.code).toBe(ProviderWalletError.UnknownTransaction);
    expect(results[5]!.data!.replay).toBe(true);
    expect(results[6]!.error!.code).toBe(ProviderWalletError.RoundOpen);
    // a: 10 - 10 + 30 (won), the second lost, then the first resettled to lost.
    expect(results[8]!.data!.realBalance).toBe("10.00");
    expect(await sportBet(c1.roundId)).toMatchObject({ status: "void", payout: "1000" });
    expect(await sportBet(a1.roundId)).toMatchObject({ status: "lost", payout: "0" });
    const before = await Promise.all(players.map((p) => moves(p.account)));

    const again = await book("bulk", { items });
    expect(again.statusCode).toBe(200);
    const replayed = again.json().data.results as typeof results;
    expect(replayed.map((result) => result.status)).toEqual(results.map((result) => result.status));
    for (const [index, result] of replayed.entries()) {
      if (result.status === 200) {
        expect(result.data).toEqual({ ...results[index]!.data, replay: true });
      }
    }
    expect(await Promise.all(players.map((p) => moves(p.account)))).toEqual(before);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 a bulk settling while the same and other players play casino rounds: each call answered as alone, the ledger clean", async () => {
    // 8 bettors with 3 open bets each; 4 of them also at a casino table, and 4 casino players
    // besides. The bulk (its own batches, yielding to the casino's) and the casino rounds run at
    // once: nothing waits forever, nothing is applied twice, every balance ends where each
    // player's calls in order would leave it.
    const bettors = await Promise.all(Array.from({ length: 8 }, () => bettor("30.00")));
    const bets = [];
    for (const [i, p] of bettors.entries()) {
      for (let k = 0; k < 3; k++) {
        const bet = p.place("5.00", single(p, 100 + i * 3 + k, "2.00"));
        expect((await bet.response).statusCode).toBe(200);
        bets.push({ p, body: bet.body, won: (i + k) % 2 === 0 });
      }
    }
    const tables = [
      ...(await Promise.all(
        bettors.slice(0, 4).map((p) => gamePlayer(app, { funds: "0", tokens: p.tokens })),
      )),
      ...(await Promise.all(Array.from({ length: 4 }, () => gamePlayer(app, { funds: "30.00" })))),
    ];
    const items = bets.map(({ p, body, won }) => ({
      call: "win",
      body: {
        token: p.token,
        transactionId: providerId("win"),
        roundId: body.roundId,
        amount: won ? "10.00" : "0",
        currency: "EUR",
        settlement: { status: won ? "won" : "lost", legs: [{ result: won ? "won" : "lost" }] },
      },
    }));
    const [bulk] = await Promise.all([
      book("bulk", { items }),
      // Each table: three rounds of 1.00, the second won 3.00.
      ...tables.map(async (table) => {
        for (let r = 0; r < 3; r++) await table.round("1.00", r === 1 ? "3.00" : "0");
      }),
    ]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = bulk.json().data.results as { status: number }[];
    expect(results.map((result) => result.status)).toEqual(items.map(() => 200));
    // A table's three rounds come out even (3 × 1.00 staked, 3.00 won).
    for (const p of bettors) {
      const won = bets.filter((bet) => bet.p === p && bet.won).length;
      const balance = await book("balance", { token: p.token });
      expect(balance.json().data.realBalance).toBe(((1500 + won * 1000) / 100).toFixed(2));
    }
    for (const table of tables.slice(4)) {
      expect((await table.balance()).realBalance).toBe("30.00");
    }
    for (const bet of bets) {
      expect(await sportBet(bet.body.roundId)).toMatchObject({
        status: bet.won ? "won" : "lost",
        payout: bet.won ? "1000" : "0",
      });
    }
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 bulk refuses an empty or oversized list and a body over 1 MiB", async () => {
    const empty = await book("bulk", { items: [] });
    expect(empty.statusCode).toBe(422);
    const item = { call: "win", body: { transactionId: "x" } };
    const tooMany = await book("bulk", { items: Array.from({ length: 1001 }, () => item) });
    expect(tooMany.statusCode).toBe(422);
    const padded = { call: "win", body: { transactionId: "x", pad: "p".repeat(1100) } };
    const huge = await book("bulk", { items: Array.from({ length: 1000 }, () => padded) });
    expect(huge.statusCode).toBe(413);
  });
});
