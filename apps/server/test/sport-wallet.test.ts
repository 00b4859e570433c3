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

type Call = "bet" | "win" | "rollback" | "resettle" | "bulk";
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
