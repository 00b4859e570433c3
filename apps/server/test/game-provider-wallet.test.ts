// The provider wallet API (docs/provider-wallet-api.md; DESIGN.md "Games and sportsbook"):
// signing, balance, bet, win, rollback, every coded error, idempotency under a replay storm,
// out-of-order rollbacks and tombstones, limits at the moment money moves, one settled event
// per bet, and a clean ledger afterwards.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ErrorCode } from "@casino/contract/errors";
import {
  type GameBetLimitReachedEvent,
  ProviderWalletAnswer,
  ProviderWalletError,
} from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../src/modules/game/provider-signature";
import { postInTransaction } from "../src/modules/wallet/ledger";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { walletRepository } from "../src/modules/wallet/repository";
import {
  GAME_TEST_ENV,
  type ProviderAction,
  providerCall,
  providerId,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
} from "./game-helpers";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

const PROVIDER = TEST_PROVIDER;
const SECRET = TEST_PROVIDER_SECRET;

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(GAME_TEST_ENV);
});
afterAll(async () => app?.close());

const id = providerId;

type Action = ProviderAction;

/** A signed provider call, as a studio sends it. */
const call = (
  action: Action,
  body: Record<string, unknown>,
  options: Parameters<typeof providerCall>[3] = {},
) => providerCall(app, action, body, options);

function ok(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(200);
  return ProviderWalletAnswer.parse(response.json()).data;
}

function refused(
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
  code: number,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = expectErrorBody(response.json());
  expect(body.error.code).toBe(code);
  return response.json() as { error: { code: number }; balance?: { balance: string } };
}

