// Provider wallet calls of many players applied together (modules/game/wallet-batch.ts): calls
// that arrive together share database transactions, yet each gets the answer it would have had
// alone — refusals, replays, duplicates, limits and closed rounds included — and a fault that
// sinks a batch leaves the other calls' answers and the ledger whole.
import { ErrorCode } from "@casino/contract/errors";
import { ProviderWalletAnswer, ProviderWalletError } from "@casino/contract/game";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { onBetEvent } from "../src/modules/bonus/wagering";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { GAME_TEST_ENV, gamePlayer, providerCall, providerId } from "./game-helpers";
import { expectErrorBody, testDbKind } from "./helpers";
import { sandboxDeposit } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
});
afterAll(async () => app?.close());

type Response = Awaited<ReturnType<typeof providerCall>>;

function ok(response: Response) {
  expect(response.statusCode, response.body).toBe(200);
  return ProviderWalletAnswer.parse(response.json()).data;
}

function refused(response: Response, status: number, code: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(expectErrorBody(response.json()).error.code).toBe(code);
  return response.json() as { balance?: { balance: string } };
}

/** How many database transactions wrote these provider transactions' rows. */
async function transactionsThatWrote(ids: readonly string[]): Promise<number> {
  const [row] = await app.testDb.query<{ n: number }>(
    "SELECT count(DISTINCT xmin::text)::int AS n FROM game_transactions WHERE provider_tx_id = ANY($1::text[])",
    [ids],
  );
  return row!.n;
}

/** A win of `amount` in each player's round, all sent at once. */
const winEach = (
  group: readonly { token: string }[],
  rounds: readonly { roundId: string }[],
  amount: string,
) =>
  Promise.all(
    group.map((p, index) =>
      providerCall(app, "win", {
        token: p.token,
        transactionId: providerId("win"),
        roundId: rounds[index]!.roundId,
        amount,
        currency: "EUR",
      }),
    ),
  );

/** A player with `funds` real money and the WELCOME5 bonus active (5.00, at most 2.00 a bet). */
async function bonusPlayer(funds: string, game?: string) {
  const p = await gamePlayer(app, { funds, ...(game ? { game } : {}) });
  const code = await app.inject({
    method: "POST",
    url: "/api/game/bonuses/bonuscodes",
    headers: p.headers,
    payload: { bonusCode: "WELCOME5", trigger: 1 },
  });
  expect(code.json().data.status, code.body).toBe(2);
  return p;
}

const players = (count: number, funds = "100.00") =>
  Promise.all(Array.from({ length: count }, () => gamePlayer(app, { funds })));

