// The in-house studio (modules/studio, README "In-house studio"): sessions from launch tokens,
// rounds of every game through the signed provider wallet API, refused bets, the retry job,
// idempotency, seeds and their reveal, the verifier's recomputation, platform free spins (paid
// only when the platform granted them), demo
// play that never touches the ledger, and a clean ledger afterwards.
import { createHash, randomBytes } from "node:crypto";
import { ProviderWalletError } from "@casino/contract/game";
import { StudioError } from "@casino/contract/studio";
import { replayRound } from "@casino/games/fairness-web";
import { playRound, type RoundParams, roundPayout } from "@casino/games/rounds";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../src/context";
import { issueBonus } from "../src/modules/bonus/issue-bonus";
import { signWalletBody } from "../src/modules/studio/platform-client";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer } from "./game-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ COUNTRY_HEADER: "x-test-country" });
});
afterAll(async () => app?.close());

const requestId = () => randomBytes(8).toString("hex");

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as JSON
type Json = Record<string, any>;

/** A studio session: real (a funded player's launch token) or demo. */
async function studioSession(
  game: string,
  options: { mode?: "real" | "demo"; funds?: string; gameSlug?: string } = {},
) {
  const mode = options.mode ?? "real";
  let token: string | undefined;
  let player: Awaited<ReturnType<typeof gamePlayer>> | null = null;
  if (mode === "real") {
    player = await gamePlayer(app, {
      funds: options.funds ?? "100.00",
      game: options.gameSlug ?? game,
    });
    token = player.token;
  }
  const opened = await app.inject({
    method: "POST",
    url: "/studio/api/sessions",
    payload: { gameCode: game, mode, ...(token ? { token } : {}) },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const session = opened.json().data as Json;
  const headers = { authorization: `Bearer ${session.sessionToken}` };
  const play = (body: Json) =>
    app.inject({
      method: "POST",
      url: "/studio/api/rounds",
      headers,
      payload: { game, requestId: requestId(), ...body },
    });
  const get = (url: string) => app.inject({ url, headers });
  return { session, headers, play, get, player, token };
}

/** The platform's own view of a studio round (its game round and wallet calls). */
async function platformRound(roundId: string) {
  const [round] = await app.testDb.query<{ bet: string; win: string; status: string }>(
    `SELECT bet_amount::text AS bet, win_amount::text AS win, status FROM game_rounds
      WHERE provider_round_id = $1`,
    [`studio:${roundId}`],
  );
  const calls = await app.testDb.query<{ kind: string; provider_tx_id: string }>(
    `SELECT t.kind, t.provider_tx_id FROM game_transactions t
       JOIN game_rounds r ON r.id = t.round_id WHERE r.provider_round_id = $1 ORDER BY t.created_at`,
    [`studio:${roundId}`],
  );
  return { round, calls };
}

async function ledgerTransactions(): Promise<number> {
  const [row] = await app.testDb.query<{ n: string }>(
    "SELECT count(*)::text AS n FROM ledger_transactions",
  );
  return Number(row!.n);
}

const cents = (text: string) => BigInt(text.replace(".", ""));

/** The player's wallet account as the site shows it. */
async function walletOf(headers: Record<string, string>) {
  const response = await app.inject({ url: "/api/wallet/accounts", headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data[0] as { withdrawalBalance: string; bonusBalance: string };
}

/**
 * `count` free spins of fruit-lines the platform grants the player (the seeded free-spins
 * bonus, issued and activated: the activation hands them to the studio); their freeSpinsId.
 */
async function platformGrant(
  p: { tokens: { profileId: string }; headers: Record<string, string> },
  count: number,
): Promise<string> {
  await app.testDb.query(
    `UPDATE bonuses SET assign_conditions = jsonb_build_object('presets',
       jsonb_build_object('quantity', $1::int)) WHERE slug = 'welcome-3'`,
    [count],
  );
  const [bonus] = await app.testDb.query<{ id: number }>(
    "SELECT id FROM bonuses WHERE slug = 'welcome-3'",
  );
  const ctx = { db: app.testDb, now: app.clock.now } as unknown as AppContext;
  const issued = await app.testDb.transaction((tx) =>
    issueBonus(tx, ctx, {
      playerId: p.tokens.profileId,
      bonusId: bonus!.id,
      currency: "EUR",
      source: `test:${requestId()}`,
    }),
  );
  expect(issued?.kind).toBe("freespins");
  const activated = await app.inject({
    method: "PUT",
    url: `/api/game/player-freespins/${issued!.id}/activate`,
    headers: p.headers,
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return `freespins-${issued!.id}`;
}

describe("in-house studio", () => {
  it("BE-32 GM-04 the originals launch URL opens the studio's play page with the token", async () => {
    const p = await gamePlayer(app, { game: "european-roulette", funds: "0" });
    const launch = await app.inject({
      method: "POST",
      url: "/api/game/games/european-roulette/play",
      headers: p.headers,
      payload: { mode: "real" },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const url = new URL(launch.json().data.url, "http://site");
    expect(url.pathname).toBe("/studio/play/roulette");
    expect(url.searchParams.get("mode")).toBe("real");
    expect(url.searchParams.get("currency")).toBe("EUR");
    expect(url.searchParams.get("token")).toBe(launch.json().data.token);
    // Its page: no inline scripts, calls to its own origin only, framed by the site alone.
    const page = await app.inject({ url: `${url.pathname}${url.search}` });
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("BE-32 the balance answer names the player with a stable opaque id per provider", async () => {
    const p = await gamePlayer(app, { game: "dice", funds: "5.00" });
    const first = await app.inject({
      method: "POST",
      url: "/studio/api/sessions",
      payload: { gameCode: "dice", mode: "real", token: p.token },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ mode: "real", currency: "EUR", balance: "5.00" });
    const rows = await app.testDb.query<{ player_ref: string }>(
      "SELECT player_ref FROM studio_sessions",
    );
    const refs = rows.map((row) => row.player_ref);
    expect(refs.some((ref) => ref.includes(p.tokens.profileId))).toBe(false);
  });

  const realRounds: [string, string, Json, string][] = [
    ["dice", "dice", { amount: "2.00", target: 5000, direction: "under" }, "2.00"],
    ["limbo", "limbo", { amount: "1.50", target: 200 }, "1.50"],
    [
      "roulette",
      "european-roulette",
      {
        chips: [
          { kind: "red", amount: "1.00" },
          { kind: "straight", at: [17], amount: "0.50" },
          { kind: "split", at: [0, 3], amount: "0.25" },
        ],
      },
      "1.75",
    ],
    ["baccarat", "baccarat", { amount: "3.00", bet: "banker" }, "3.00"],
    ["slot", "fruit-lines", { lineBet: "0.10" }, "1.00"],
  ];
  for (const [game, slug, body, stake] of realRounds) {
    it(`BE-32 a real ${game} round: bet and win through the wallet API, balance moves by payout − stake`, async () => {
      const s = await studioSession(game, { gameSlug: slug, funds: "50.00" });
      const response = await s.play(body);
      expect(response.statusCode, response.body).toBe(200);
      const { round, balance } = response.json().data as Json;
      expect(round).toMatchObject({ game, mode: "real", state: "settled", stake, currency: "EUR" });
      expect(cents(balance)).toBe(cents("50.00") - cents(stake) + cents(round.payout));
      const seen = await s.get("/studio/api/session");
      expect(seen.json().data.balance).toBe(balance);
      const platform = await platformRound(round.id);
      expect(platform.round).toEqual({
        bet: cents(stake).toString(),
        win: cents(round.payout).toString(),
        status: "closed",
      });
      expect(platform.calls.map((call) => call.kind)).toEqual(["bet", "win"]);
      expect(platform.calls[0]!.provider_tx_id).toBe(`studio:${round.id}:bet`);
    });
  }

  it("a demo round moves the studio's play money and never touches the ledger or the wallet", async () => {
    const before = await ledgerTransactions();
    const original = app.studio.platform.fetch;
    let walletCalls = 0;
    app.studio.platform.fetch = async (input, init) => {
      walletCalls++;
      return original(input, init);
    };
    try {
      await demoRounds();
    } finally {
      app.studio.platform.fetch = original;
    }
    expect(walletCalls).toBe(0);
    expect(await ledgerTransactions()).toBe(before);
  });

  async function demoRounds() {
    const s = await studioSession("dice", { mode: "demo" });
    expect(s.session).toMatchObject({ mode: "demo", currency: "FUN", balance: "1000.00" });
    const response = await s.play({ amount: "10.00", target: 5000, direction: "over" });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance } = response.json().data as Json;
    expect(round).toMatchObject({ mode: "demo", state: "settled" });
    expect(cents(balance)).toBe(cents("1000.00") - 1000n + cents(round.payout));
    const slot = await studioSession("slot", { mode: "demo" });
    expect((await slot.play({ lineBet: "1.00" })).statusCode).toBe(200);
    const tooMuch = await s.play({ amount: "5000.00", target: 5000, direction: "over" });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe(StudioError.DemoInsufficientFunds);
    const [calls] = await app.testDb.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM game_rounds WHERE provider_round_id = $1",
      [`studio:${round.id}`],
    );
    expect(calls!.n).toBe("0");
  }

  it("BE-32 refused bets come back as clear messages: insufficient funds (15003), limit (13110), excluded (13111), ended session (15002)", async () => {
    const s = await studioSession("dice", { funds: "5.00" });
    const poor = await s.play({ amount: "6.00", target: 5000, direction: "under" });
    expect(poor.statusCode, poor.body).toBe(400);
    expect(poor.json().error).toMatchObject({
      code: ProviderWalletError.InsufficientFunds,
      message: "Not enough money on your balance for this bet.",
    });
    const api = (payload: Json) =>
      app.inject({
        method: "POST",
        url: "/api/player/limits",
        headers: s.player!.headers,
        payload,
      });
    const limit = await api({ definition: 1, currency: "EUR", amount: "2", period: "daily" });
    expect(limit.statusCode, limit.body).toBe(201);
    const over = await s.play({ amount: "3.00", target: 5000, direction: "under" });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe(ProviderWalletError.LimitReached);
    expect(over.json().error.message).toMatch(/limits/);
    const cooling = await api({ definition: 5, days: 1 });
    expect(cooling.statusCode, cooling.body).toBe(201);
    const excluded = await s.play({ amount: "1.00", target: 5000, direction: "under" });
    expect(excluded.json().error.code).toBe(ProviderWalletError.PlayerExcluded);
    expect(excluded.json().error.message).toMatch(/self-excluded or cooling off/);
    expect((await s.get("/studio/api/session")).json().data.balance).toBe("5.00");

    const other = await studioSession("dice", { funds: "5.00" });
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: other.player!.headers,
    });
    expect([200, 204]).toContain(logout.statusCode);
    const ended = await other.play({ amount: "1.00", target: 5000, direction: "under" });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().error.code).toBe(ProviderWalletError.InvalidToken);
  });

  it("bad bets are 422 with the field: dice target, amounts the currency cannot hold, another game", async () => {
    const s = await studioSession("dice", { funds: "5.00" });
    const target = await s.play({ amount: "1.00", target: 9900, direction: "under" });
    expect(target.statusCode).toBe(422);
    expect(target.json().error.fields.target).toBeDefined();
    const decimals = await s.play({ amount: "1.001", target: 5000, direction: "under" });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json().error.fields.amount).toEqual(["At most 2 decimals in this currency"]);
    const zero = await s.play({ amount: "0", target: 5000, direction: "under" });
    expect(zero.statusCode).toBe(422);
    const other = await app.inject({
      method: "POST",
      url: "/studio/api/rounds",
      headers: s.headers,
      payload: { game: "limbo", requestId: requestId(), amount: "1.00", target: 200 },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields.game).toBeDefined();
    const unsigned = await app.inject({ method: "POST", url: "/studio/api/rounds", payload: {} });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.code).toBe(StudioError.SessionInvalid);
  });

  it("the same round never debits twice: a repeated or concurrent request returns the same round", async () => {
    const s = await studioSession("limbo", { funds: "20.00" });
    const id = requestId();
    const body = { game: "limbo", requestId: id, amount: "1.00", target: 150 };
    const send = () =>
      app.inject({ method: "POST", url: "/studio/api/rounds", headers: s.headers, payload: body });
    const answers = await Promise.all([send(), send(), send(), send()]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((answer) => answer.json().data.round.id));
    expect(ids.size).toBe(1);
    const again = await send();
    expect(again.json().data.round.id).toBe([...ids][0]);
    const payout = cents(again.json().data.round.payout);
    expect(cents((await s.get("/studio/api/session")).json().data.balance)).toBe(
      2000n - 100n + payout,
    );
    const platform = await platformRound([...ids][0]);
    expect(platform.round!.bet).toBe("100");
  });

  it("the retry job completes a round whose win call failed (same transaction id: no double credit)", async () => {
    const s = await studioSession("baccarat", { funds: "30.00" });
    const original = app.studio.platform.fetch;
    app.studio.platform.fetch = async (input, init) => {
      if (String(input).endsWith("/win")) throw new TypeError("connection reset");
      return original(input, init);
    };
    let round: Json;
    try {
      const response = await s.play({ amount: "4.00", bet: "tie" });
      expect(response.statusCode, response.body).toBe(200);
      round = response.json().data.round;
      expect(round.state).toBe("bet_placed");
      expect(response.json().data.balance).toBe("26.00");
      // While the platform is still down the job retries and leaves the round waiting.
      expect(await app.studio.finishUnfinishedRounds({ graceMs: 0 })).toBe(0);
    } finally {
      app.studio.platform.fetch = original;
    }
    expect(await app.studio.finishUnfinishedRounds({ graceMs: 0 })).toBeGreaterThanOrEqual(1);
    const after = await app.inject({ url: `/studio/api/rounds/${round.id}` });
    expect(after.json().data.state).toBe("settled");
    expect(cents((await s.get("/studio/api/session")).json().data.balance)).toBe(
      2600n + cents(round.payout),
    );
    // Once more changes nothing.
    await app.studio.finishUnfinishedRounds({ graceMs: 0 });
    const platform = await platformRound(round.id);
    expect(platform.calls.map((call) => call.kind)).toEqual(["bet", "win"]);
    expect(platform.round!.status).toBe("closed");
  });

  it("a bet whose answer is lost is rolled back: the player is told and keeps the money", async () => {
    const s = await studioSession("dice", { funds: "10.00" });
    const original = app.studio.platform.fetch;
    app.studio.platform.fetch = async (input, init) => {
      const answer = await original(input, init);
      if (String(input).endsWith("/bet")) throw new TypeError("socket hang up");
      return answer;
    };
    try {
      const response = await s.play({ amount: "2.00", target: 5000, direction: "under" });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().error.code).toBe(StudioError.PlatformUnavailable);
      expect(response.json().error.message).toMatch(/cancelled and not charged/);
    } finally {
      app.studio.platform.fetch = original;
    }
    expect((await s.get("/studio/api/session")).json().data.balance).toBe("10.00");
  });

  it("crash safe: a bet left without an answer is rolled back by the job; the late bet is refused (tombstone)", async () => {
    const s = await studioSession("dice", { funds: "10.00" });
    const original = app.studio.platform.fetch;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The bet hangs on its way to the platform (a process that died there never sends it).
    app.studio.platform.fetch = async (input, init) => {
      if (String(input).endsWith("/bet")) await held;
      return original(input, init);
    };
    const pending = s.play({ amount: "3.00", target: 5000, direction: "under" });
    let roundId = "";
    await vi.waitFor(async () => {
      const [row] = await app.testDb.query<{ id: string; state: string }>(
        "SELECT id, state FROM studio_rounds WHERE session_hash = (SELECT token_hash FROM studio_sessions WHERE platform_token = $1)",
        [s.token],
      );
      expect(row?.state).toBe("betting");
      roundId = row!.id;
    });
    // The job takes the abandoned round over: rollback of a bet the platform never saw.
    expect(await app.studio.finishUnfinishedRounds({ graceMs: 0 })).toBe(1);
    expect((await app.inject({ url: `/studio/api/rounds/${roundId}` })).json().data.state).toBe(
      "cancelled",
    );
    release();
    const late = await pending;
    app.studio.platform.fetch = original;
    expect(late.statusCode, late.body).toBe(503);
    const again = await app.studio.platform.bet({
      token: s.token!,
      transactionId: `studio:${roundId}:bet`,
      roundId: `studio:${roundId}`,
      amount: "3.00",
      currency: "EUR",
      gameCode: "dice",
      closeRound: false,
    });
    expect(again).toMatchObject({ ok: false, code: ProviderWalletError.TransactionCancelled });
    expect((await s.get("/studio/api/session")).json().data.balance).toBe("10.00");
  });

  it("concurrent rounds of one player take distinct nonces and the balance adds up", async () => {
    const s = await studioSession("limbo", { funds: "40.00" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => s.play({ amount: "1.00", target: 300 })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rounds = answers.map((answer) => answer.json().data.round as Json);
    expect(rounds.map((round) => round.nonce).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    const won = rounds.reduce((sum, round) => sum + cents(round.payout), 0n);
    expect(cents((await s.get("/studio/api/session")).json().data.balance)).toBe(
      4000n - 800n + won,
    );
  });

  it("BE-32 wallet: a win with freeSpinsId opens a round without a bet only for a platform grant (else 15013); without it 15006; a replay moves nothing", async () => {
    const p = await gamePlayer(app, { game: "fruit-lines", funds: "2.00" });
    const win = (extra: Json) =>
      app.studio.platform.win({
        token: p.token,
        transactionId: `fs-win-${requestId()}`,
        roundId: `fs-round-${requestId()}`,
        amount: "1.25",
        currency: "EUR",
        gameCode: "slot",
        closeRound: true,
        ...extra,
      });
    expect(await win({})).toMatchObject({
      ok: false,
      code: ProviderWalletError.UnknownTransaction,
    });
    expect(await win({ freeSpinsId: "grant-1" })).toMatchObject({
      ok: false,
      code: ProviderWalletError.UnknownFreeSpins,
    });
    const freeSpinsId = await platformGrant(p, 2);
    const body = {
      transactionId: `fs-win-${requestId()}`,
      roundId: `fs-round-${requestId()}`,
      freeSpinsId,
    };
    // Held for the grant until its last spin: the balance answered does not grow yet.
    const first = await win(body);
    expect(first).toMatchObject({ ok: true, data: { balance: "2.00", replay: false } });
    expect(await win(body)).toMatchObject({ ok: true, data: { balance: "2.00", replay: true } });
    expect(await win({ ...body, freeSpinsId: "grant-2" })).toMatchObject({
      ok: false,
      code: ProviderWalletError.Duplicate,
    });
  });

  it("seeds: the hash shown before play is SHA-256 of the seed revealed by rotation; the verifier recomputes the round", async () => {
    const s = await studioSession("slot", { gameSlug: "fruit-lines", funds: "20.00" });
    const before = (await s.get("/studio/api/seeds")).json().data.fairness as Json;
    expect(before.nonce).toBe(0);
    const played = await s.play({ lineBet: "0.05" });
    expect(played.statusCode, played.body).toBe(200);
    const round = played.json().data.round as Json;
    expect(round).toMatchObject({
      nonce: 0,
      serverSeedHash: before.serverSeedHash,
      serverSeed: null,
    });
    expect(played.json().data.fairness.nonce).toBe(1);

    const rotated = await app.inject({
      method: "POST",
      url: "/studio/api/seeds/rotate",
      headers: s.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { revealed, fairness } = rotated.json().data as Json;
    expect(createHash("sha256").update(revealed.serverSeed).digest("hex")).toBe(
      before.serverSeedHash,
    );
    expect(revealed.bets).toBe(1);
    expect(fairness).toMatchObject({ nonce: 0, serverSeedHash: before.nextServerSeedHash });

    const lookup = (await app.inject({ url: `/studio/api/rounds/${round.id}` })).json()
      .data as Json;
    expect(lookup.serverSeed).toBe(revealed.serverSeed);
    const params = lookup.params as RoundParams;
    const outcome = await replayRound(
      { serverSeed: lookup.serverSeed, clientSeed: lookup.clientSeed, nonce: lookup.nonce },
      (next) => playRound(params, next),
    );
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(lookup.outcome);
    expect(roundPayout(params, outcome).toString()).toBe(cents(lookup.payout).toString());

    const chosen = await app.inject({
      method: "PUT",
      url: "/studio/api/seeds/client-seed",
      headers: s.headers,
      payload: { clientSeed: "my-lucky-seed" },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.fairness).toMatchObject({ clientSeed: "my-lucky-seed", nonce: 0 });
    expect(chosen.json().data.revealed.serverSeedHash).toBe(fairness.serverSeedHash);
    const bad = await app.inject({
      method: "PUT",
      url: "/studio/api/seeds/client-seed",
      headers: s.headers,
      payload: { clientSeed: "has space" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.clientSeed).toBeDefined();
  });

  it("platform free spins: a signed grant (idempotent by externalId); spins paid by a win with freeSpinsId and no bet only when the platform granted them", async () => {
    const s = await studioSession("slot", { gameSlug: "fruit-lines", funds: "1.00" });
    const [ref] = await app.testDb.query<{ player_ref: string }>(
      "SELECT player_ref FROM studio_sessions WHERE platform_token = $1",
      [s.token],
    );
    const playerId = ref!.player_ref.slice(2);
    const externalId = `fs-${requestId()}`;
    const grant = {
      externalId,
      playerId,
      currency: "EUR",
      gameCode: "slot",
      spins: 2,
      betPerSpin: "0.50",
      expiresAt: new Date(app.clock.now().getTime() + 86_400_000).toISOString(),
    };
    const send = (body: Json, secret = app.testConfig.gameProviderSecrets.originals!) => {
      const raw = JSON.stringify(body);
      const timestamp = Math.floor(app.clock.now().getTime() / 1000);
      return app.inject({
        method: "POST",
        url: "/studio/api/platform/free-spins",
        headers: {
          "content-type": "application/json",
          "x-casino-timestamp": String(timestamp),
          "x-casino-signature": signWalletBody(secret, timestamp, raw),
        },
        payload: raw,
      });
    };
    expect((await send(grant, "wrong-secret-0123456789abcdef0123456789")).statusCode).toBe(401);
    const first = await send(grant);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ externalId, spinsLeft: 2, replay: false });
    expect((await send(grant)).json().data.replay).toBe(true);
    expect((await send({ ...grant, spins: 3 })).statusCode).toBe(409);

    const session = (await s.get("/studio/api/session")).json().data as Json;
    expect(session.freeSpins).toEqual([
      { id: externalId, spinsLeft: 2, betPerSpin: "0.50", expiresAt: grant.expiresAt },
    ]);
    // The platform never issued these spins: it refuses their win (15013) and pays nothing.
    for (let spin = 0; spin < 2; spin++) {
      const unpaid = await s.play({ freeSpin: true });
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      expect(unpaid.json().data.round).toMatchObject({ state: "failed", freeSpinsId: externalId });
      expect(unpaid.json().data.balance).toBe("1.00");
    }

    // Spins the platform granted (a bonus's free spins, activated by the player) are paid to the
    // grant and become bonus money once the last one is played.
    const platformSpins = await platformGrant(s.player!, 2);
    const before = await walletOf(s.player!.headers);
    let won = 0n;
    for (let spin = 0; spin < 2; spin++) {
      const played = await s.play({ freeSpin: true });
      expect(played.statusCode, played.body).toBe(200);
      const { round } = played.json().data as Json;
      expect(round).toMatchObject({
        state: "settled",
        stake: "0.00",
        freeSpinsId: platformSpins,
      });
      expect(round.params).toMatchObject({ funding: "platform" });
      won += cents(round.payout);
      const platform = await platformRound(round.id);
      expect(platform.calls.map((call) => call.kind)).toEqual(["win"]);
      expect(platform.round).toMatchObject({ bet: "0", status: "closed" });
    }
    const after = await walletOf(s.player!.headers);
    expect(after.withdrawalBalance).toBe(before.withdrawalBalance);
    expect(cents(after.bonusBalance) - cents(before.bonusBalance)).toBe(won);
    const none = await s.play({ freeSpin: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe(StudioError.NoFreeSpins);
  });

  it("BE-32 the ledger is clean after every studio round", async () => {
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