/** A signed-in EUR player with `funds` on the real balance and a launched real-money session. */
async function player(funds = "100.00", game = "gold-rush") {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "BR" };
  // The first read opens the player's account in their currency.
  const accounts = await app.inject({ url: "/api/wallet/accounts", headers });
  expect(accounts.statusCode).toBe(200);
  const wallets = walletRepository(app.testDb);
  const account = (await wallets.findByCurrency(tokens.profileId, "EUR"))!;
  const minor = BigInt(funds.replace(".", ""));
  if (minor > 0n) {
    const house = await wallets.houseAccount("deposits", "EUR");
    await postInTransaction(app.testDb, [
      {
        key: `test-fund-${account.id}`,
        kind: "payment.deposit",
        legs: [
          { account: house, currency: "EUR", amount: -minor },
          { account: account.ledger.real, currency: "EUR", amount: minor },
        ],
      },
    ]);
  }
  const launch = await app.inject({
    method: "POST",
    url: `/api/game/games/${game}/play`,
    headers,
    payload: { mode: "real" },
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const token = launch.json().data.token as string;
  const bet = (amount: string, extra: Record<string, unknown> = {}) =>
    call("bet", {
      token,
      transactionId: id("bet"),
      roundId: id("round"),
      amount,
      currency: "EUR",
      ...extra,
    });
  const events = async () =>
    (
      await app.testDb.query<{ payload: { type: string; bet: Record<string, unknown> } }>(
        "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
        [`game:bets#${tokens.profileId}`],
      )
    ).map((row) => row.payload);
  const balance = async () => ok(await call("balance", { token })).balance;
  return { tokens, headers, token, account, bet, events, balance };
}

describe("provider wallet API", () => {
  it("BE-32 balance answers real + bonus in the session's currency and the opaque player id", async () => {
    const p = await player("25.00");
    const data = ok(await call("balance", { token: p.token }));
    expect(data).toEqual({
      currency: "EUR",
      balance: "25.00",
      realBalance: "25.00",
      bonusBalance: "0.00",
      playerId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The opaque player id: not the platform's id, the same in every session of the player.
    expect(data.playerId).not.toContain(p.tokens.profileId);
    const again = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      payload: { mode: "real" },
    });
    const second = ok(await call("balance", { token: again.json().data.token }));
    expect(second.playerId).toBe(data.playerId);
  });

  it("BE-32 a round: bet, win, close; one game.bet.settled event; ledger kinds game.bet and game.win", async () => {
    const p = await player("50.00");
    const roundId = id("round");
    const bet = ok(
      await call("bet", {
        token: p.token,
        transactionId: id("bet"),
        roundId,
        amount: "10.00",
        currency: "EUR",
      }),
    );
    expect(bet.balance).toBe("40.00");
    expect(bet.roundClosed).toBe(false);
    const second = ok(
      await call("bet", {
        token: p.token,
        transactionId: id("bet"),
        roundId,
        amount: "2.50",
        currency: "EUR",
      }),
    );
    expect(second.balance).toBe("37.50");
    expect(await p.events()).toEqual([]);
    const win = ok(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId,
        amount: "30.00",
        currency: "EUR",
      }),
    );
    expect(win.balance).toBe("67.50");
    expect(win.roundClosed).toBe(true);
    const events = await p.events();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "game.bet.settled",
      bet: { betAmount: "12.50", winAmount: "30.00", currency: "EUR", status: 2 },
    });
    const kinds = await app.testDb.query<{ kind: string }>(
      `SELECT t.kind FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
       WHERE e.account_id = $1 ORDER BY t.id`,
      [p.account.ledger.real.toString()],
    );
    expect(kinds.map((row) => row.kind)).toEqual([
      "payment.deposit",
      "game.bet",
      "game.bet",
      "game.win",
    ]);
    // The closed round takes no more.
    refused(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
      409,
      ProviderWalletError.RoundClosed,
    );
    refused(
      await call("bet", {
        token: p.token,
        transactionId: id("bet"),
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
      409,
      ProviderWalletError.RoundClosed,
    );
  });

  it("BE-32 a lost round closes with a win of 0; a bet may close its round itself", async () => {
    const p = await player("10.00");
    const roundId = id("round");
    ok(
      await call("bet", {
        token: p.token,
        transactionId: id("bet"),
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
    );
    const loss = ok(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId,
        amount: "0",
        currency: "EUR",
      }),
    );
    expect(loss).toMatchObject({ balance: "9.00", transactionId: null, roundClosed: true });
    const single = ok(await p.bet("2.00", { closeRound: true }));
    expect(single.roundClosed).toBe(true);
    const events = await p.events();
    expect(events.map((event) => event.bet.status)).toEqual([3, 3]);
  });

  it("BE-32 error 15001: a missing, wrong, stale or other provider's signature is refused", async () => {
    const p = await player("1.00");
    const body = { token: p.token };
    refused(
      await call("balance", body, { secret: "x".repeat(40) }),
      401,
      ProviderWalletError.InvalidSignature,
    );
    const stale = Math.floor(app.clock.now().getTime() / 1000) - 301;
    refused(
      await call("balance", body, { timestamp: stale }),
      401,
      ProviderWalletError.InvalidSignature,
    );
    refused(
      await call("balance", body, { provider: "sandbox-live" }),
      401,
      ProviderWalletError.InvalidSignature,
    );
    const unsigned = await app.inject({
      method: "POST",
      url: `/api/game/wallet/${PROVIDER}/balance`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    refused(unsigned, 401, ProviderWalletError.InvalidSignature);
    // A body changed after signing.
    const timestamp = Math.floor(app.clock.now().getTime() / 1000);
    const tampered = await app.inject({
      method: "POST",
      url: `/api/game/wallet/${PROVIDER}/balance`,
      headers: {
        "content-type": "application/json",
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signProviderRequest(SECRET, timestamp, JSON.stringify(body)),
      },
      payload: JSON.stringify({ ...body, currency: "EUR" }),
    });
    refused(tampered, 401, ProviderWalletError.InvalidSignature);
  });

  it("BE-32 error 15002: unknown tokens, demo tokens and ended sign-in sessions", async () => {
    refused(
      await call("balance", { token: "no-such-token-0123456789" }),
      401,
      ProviderWalletError.InvalidToken,
    );
    const demo = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      payload: { mode: "demo" },
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json().data.mode).toBe("demo");
    refused(
      await call("balance", { token: demo.json().data.token }),
      401,
      ProviderWalletError.InvalidToken,
    );
    const p = await player("5.00");
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: { authorization: `Bearer ${p.tokens.accessToken}` },
    });
    expect(logout.statusCode).toBe(200);
    refused(await p.bet("1.00"), 401, ProviderWalletError.InvalidToken);
    // The session's token is not another game's.
    const other = await player("5.00");
    refused(
      await other.bet("1.00", { gameCode: "ocean-gems" }),
      401,
      ProviderWalletError.InvalidToken,
    );
  });

  it("BE-32 error 15003: insufficient funds carries the balance; its retry gets the same answer", async () => {
    const p = await player("3.00");
    const transactionId = id("bet");
    const body = {
      token: p.token,
      transactionId,
      roundId: id("round"),
      amount: "5.00",
      currency: "EUR",
    };
    const first = refused(await call("bet", body), 400, ProviderWalletError.InsufficientFunds);
    expect(first.balance?.balance).toBe("3.00");
    const again = refused(await call("bet", body), 400, ProviderWalletError.InsufficientFunds);
    expect(again).toEqual(first);
    expect(await p.balance()).toBe("3.00");
  });

  it("BE-32 error 15004: a blocked account cannot bet", async () => {
    const p = await player("5.00");
    await app.testDb.query("UPDATE players SET status = 3 WHERE id = $1", [p.tokens.profileId]);
    refused(await p.bet("1.00"), 403, ProviderWalletError.AccountDisabled);
  });

  it("BE-32 error 15005: the same transaction id with other parameters is a duplicate", async () => {
    const p = await player("5.00");
    const transactionId = id("bet");
    const roundId = id("round");
    ok(
      await call("bet", {
        token: p.token,
        transactionId,
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
    );
    refused(
      await call("bet", {
        token: p.token,
        transactionId,
        roundId,
        amount: "2.00",
        currency: "EUR",
      }),
      409,
      ProviderWalletError.Duplicate,
    );
    refused(
      await call("win", {
        token: p.token,
        transactionId,
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
      409,
      ProviderWalletError.Duplicate,
    );
    expect(await p.balance()).toBe("4.00");
  });

  it("BE-32 error 15006: a win without a bet of this player in the round", async () => {
    const p = await player("5.00");
    refused(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId: id("round"),
        amount: "1.00",
        currency: "EUR",
      }),
      404,
      ProviderWalletError.UnknownTransaction,
    );
    // Another player's round.
    const other = await player("5.00");
    const roundId = id("round");
    ok(await other.bet("1.00", { roundId }));
    refused(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId,
        amount: "1.00",
        currency: "EUR",
      }),
      404,
      ProviderWalletError.UnknownTransaction,
    );
  });

  it("BE-32 error 15009: a currency other than the session's", async () => {
    const p = await player("5.00");
    refused(await p.bet("1.00", { currency: "USD" }), 400, ProviderWalletError.CurrencyMismatch);
  });

  it("BE-32 errors 15007/15008: no rollback of a bet once its round has a win", async () => {
    const p = await player("10.00");
    const roundId = id("round");
    const betId = id("bet");
    ok(
      await call("bet", {
        token: p.token,
        transactionId: betId,
        roundId,
        amount: "4.00",
        currency: "EUR",
      }),
    );
    ok(
      await call("win", {
        token: p.token,
        transactionId: id("win"),
        roundId,
        amount: "8.00",
        currency: "EUR",
        closeRound: false,
      }),
    );
    const refusal = refused(
      await call("rollback", {
        token: p.token,
        transactionId: id("rb"),
        referenceTransactionId: betId,
      }),
      409,
      ProviderWalletError.RollbackAfterWin,
    );
    expect(refusal.balance?.balance).toBe("14.00");
    expect(await p.balance()).toBe("14.00");
  });

  it("BE-32 rollback refunds a bet once (game.rollback), whatever the rollback ids", async () => {
    const p = await player("10.00");
    const betId = id("bet");
    const roundId = id("round");
    ok(
      await call("bet", {
        token: p.token,
        transactionId: betId,
        roundId,
        amount: "4.00",
        currency: "EUR",
      }),
    );
    const first = ok(
      await call("rollback", {
        token: p.token,
        transactionId: id("rb"),
        referenceTransactionId: betId,
      }),
    );
    expect(first.balance).toBe("10.00");
    const second = ok(
      await call("rollback", {
        token: p.token,
        transactionId: id("rb"),
        referenceTransactionId: betId,
      }),
    );
    expect(second).toMatchObject({ balance: "10.00", transactionId: null });
    const [count] = await app.testDb.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'game.rollback' AND metadata ->> 'betId' = $1",
      [betId],
    );
    expect(count!.n).toBe(1);
    // A single-request round (bet with closeRound) can be rolled back too: its status says so.
    const single = id("bet");
    ok(
      await call("bet", {
        token: p.token,
        transactionId: single,
        roundId: id("round"),
        amount: "1.00",
        currency: "EUR",
        closeRound: true,
      }),
    );
    ok(
      await call("rollback", {
        token: p.token,
        transactionId: id("rb"),
        referenceTransactionId: single,
      }),
    );
    const types = (await p.events()).map((event) => `${event.type}:${event.bet.status}`);
    expect(types).toEqual(["game.bet.settled:3", "game.bet.refunded:4"]);
    expect(await p.balance()).toBe("10.00");
  });

  it("BE-32 tombstone: a rollback before its bet refuses the late bet for good (15010)", async () => {
    const p = await player("10.00");
    const betId = id("bet");
    const rollback = ok(
      await call("rollback", {
        token: p.token,
        transactionId: id("rb"),
        referenceTransactionId: betId,
      }),
    );
    expect(rollback).toMatchObject({ balance: "10.00", transactionId: null });
    const late = {
      token: p.token,
      transactionId: betId,
      roundId: id("round"),
      amount: "4.00",
      currency: "EUR",
    };
    refused(await call("bet", late), 409, ProviderWalletError.TransactionCancelled);
    refused(await call("bet", late), 409, ProviderWalletError.TransactionCancelled);
    expect(await p.balance()).toBe("10.00");
  });

  it("BE-32 bad input answers 422 with fields, never 500", async () => {
    const p = await player("1.00");
    const cases: [Action, Record<string, unknown>, string][] = [
      [
        "bet",
        { token: p.token, transactionId: "x", roundId: "r", amount: "-1", currency: "EUR" },
        "amount",
      ],
      [
        "bet",
        { token: p.token, transactionId: "x", roundId: "r", amount: "1.001", currency: "EUR" },
        "amount",
      ],
      [
        "bet",
        { token: p.token, transactionId: "x", roundId: "r", amount: "0", currency: "EUR" },
        "amount",
      ],
      [
        "bet",
        { token: p.token, transactionId: "has space", roundId: "r", amount: "1", currency: "EUR" },
        "transactionId",
      ],
      ["bet", { token: p.token, roundId: "r", amount: "1", currency: "EUR" }, "transactionId"],
      [
        "win",
        { token: p.token, transactionId: "x", roundId: "r", amount: 1, currency: "EUR" },
        "amount",
      ],
      ["rollback", { token: p.token, transactionId: "x" }, "referenceTransactionId"],
      ["balance", { token: p.token, extra: true }, "extra"],
      ["balance", { token: 42 }, "token"],
    ];
    for (const [action, body, field] of cases) {
      const response = await call(action, body);
      expect(response.statusCode, `${action} ${JSON.stringify(body)} ${response.body}`).toBe(422);
      expect(Object.keys(expectErrorBody(response.json()).error.fields ?? {})).toContain(field);
    }
    const notJson = await call("balance", {}, { raw: "{not json" });
    expect(notJson.statusCode).toBe(400);
  });

  it("BE-32 replay storm: each transaction id sent 10 times at once moves money once and answers alike", async () => {
    const p = await player("100.00");
    const rounds = Array.from({ length: 8 }, () => ({
      roundId: id("round"),
      betId: id("bet"),
      winId: id("win"),
    }));
    const storm = async (action: Action, body: Record<string, unknown>) => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(action, body)));
      const data = answers.map(ok);
      expect(data.filter((item) => !item.replay)).toHaveLength(1);
      const first = data.find((item) => !item.replay)!;
      for (const item of data) expect({ ...item, replay: false }).toEqual(first);
      return first;
    };
    await Promise.all(
      rounds.map(async (round) => {
        await storm("bet", {
          token: p.token,
          transactionId: round.betId,
          roundId: round.roundId,
          amount: "5.00",
          currency: "EUR",
        });
        await storm("win", {
          token: p.token,
          transactionId: round.winId,
          roundId: round.roundId,
          amount: "2.00",
          currency: "EUR",
        });
      }),
    );
    expect(await p.balance()).toBe(`${String(100 - 8 * 5 + 8 * 2)}.00`);
    const [counts] = await app.testDb.query<{ bets: number; wins: number }>(
      `SELECT count(*) FILTER (WHERE t.kind = 'game.bet')::int AS bets,
              count(*) FILTER (WHERE t.kind = 'game.win')::int AS wins
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
        WHERE e.account_id = $1`,
      [p.account.ledger.real.toString()],
    );
    expect(counts).toEqual({ bets: 8, wins: 8 });
    expect(await p.events()).toHaveLength(8);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 out-of-order rollbacks: rollback before, with and after its bet, stormed, leave 0 double moves", async () => {
    const p = await player("100.00");
    const cases = Array.from({ length: 6 }, (_, index) => ({
      index,
      betId: id("bet"),
      rollbackId: id("rb"),
      roundId: id("round"),
    }));
    await Promise.all(
      cases.map(async (item) => {
        const bet = {
          token: p.token,
          transactionId: item.betId,
          roundId: item.roundId,
          amount: "3.00",
          currency: "EUR",
        };
        const rollback = {
          token: p.token,
          transactionId: item.rollbackId,
          referenceTransactionId: item.betId,
        };
        const sends = [
          ...Array.from({ length: 5 }, () => call("bet", bet)),
          ...Array.from({ length: 5 }, () => call("rollback", rollback)),
        ];
        if (item.index % 2 === 0) sends.reverse();
        const answers = await Promise.all(sends);
        for (const answer of answers) {
          // Either side may win the race: a bet after the tombstone is refused with 15010.
          if (answer.statusCode !== 200) {
            refused(answer, 409, ProviderWalletError.TransactionCancelled);
          }
        }
      }),
    );
    // Whatever the order, every bet is either refused or refunded: the balance is whole.
    expect(await p.balance()).toBe("100.00");
    const [moves] = await app.testDb.query<{ bets: number; rollbacks: number }>(
      `SELECT count(*) FILTER (WHERE t.kind = 'game.bet' AND t.status = 'applied')::int AS bets,
              count(*) FILTER (WHERE t.kind = 'game.rollback')::int AS rollbacks
         FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
        WHERE e.account_id = $1`,
      [p.account.ledger.real.toString()],
    );
    expect(moves!.bets).toBe(moves!.rollbacks);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 BE-34 limits: a bet limit and a cooling-off set through the limits API refuse bets (13110, 13111) and raise game.bet.limit.reached", async () => {
    const p = await player("100.00");
    const api = (method: "POST", url: string, payload: Record<string, unknown>) =>
      app.inject({ method, url, headers: p.headers, payload });
    const limit = await api("POST", "/api/player/limits", {
      definition: 1,
      currency: "EUR",
      amount: "10",
      period: "daily",
    });
    expect(limit.statusCode, limit.body).toBe(201);
    const overCall = { transactionId: id("bet"), roundId: id("round") };
    const over = refused(await p.bet("10.01", overCall), 400, ErrorCode.GameLimitReached);
    expect(over.balance?.balance).toBe("100.00");
    // The refusal is kept: a retry of the same id gets it again, and nothing moved.
    refused(await p.bet("10.01", overCall), 400, ErrorCode.GameLimitReached);
    ok(await p.bet("5.00"));
    const cooling = await api("POST", "/api/player/limits", { definition: 5, days: 1 });
    expect(cooling.statusCode, cooling.body).toBe(201);
    refused(await p.bet("1.00"), 400, ErrorCode.PlayerExcluded);
    // Each refusal told the site (game-limit-reached modal) what stopped play, once.
    const limitEvents = (await p.events()).filter(
      (event) => event.type === "game.bet.limit.reached",
    ) as unknown as GameBetLimitReachedEvent[];
    expect(limitEvents).toHaveLength(2);
    expect(limitEvents[0]).toMatchObject({
      code: ErrorCode.GameLimitReached,
      limit: {
        definition: 1,
        period: "daily",
        currency: "EUR",
        amount: "10.00",
        currentAmount: "0.00",
      },
    });
    expect(limitEvents[0]!.limit.until).toEqual(expect.any(String));
    expect(limitEvents[1]).toMatchObject({
      code: ErrorCode.PlayerExcluded,
      limit: { definition: 5 },
    });
    expect(ProviderWalletError.PlayerExcluded).toBe(ErrorCode.PlayerExcluded);
    // Launching during the cooling-off is refused too.
    const launch = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      payload: {},
    });
    expect(launch.statusCode).toBe(400);
    expect(launch.json().error.code).toBe(ErrorCode.PlayerExcluded);
    expect(await p.balance()).toBe("95.00");
  });

  it("BE-32 the game session expires for bets; wins of its rounds still settle", async () => {
    const p = await player("10.00");
    const roundId = id("round");
    ok(await p.bet("1.00", { roundId }));
    app.clock.advance(12 * 3600 + 1);
    try {
      refused(await p.bet("1.00"), 401, ProviderWalletError.InvalidToken);
      const win = ok(
        await call("win", {
          token: p.token,
          transactionId: id("win"),
          roundId,
          amount: "3.00",
          currency: "EUR",
        }),
      );
      expect(win.balance).toBe("12.00");
    } finally {
      app.clock.current = new Date(app.clock.current.getTime() - (12 * 3600 + 1) * 1000);
    }
  });

  it("BE-32 GAME_PROVIDER_SECRETS: slug=secret pairs of 32+ characters; the in-house key is generated when unset", () => {
    const base = { JWT_SECRET: "j".repeat(32), WEBHOOK_SECRET: "w".repeat(32) };
    const config = loadConfig(
      { ...base, GAME_PROVIDER_SECRETS: `a-studio=${"a".repeat(32)}, other=${"b".repeat(40)}` },
      { persistSecrets: false },
    );
    expect(config.gameProviderSecrets).toMatchObject({
      "a-studio": "a".repeat(32),
      other: "b".repeat(40),
    });
    expect(config.gameProviderSecrets.originals).toBe(config.secrets.gameSandboxSecret);
    expect(config.gameProviderSecrets.originals!.length).toBeGreaterThanOrEqual(32);
    const own = loadConfig(
      { ...base, GAME_PROVIDER_SECRETS: `originals=${"o".repeat(32)}` },
      { persistSecrets: false },
    );
    expect(own.gameProviderSecrets.originals).toBe("o".repeat(32));
    for (const bad of ["a-studio=short", "=x", `Bad_Slug=${"x".repeat(32)}`]) {
      expect(() =>
        loadConfig({ ...base, GAME_PROVIDER_SECRETS: bad }, { persistSecrets: false }),
      ).toThrow(ConfigError);
    }
  });

  it("BE-32 the signing example of docs/provider-wallet-api.md is what the server computes", async () => {
    const doc = readFileSync(
      path.resolve(import.meta.dirname, "../../../docs/provider-wallet-api.md"),
      "utf8",
    );
    const body = '{"token":"Qm9keU9mQVRva2VuMDEyMzQ1Njc4OQ","currency":"EUR"}';
    const signature = signProviderRequest(
      "test-secret-0123456789abcdef0123456789",
      1764000000,
      body,
    );
    expect(doc).toContain(`raw body   ${body}`);
    expect(doc).toContain(`X-Casino-Signature: ${signature}`);
  });

  it("BE-32 the OpenAPI document lists the player routes and the provider wallet calls", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const route of [
      "/api/game/games",
      "/api/game/games/{id}",
      "/api/game/games/{id}/play",
      "/api/game/games/{id}/favorite",
      "/api/game/games/favorites",
      "/api/game/games/played",
      "/api/game/spins",
      "/api/game/bets",
      "/api/game/spins/winners",
      "/api/game/wallet/{provider}/balance",
      "/api/game/wallet/{provider}/bet",
      "/api/game/wallet/{provider}/win",
      "/api/game/wallet/{provider}/rollback",
    ]) {
      expect(paths).toContain(route);
    }
  });

  it("BE-32 ledger:check finds a game transaction whose round is missing or another player's", async () => {
    const [a, b] = [await player("5.00"), await player("5.00")];
    const transactionId = id("bet");
    ok(
      await call("bet", {
        token: a.token,
        transactionId,
        roundId: id("round"),
        amount: "1.00",
        currency: "EUR",
      }),
    );
    const other = id("round");
    ok(
      await call("bet", {
        token: b.token,
        transactionId: id("bet"),
        roundId: other,
        amount: "1.00",
        currency: "EUR",
      }),
    );
    const [row] = await app.testDb.query<{ round_id: string; provider_id: number }>(
      "SELECT round_id::text AS round_id, provider_id FROM game_transactions WHERE provider_tx_id = $1",
      [transactionId],
    );
    const [theirs] = await app.testDb.query<{ id: string }>(
      "SELECT id::text AS id FROM game_rounds WHERE provider_round_id = $1",
      [other],
    );
    const pointAt = (roundId: string) =>
      app.testDb.query(
        "UPDATE game_transactions SET round_id = $1 WHERE provider_id = $2 AND provider_tx_id = $3",
        [roundId, row!.provider_id, transactionId],
      );
    const check = "game transactions belong to an existing round of their provider and player";
    try {
      for (const wrong of ["999999999", theirs!.id]) {
        await pointAt(wrong);
        expect(await checkLedger(app.testDb)).toEqual([
          {
            check,
            row: { provider_id: row!.provider_id, provider_tx_id: transactionId, round_id: wrong },
          },
        ]);
      }
    } finally {
      await pointAt(row!.round_id);
    }
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 the ledger is consistent after the whole suite", async () => {
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