describe("provider wallet batches", () => {
  it("BE-32 24 players' bets and wins sent at once share transactions and are each answered as alone", async () => {
    const group = await players(24);
    const calls = group.map((p, index) => ({
      p,
      roundId: providerId("round"),
      betId: providerId("bet"),
      winId: providerId("win"),
      win: index % 3 === 0 ? "3.50" : "0",
    }));
    const bets = await Promise.all(
      calls.map(({ p, roundId, betId }) =>
        providerCall(app, "bet", {
          token: p.token,
          transactionId: betId,
          roundId,
          amount: "2.00",
          currency: "EUR",
        }),
      ),
    );
    for (const bet of bets) expect(ok(bet)).toMatchObject({ balance: "98.00", replay: false });
    const wins = await Promise.all(
      calls.map(({ p, roundId, winId, win }) =>
        providerCall(app, "win", {
          token: p.token,
          transactionId: winId,
          roundId,
          amount: win,
          currency: "EUR",
        }),
      ),
    );
    wins.forEach((response, index) => {
      const expected = calls[index]!.win === "0" ? "98.00" : "101.50";
      expect(ok(response)).toMatchObject({ balance: expected, roundClosed: true });
    });
    // Fewer database transactions than calls: they went together.
    expect(await transactionsThatWrote(calls.map((item) => item.betId))).toBeLessThan(24);
    // A replay of a batched call gets its first answer.
    const again = ok(
      await providerCall(app, "bet", {
        token: calls[0]!.p.token,
        transactionId: calls[0]!.betId,
        roundId: calls[0]!.roundId,
        amount: "2.00",
        currency: "EUR",
      }),
    );
    expect(again).toMatchObject({ balance: "98.00", replay: true });
    // One settled event per round, and the wallet's new balance, for each player.
    for (const { p } of calls) {
      const [events] = await app.testDb.query<{ settled: number; wallet: number }>(
        `SELECT count(*) FILTER (WHERE payload->>'type' = 'game.bet.settled')::int AS settled,
                count(*) FILTER (WHERE payload->>'type' = 'wallet.account.updated')::int AS wallet
           FROM event_outbox WHERE channel LIKE '%' || $1 || '%'`,
        [p.tokens.profileId],
      );
      expect(events!.settled).toBe(1);
      expect(events!.wallet).toBeGreaterThanOrEqual(1);
    }
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 BE-34 one batch, every kind of answer: limit, funds, replay, duplicate, closed round, blocked account, zero win", async () => {
    const [plain, limited, poor, replayed, duplicated, closed, blocked, zero] = await players(8);
    const limit = await app.inject({
      method: "POST",
      url: "/api/player/limits",
      headers: limited!.headers,
      payload: { definition: 1, currency: "EUR", amount: "10", period: "daily" },
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const poorBet = { transactionId: providerId("bet"), roundId: providerId("round") };
    const earlier = { transactionId: providerId("bet"), roundId: providerId("round") };
    ok(await replayed!.bet("4.00", earlier));
    const reused = { transactionId: providerId("bet"), roundId: providerId("round") };
    ok(await duplicated!.bet("4.00", reused));
    const closedRound = await closed!.round("1.00", "0");
    const zeroRound = providerId("round");
    ok(await zero!.bet("5.00", { roundId: zeroRound }));
    await app.testDb.query("UPDATE players SET status = 3 WHERE id = $1", [
      blocked!.tokens.profileId,
    ]);

    const [a, b, c, d, e, f, g, h] = await Promise.all([
      plain!.bet("7.00"),
      limited!.bet("10.01"),
      poor!.bet("100.01", poorBet),
      replayed!.bet("4.00", earlier),
      duplicated!.bet("9.00", reused),
      closed!.bet("1.00", { roundId: closedRound.roundId }),
      blocked!.bet("1.00"),
      providerCall(app, "win", {
        token: zero!.token,
        transactionId: providerId("win"),
        roundId: zeroRound,
        amount: "0",
        currency: "EUR",
      }),
    ]);
    expect(ok(a!)).toMatchObject({ balance: "93.00", replay: false });
    expect(refused(b!, 400, ErrorCode.GameLimitReached).balance?.balance).toBe("100.00");
    expect(refused(c!, 400, ProviderWalletError.InsufficientFunds).balance?.balance).toBe("100.00");
    expect(ok(d!)).toMatchObject({ balance: "96.00", replay: true });
    refused(e!, 409, ProviderWalletError.Duplicate);
    refused(f!, 409, ProviderWalletError.RoundClosed);
    refused(g!, 403, ProviderWalletError.AccountDisabled);
    expect(ok(h!)).toMatchObject({ balance: "95.00", roundClosed: true, transactionId: null });

    // Refusals are kept: a retry answers the same and moves nothing.
    refused(await poor!.bet("100.01", poorBet), 400, ProviderWalletError.InsufficientFunds);
    refused(await limited!.bet("10.01"), 400, ErrorCode.GameLimitReached);
    expect((await poor!.balance()).balance).toBe("100.00");
    expect((await limited!.balance()).balance).toBe("100.00");
    expect((await duplicated!.balance()).balance).toBe("96.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 BE-34 bets of players with a loss limit or a bonus are checked together in a batch, as alone", async () => {
    // Limit usage sums ledger postings, stamped with the database's time: the app's clock too.
    const [clock] = await app.testDb.query<{ now: Date }>("SELECT now() AS now");
    app.clock.current = new Date(clock!.now.getTime());
    const limited = await players(6);
    for (const p of limited) {
      const limit = await app.inject({
        method: "POST",
        url: "/api/player/limits",
        headers: p.headers,
        payload: { definition: 2, currency: "EUR", amount: "20", period: "daily" },
      });
      expect(limit.statusCode, limit.body).toBe(201);
    }
    const bonused = await players(4, "0");
    const [welcome] = await app.testDb.query<{ id: number }>(
      "SELECT id FROM bonuses WHERE slug = 'welcome-1'",
    );
    // 50 EUR real and the welcome bonus's 50 EUR bonus money, wagered by the bets below.
    for (const p of bonused) await sandboxDeposit(app, p, "50", { bonusId: welcome!.id });
    const everyone = [...limited, ...bonused];
    const rounds = everyone.map(() => ({ roundId: providerId("round"), betId: providerId("bet") }));
    const bets = await Promise.all(
      everyone.map((p, index) =>
        p.bet("5.00", { roundId: rounds[index]!.roundId, transactionId: rounds[index]!.betId }),
      ),
    );
    for (const bet of bets) expect(ok(bet)).toMatchObject({ balance: "95.00" });
    // The limited players' bets shared transactions; each bonus bet was recorded with its split.
    expect(
      await transactionsThatWrote(rounds.slice(0, 6).map((round) => round.betId)),
    ).toBeLessThan(6);
    const [split] = await app.testDb.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM bonus_bets WHERE provider_tx_id = ANY($1::text[])",
      [rounds.slice(6).map((round) => round.betId)],
    );
    expect(split!.n).toBe(4);
    // Wins in rounds with bonus stakes follow the split (splitWins).
    const wins = await winEach(everyone, rounds, "2.00");
    for (const win of wins) expect(ok(win)).toMatchObject({ balance: "97.00", roundClosed: true });
    // 3 EUR lost of 20: a bet of 17.01 goes past the loss limit, refused in a batch as alone;
    // 17.00 still fits.
    const over = await Promise.all(limited.map((p) => p.bet("17.01")));
    for (const answer of over) {
      expect(refused(answer, 400, ErrorCode.GameLimitReached).balance?.balance).toBe("97.00");
    }
    const [limitEvents] = await app.testDb.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM event_outbox
        WHERE payload->>'type' = 'game.bet.limit.reached' AND channel = ANY($1::text[])`,
      [limited.map((p) => `game:bets#${p.tokens.profileId}`)],
    );
    expect(limitEvents!.n).toBe(6);
    const fits = await Promise.all(limited.map((p) => p.bet("17.00")));
    for (const answer of fits) expect(ok(answer)).toMatchObject({ balance: "80.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 BE-33 bonus players' bets and wins go together with the splits, refusals and events they get alone", async () => {
    const withCode = (game?: string) => bonusPlayer("1.00", game);
    const group = await Promise.all(Array.from({ length: 8 }, () => withCode()));
    const overMax = await withCode();
    const restricted = await withCode("pharaoh-spins");
    const rounds = group.map(() => ({
      roundId: providerId("round"),
      transactionId: providerId("bet"),
    }));
    const [bets, overAnswer, restrictedAnswer] = await Promise.all([
      Promise.all(group.map((p, index) => p.bet("2.00", rounds[index]))),
      overMax.bet("3.00"),
      restricted.bet("1.00"),
    ]);
    // 1.00 real first, then 1.00 of the bonus money.
    for (const bet of bets) {
      expect(ok(bet)).toMatchObject({ balance: "4.00", realBalance: "0.00", bonusBalance: "4.00" });
    }
    expect(refused(overAnswer, 400, ProviderWalletError.BonusMaxBetExceeded).balance?.balance).toBe(
      "6.00",
    );
    refused(restrictedAnswer, 400, ProviderWalletError.BonusGameRestricted);
    expect(await transactionsThatWrote(rounds.map((round) => round.transactionId))).toBeLessThan(8);
    const [split] = await app.testDb.query<{ n: number; real: string; bonus: string }>(
      `SELECT count(*)::int AS n, sum(real_amount)::text AS real, sum(bonus_amount)::text AS bonus
         FROM bonus_bets WHERE provider_tx_id = ANY($1::text[])`,
      [rounds.map((round) => round.transactionId)],
    );
    expect(split).toEqual({ n: 8, real: "800", bonus: "800" });
    // A 4.00 win follows the stake's split: 2.00 real, 2.00 back on the bonus.
    const wins = await winEach(group, rounds, "4.00");
    for (const win of wins) {
      expect(ok(win)).toMatchObject({ balance: "8.00", realBalance: "2.00", bonusBalance: "6.00" });
    }
    const [bonusBalances] = await app.testDb.query<{ balances: string[] }>(
      "SELECT array_agg(DISTINCT balance::text) AS balances FROM player_bonuses WHERE player_id = ANY($1::uuid[])",
      [group.map((p) => p.tokens.profileId)],
    );
    expect(bonusBalances!.balances).toEqual(["600"]);
    const [events] = await app.testDb.query<{ max: number; restricted: number }>(
      `SELECT count(*) FILTER (WHERE payload->>'type' = 'game.bet.max.exceed'
                                 AND channel = $1)::int AS max,
              count(*) FILTER (WHERE payload->>'type' = 'game.bet.restricted'
                                 AND channel = $2)::int AS restricted
         FROM event_outbox`,
      [`game:bets#${overMax.tokens.profileId}`, `game:bets#${restricted.tokens.profileId}`],
    );
    expect(events).toEqual({ max: 1, restricted: 1 });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  // PGlite has one connection: no transaction ever runs beside another there.
  it.runIf(testDbKind() === "pg")(
    "BE-33 counting a bonus player's wagering holds no lock that the player's next bet waits for, with real or bonus money",
    async () => {
      const p = await bonusPlayer("1.50");
      const { roundId } = await p.round("1.00", "0");
      await app.domainEvents.drain();
      const [row] = await app.testDb.query<{
        id: string;
        type: string;
        key: string;
        player_id: string | null;
        payload: Record<string, unknown>;
        created_at: Date;
      }>(
        `SELECT id::text AS id, type, key, player_id, payload, created_at FROM domain_events
          WHERE type = 'game.bet.settled' AND payload->>'providerRoundId' = $1`,
        [roundId],
      );
      const event = {
        id: row!.id,
        type: row!.type,
        key: row!.key,
        playerId: row!.player_id,
        payload: row!.payload,
        createdAt: row!.created_at,
      };
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let counted!: () => void;
      const handled = new Promise<void>((resolve) => {
        counted = resolve;
      });
      // The wagering consumer's handler in a dispatch transaction that stays open.
      const dispatch = app.testDb.transaction(async (tx) => {
        await onBetEvent(tx, { now: () => new Date() } as unknown as AppContext, event);
        counted();
        await gate;
      });
      try {
        await handled;
        // From another connection: the player's row and the bonus's row are free, and bets go
        // through at once, the first with the last real money, the second with bonus money.
        await app.testDb.query("SELECT id FROM players WHERE id = $1 FOR NO KEY UPDATE NOWAIT", [
          p.tokens.profileId,
        ]);
        await app.testDb.query(
          "SELECT id FROM player_bonuses WHERE player_id = $1 FOR NO KEY UPDATE NOWAIT",
          [p.tokens.profileId],
        );
        expect(ok(await p.bet("0.50"))).toMatchObject({
          realBalance: "0.00",
          bonusBalance: "5.00",
        });
        expect(ok(await p.bet("0.50"))).toMatchObject({
          realBalance: "0.00",
          bonusBalance: "4.50",
        });
      } finally {
        release();
        await dispatch;
      }
    },
  );

  it("BE-32 a fault that sinks a batch: the other calls are applied alone, the faulty one moves nothing", async () => {
    const group = await players(10);
    const faulty = `explode-${providerId("round")}`;
    await app.testDb.exec(`
      CREATE OR REPLACE FUNCTION test_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.provider_round_id LIKE 'explode-%' THEN
          RAISE EXCEPTION 'test fault';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_explode BEFORE INSERT ON game_rounds
        FOR EACH ROW EXECUTE FUNCTION test_explode();`);
    try {
      const answers = await Promise.all(
        group.map((p, index) => p.bet("6.00", index === 4 ? { roundId: faulty } : {})),
      );
      answers.forEach((response, index) => {
        if (index === 4) expect(response.statusCode).toBe(500);
        else expect(ok(response).balance).toBe("94.00");
      });
      expect((await group[4]!.balance()).balance).toBe("100.00");
    } finally {
      await app.testDb.exec(
        "DROP TRIGGER test_explode ON game_rounds; DROP FUNCTION test_explode();",
      );
    }
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 property: random concurrent bets, wins and replays of several players end where each player's calls in order would", async () => {
    const group = await players(5, "20.00");
    const model = group.map(() => 2000n);
    const operation = fc.record({
      player: fc.integer({ min: 0, max: group.length - 1 }),
      stake: fc.integer({ min: 1, max: 900 }),
      win: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2000 })),
      replays: fc.integer({ min: 0, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 4, maxLength: 16 }), async (operations) => {
        // Each player's rounds in order; players run side by side.
        await Promise.all(
          group.map(async (p, index) => {
            for (const op of operations.filter((item) => item.player === index)) {
              const roundId = providerId("round");
              const bet = {
                token: p.token,
                transactionId: providerId("bet"),
                roundId,
                amount: (op.stake / 100).toFixed(2),
                currency: "EUR",
              };
              const sent = await Promise.all(
                Array.from({ length: op.replays + 1 }, () => providerCall(app, "bet", bet)),
              );
              if (model[index]! < BigInt(op.stake)) {
                for (const answer of sent) {
                  refused(answer, 400, ProviderWalletError.InsufficientFunds);
                }
                continue;
              }
              model[index] = model[index]! - BigInt(op.stake);
              expect(sent.map(ok).filter((data) => !data.replay)).toHaveLength(1);
              const won = ok(
                await providerCall(app, "win", {
                  token: p.token,
                  transactionId: providerId("win"),
                  roundId,
                  amount: (op.win / 100).toFixed(2),
                  currency: "EUR",
                }),
              );
              model[index] = model[index]! + BigInt(op.win);
              expect(won.balance).toBe((Number(model[index]) / 100).toFixed(2));
            }
          }),
        );
        for (const [index, p] of group.entries()) {
          expect((await p.balance()).balance).toBe((Number(model[index]) / 100).toFixed(2));
        }
      }),
      { numRuns: 8 },
    );
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
