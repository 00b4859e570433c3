// Tournaments (issue 8 "Tournaments"; TN-01, BE-39): the endpoints, opt-in, scores from settled
// bets (bet sum, win sum, biggest multiplier; window, join time, minimum bet, games, currency),
// exactly once per settled bet, ties, and a completion that pays once even when run twice at once.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import {
  completeDueTournaments,
  completeTournament,
} from "../src/modules/tournament/complete-tournaments";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { walletRepository } from "../src/modules/wallet/repository";
import {
  beforeOneDispatch,
  GAME_TEST_ENV,
  gamePlayer,
  providerCall,
  providerId,
  settledThenRefunded,
} from "./game-helpers";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const OPERATOR_TOKEN = "operator-token-0123456789abcdef0123456789";
let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    ...GAME_TEST_ENV,
    ACCESS_TOKEN_TTL_SECONDS: "86400",
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
  });
});
afterAll(async () => app?.close());

type Scoring = "bet_sum" | "win_sum" | "max_multiplier";

/** An operator's tournament row (minor units), starting a minute ago and ending in ten. */
async function createTournament(
  options: {
    scoring?: Scoring;
    minBet?: string;
    currency?: string;
    convert?: boolean;
    games?: string[];
    providers?: string[];
    startsIn?: number;
    lastsFor?: number;
    prizes?: {
      from: number;
      to: number;
      kind?: string;
      amount?: string;
      title?: string;
      reward?: Record<string, unknown>;
    }[];
  } = {},
) {
  const slug = `t-${randomBytes(4).toString("hex")}`;
  const starts = new Date(app.clock.now().getTime() + (options.startsIn ?? -60) * 1000);
  const ends = new Date(starts.getTime() + (options.lastsFor ?? 660) * 1000);
  const [row] = await app.testDb.query<{ id: string }>(
    `INSERT INTO tournaments (slug, title, scoring, currency, convert_currencies, min_bet,
       game_ids, provider_ids, starts_at, ends_at, position)
     VALUES ($1, $2, $3, $4, $5, $6,
             ARRAY(SELECT id FROM games WHERE slug = ANY ($7::text[])),
             ARRAY(SELECT id FROM game_providers WHERE slug = ANY ($8::text[])), $9, $10, 100)
     RETURNING id`,
    [
      slug,
      `Test ${slug}`,
      options.scoring ?? "bet_sum",
      options.currency ?? "EUR",
      options.convert ?? false,
      options.minBet ?? "0",
      options.games ?? [],
      options.providers ?? [],
      starts,
      ends,
    ],
  );
  for (const prize of options.prizes ?? [{ from: 1, to: 1, amount: "1000" }]) {
    await app.testDb.query(
      `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, kind, amount, title, reward)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [
        row!.id,
        prize.from,
        prize.to,
        prize.kind ?? "cash",
        prize.amount ?? null,
        prize.title ?? "",
        JSON.stringify(prize.reward ?? {}),
      ],
    );
  }
  return { id: row!.id, slug };
}

const testCtx = () => ({ db: app.testDb, now: app.clock.now }) as unknown as AppContext;

async function join(slug: string, headers: Record<string, string>) {
  const response = await app.inject({
    method: "PUT",
    url: `/api/retention/tournaments/${slug}/join`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function detail(slug: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ url: `/api/retention/tournaments/${slug}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function settle() {
  await app.domainEvents.drain();
}

async function outbox(channel: string) {
  const rows = await app.testDb.query<{ payload: Record<string, unknown> }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [channel],
  );
  return rows.map((row) => row.payload);
}

describe("tournaments API", () => {
  it("lists the seeded demo tournaments by state: one running, one upcoming, one finished", async () => {
    const all = await app.inject({ url: "/api/retention/tournaments" });
    expect(all.statusCode, all.body).toBe(200);
    const bySlug = new Map(
      all.json().data.map((item: { identity: string; state: string }) => [item.identity, item]),
    );
    expect(bySlug.get("weekly-race")).toMatchObject({
      state: "running",
      scoring: "bet_sum",
      currency: "EUR",
      prizePool: "210.00",
      isJoined: false,
    });
    expect(bySlug.get("big-multiplier")).toMatchObject({ state: "upcoming" });
    expect(bySlug.get("autumn-sprint")).toMatchObject({ state: "finished" });
    const upcoming = await app.inject({ url: "/api/retention/tournaments?state=upcoming" });
    expect(upcoming.json().data.map((item: { identity: string }) => item.identity)).toContain(
      "big-multiplier",
    );
    expect(upcoming.json().data.every((item: { state: string }) => item.state === "upcoming")).toBe(
      true,
    );
    const bad = await app.inject({ url: "/api/retention/tournaments?state=later" });
    expect(bad.statusCode).toBe(422);
    expect(expectErrorBody(bad.json()).error.fields).toHaveProperty("state");
  });

  it("shows a tournament's prizes, rules and leaderboard to guests; 404 for an unknown one", async () => {
    const weekly = await detail("weekly-race");
    expect(weekly.prizes[0]).toMatchObject({ placeFrom: 1, type: "cash", title: "100.00 EUR" });
    expect(weekly.prizes.at(-1)).toMatchObject({
      placeFrom: 11,
      placeTo: 20,
      type: "freespins",
      amount: null,
      title: "50 free spins on Fruit Lines",
    });
    expect(weekly.rules).toMatchObject({ scoring: "bet_sum", minBet: "0.10", games: [] });
    expect(weekly.me).toBeNull();
    const multiplier = await detail("big-multiplier");
    expect(multiplier.rules.collections.map((item: { slug: string }) => item.slug)).toEqual([
      "slots",
    ]);
    const missing = await app.inject({ url: "/api/retention/tournaments/no-such-thing" });
    expect(missing.statusCode).toBe(404);
  });

  it("joining needs a session, is idempotent, and a finished tournament cannot be joined", async () => {
    const { slug } = await createTournament();
    const anonymous = await app.inject({
      method: "PUT",
      url: `/api/retention/tournaments/${slug}/join`,
    });
    expect(anonymous.statusCode).toBe(401);
    const p = await gamePlayer(app);
    const first = await join(slug, p.headers);
    expect(first).toMatchObject({ isJoined: true, participants: 1 });
    expect(first.me).toMatchObject({ place: 1, score: "0.00", bets: 0 });
    const again = await join(slug, p.headers);
    expect(again).toMatchObject({ isJoined: true, participants: 1 });
    const finished = await app.inject({
      method: "PUT",
      url: "/api/retention/tournaments/autumn-sprint/join",
      headers: p.headers,
    });
    expect(finished.statusCode).toBe(409);
    const list = await app.inject({ url: "/api/retention/tournaments", headers: p.headers });
    const mine = list.json().data.find((item: { identity: string }) => item.identity === slug);
    expect(mine.isJoined).toBe(true);
  });
});

describe("operator API", () => {
  const create = (payload: Record<string, unknown>, token = OPERATOR_TOKEN) =>
    app.inject({
      method: "POST",
      url: "/api/operator/tournaments",
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const valid = () => ({
    identity: `op-${randomBytes(4).toString("hex")}`,
    title: "Operator cup",
    scoring: "win_sum",
    currency: "EUR",
    minBet: "0.50",
    games: ["gold-rush"],
    startsAt: app.clock.now().toISOString(),
    endsAt: new Date(app.clock.now().getTime() + 3_600_000).toISOString(),
    prizes: [
      { placeFrom: 1, placeTo: 1, type: "cash", amount: "10.00" },
      {
        placeFrom: 2,
        placeTo: 3,
        type: "bonus",
        title: "Reload bonus",
        reward: { bonus: "reload-25" },
      },
    ],
  });

  it("an operator defines a tournament as data; it is listed and open to join", async () => {
    const body = valid();
    const created = await create(body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      identity: body.identity,
      state: "running",
      prizePool: "10.00",
      rules: { scoring: "win_sum", minBet: "0.50", games: [{ slug: "gold-rush" }] },
      prizes: [{ title: "10.00 EUR" }, { placeFrom: 2, placeTo: 3, title: "Reload bonus" }],
    });
    expect((await detail(body.identity)).identity).toBe(body.identity);
    const audit = await app.testDb.query<{ action: string; actor: string }>(
      "SELECT action, actor FROM operator_changes WHERE kind = 'tournament' AND entity_id = $1",
      [created.json().data.id],
    );
    expect(audit).toEqual([{ action: "create", actor: "root" }]);
  });

  it("bad definitions are 422 with error.fields; a wrong token is 401", async () => {
    const base = valid();
    const bad = await create({
      ...base,
      identity: "weekly-race",
      currency: "XXX",
      games: ["no-such-game"],
      endsAt: base.startsAt,
      prizes: [
        { placeFrom: 1, placeTo: 2, type: "cash" },
        { placeFrom: 2, placeTo: 2, type: "freespins" },
        { placeFrom: 3, placeTo: 3, type: "bonus", title: "?", reward: { bonus: "nope" } },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(expectErrorBody(bad.json()).error.fields ?? {}).sort()).toEqual([
      "currency",
      "endsAt",
      "games",
      "identity",
      "prizes.0.amount",
      "prizes.1.placeFrom",
      "prizes.1.title",
      "prizes.2.reward.bonus",
    ]);
    const shape = await create({ ...base, scoring: "luck" });
    expect(shape.statusCode).toBe(422);
    const denied = await create(valid(), "x".repeat(OPERATOR_TOKEN.length));
    expect(denied.statusCode).toBe(401);
  });
});

describe("operator API: the list and changes", () => {
  const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
  const patch = (id: string, payload: Record<string, unknown>) =>
    app.inject({
      method: "PATCH",
      url: `/api/operator/tournaments/${id}`,
      headers: operator,
      payload,
    });
  const listed = async (id: string) => {
    const response = await app.inject({ url: "/api/operator/tournaments", headers: operator });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: string }[]).find((item) => item.id === id) as Record<
      string,
      unknown
    >;
  };

  it("TN-01 listed with state and participants; switched off, it is hidden and stops scoring, and its board stands; the window moves only ahead", async () => {
    const { id, slug } = await createTournament({ scoring: "bet_sum" });
    const p = await gamePlayer(app, { funds: "50.00" });
    await join(slug, p.headers);
    await p.round("2.00", "0");
    await settle();
    expect(await listed(id)).toMatchObject({ identity: slug, state: "running", participants: 1 });

    const off = await patch(id, { isEnabled: false, title: "Paused cup" });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ isEnabled: false, title: "Paused cup" });
    const hidden = await app.inject({ url: `/api/retention/tournaments/${slug}` });
    expect(hidden.statusCode).toBe(404);
    // The operator still reads it whole: rules, prizes and its board as it stands.
    const one = await app.inject({ url: `/api/operator/tournaments/${id}`, headers: operator });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      id,
      identity: slug,
      isEnabled: false,
      participants: 1,
      rules: { scoring: "bet_sum" },
      leaderboard: [{ place: 1, score: "2.00", bets: 1 }],
    });
    expect(one.json().data.leaderboardSize).toBeGreaterThan(0);
    await p.round("5.00", "0");
    await settle();
    expect((await patch(id, { isEnabled: true })).statusCode).toBe(200);
    expect((await detail(slug, p.headers)).me).toMatchObject({ score: "2.00", bets: 1 });

    // Started: the start stays; the end moves, but only ahead of now.
    const start = await patch(id, {
      startsAt: new Date(app.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(start.statusCode, start.body).toBe(409);
    const past = await patch(id, {
      endsAt: new Date(app.clock.now().getTime() - 1_000).toISOString(),
    });
    expect(Object.keys(expectErrorBody(past.json()).error.fields ?? {})).toEqual(["endsAt"]);
    const later = new Date(app.clock.now().getTime() + 7_200_000).toISOString();
    const extended = await patch(id, { endsAt: later });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json().data.endsAt).toBe(later);

    const audit = await app.testDb.query<{ action: string }>(
      "SELECT action FROM operator_changes WHERE kind = 'tournament' AND entity_id = $1 ORDER BY id",
      [id],
    );
    expect(audit.map((row) => row.action)).toEqual(["update", "update", "update"]);
  });

  it("an upcoming tournament's window moves ahead; a window that ends before it starts is a 422; unknown ids 404", async () => {
    const { id } = await createTournament({ startsIn: 3_600 });
    expect(await listed(id)).toMatchObject({ state: "upcoming", participants: 0 });
    const sooner = new Date(app.clock.now().getTime() + 1_800_000).toISOString();
    const moved = await patch(id, { startsAt: sooner });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.startsAt).toBe(sooner);
    const inverted = await patch(id, {
      endsAt: new Date(app.clock.now().getTime() + 60_000).toISOString(),
    });
    expect(Object.keys(expectErrorBody(inverted.json()).error.fields ?? {})).toEqual(["endsAt"]);
    const gone = await patch("00000000-0000-4000-8000-000000000000", { title: "x" });
    expect(gone.statusCode).toBe(404);
    const unknown = await app.inject({
      url: "/api/operator/tournaments/00000000-0000-4000-8000-000000000000",
      headers: operator,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await patch("weekly", { title: "x" })).statusCode).toBe(422);
  });
});

describe("tournament scores from settled bets", () => {
  it("bet sum: only rounds after joining, inside the window and at or above the minimum count", async () => {
    const { slug } = await createTournament({ scoring: "bet_sum", minBet: "100" });
    const p = await gamePlayer(app, { funds: "100.00" });
    await p.round("5.00", "0"); // before joining
    await settle();
    await join(slug, p.headers);
    await p.round("1.00", "3.00");
    await p.round("2.50", "0");
    await p.round("0.50", "10.00"); // below the minimum of 1.00
    await settle();
    const after = await detail(slug, p.headers);
    expect(after.me).toMatchObject({ place: 1, score: "3.50", bets: 2 });
    expect(after.leaderboard[0]).toMatchObject({
      place: 1,
      score: "3.50",
      entryId: after.me.entryId,
    });
    // The player's own channel and the public board were told.
    const entries = await outbox(`retention:tournaments#${p.tokens.profileId}`);
    expect(entries.at(-1)).toMatchObject({
      type: "tournament.entry.updated",
      entry: { score: "3.50", place: 1 },
    });
    const boards = await outbox("retention:tournament-leaderboards");
    expect(boards.at(-1)).toMatchObject({
      type: "tournament.leaderboard.updated",
      state: "running",
      leaderboard: [{ score: "3.50" }],
    });
    // After the end nothing counts any more.
    app.clock.advance(11 * 60);
    await p.round("4.00", "0");
    await settle();
    expect((await detail(slug, p.headers)).me).toMatchObject({ score: "3.50", bets: 2 });
    app.clock.advance(-11 * 60);
  });

  it("win sum and biggest multiplier; games outside the tournament and other currencies do not count", async () => {
    const wins = await createTournament({ scoring: "win_sum", games: ["gold-rush"] });
    const multi = await createTournament({ scoring: "max_multiplier" });
    const other = await createTournament({ scoring: "bet_sum", currency: "USD" });
    const p = await gamePlayer(app, { funds: "100.00" });
    for (const t of [wins, multi, other]) await join(t.slug, p.headers);
    await p.round("2.00", "5.00"); // x2.5
    await p.round("1.00", "12.34"); // x12.34
    await p.round("4.00", "4.00"); // x1
    const elsewhere = await gamePlayer(app, { tokens: p.tokens, game: "ocean-gems" });
    await elsewhere.round("1.00", "100.00"); // not gold-rush: no win sum; but x100 everywhere
    await settle();
    expect((await detail(wins.slug, p.headers)).me).toMatchObject({ score: "21.34", bets: 3 });
    expect((await detail(multi.slug, p.headers)).me).toMatchObject({ score: "100", bets: 4 });
    expect((await detail(other.slug, p.headers)).me).toMatchObject({ score: "0.00", bets: 0 });
  });

  it("bets in other currencies count converted when the tournament says so", async () => {
    const [eur, usd] = await app.testDb.query<{ code: string; rate: string }>(
      "SELECT code, rate::text FROM currencies WHERE code IN ('EUR', 'USD') ORDER BY code",
    );
    expect(eur && usd).toBeTruthy();
    const t = await createTournament({ scoring: "bet_sum", currency: "USD", convert: true });
    const p = await gamePlayer(app, { funds: "100.00" });
    await join(t.slug, p.headers);
    await p.round("10.00", "0");
    await settle();
    // 1000 EUR cents → USD cents at the rates, rounded down.
    const expected = (1000 * Number(eur!.rate)) / Number(usd!.rate);
    const score = Number((await detail(t.slug, p.headers)).me.score) * 100;
    expect(score).toBe(Math.floor(expected + 1e-9));
  });

  it("the same settled bet delivered twice counts once", async () => {
    const t = await createTournament({ scoring: "bet_sum" });
    const p = await gamePlayer(app);
    await join(t.slug, p.headers);
    await p.round("3.00", "0");
    await settle();
    // Deliver the round's event to the consumer again.
    const [event] = await app.testDb.query<{ id: string }>(
      `SELECT id FROM domain_events
        WHERE type = 'game.bet.settled' AND player_id = $1 ORDER BY id DESC LIMIT 1`,
      [p.tokens.profileId],
    );
    await app.testDb.query(
      "INSERT INTO domain_event_deliveries (consumer, event_id) VALUES ('tournaments', $1)",
      [event!.id],
    );
    await settle();
    const left = await app.testDb.query(
      "SELECT 1 FROM domain_event_deliveries WHERE consumer = 'tournaments'",
    );
    expect(left).toHaveLength(0);
    expect((await detail(t.slug, p.headers)).me).toMatchObject({ score: "3.00", bets: 1 });
  });

  it("a counted round whose stake is rolled back later no longer counts", async () => {
    const sums = await createTournament({ scoring: "bet_sum" });
    const best = await createTournament({ scoring: "max_multiplier" });
    const p = await gamePlayer(app);
    for (const t of [sums, best]) await join(t.slug, p.headers);
    await p.round("1.00", "2.00"); // x2
    // Two bets in one round; rolling back the first closes the round (settled: 3.00 staked).
    const roundId = providerId("round");
    const first = providerId("bet");
    const second = providerId("bet");
    expect((await p.bet("1.00", { roundId, transactionId: first })).statusCode).toBe(200);
    expect((await p.bet("3.00", { roundId, transactionId: second })).statusCode).toBe(200);
    const closing = await providerCall(app, "rollback", {
      token: p.token,
      transactionId: providerId("rollback"),
      referenceTransactionId: first,
      roundId,
      closeRound: true,
    });
    expect(closing.statusCode, closing.body).toBe(200);
    await settle();
    expect((await detail(sums.slug, p.headers)).me).toMatchObject({ score: "4.00", bets: 2 });
    const rolledBack = await providerCall(app, "rollback", {
      token: p.token,
      transactionId: providerId("rollback"),
      referenceTransactionId: second,
      roundId,
    });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    await settle();
    expect((await detail(sums.slug, p.headers)).me).toMatchObject({ score: "1.00", bets: 1 });
    expect((await detail(best.slug, p.headers)).me).toMatchObject({ score: "2", bets: 1 });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-39 rounds settled in one dispatch score together, a refund in its place: one entry update per player and one board update per run", async () => {
    const t = await createTournament({ scoring: "bet_sum" });
    const a = await gamePlayer(app);
    const b = await gamePlayer(app);
    await join(t.slug, a.headers);
    await join(t.slug, b.headers);
    await settle();
    // Every round below settles while the dispatcher is stopped: its next dispatch takes them all.
    const lastOutboxId = await beforeOneDispatch(app, async () => {
      for (let i = 0; i < 3; i += 1) {
        await a.round("1.00");
        await b.round("2.00");
      }
      // Scored, then taken back.
      await settledThenRefunded(app, a, "5.00");
    });
    await settle();
    expect((await detail(t.slug, a.headers)).me).toMatchObject({ score: "3.00", bets: 3 });
    expect((await detail(t.slug, b.headers)).me).toMatchObject({ score: "6.00", bets: 3 });
    const updates = await app.testDb.query<{ type: string; channel: string; n: number }>(
      `SELECT payload->>'type' AS type, channel, count(*)::int AS n FROM event_outbox
        WHERE id > $1 AND payload->>'tournamentId' = $2
        GROUP BY 1, 2`,
      [lastOutboxId, t.id],
    );
    const count = (type: string, channel?: string) =>
      updates
        .filter((u) => u.type === type && (!channel || u.channel.endsWith(channel)))
        .reduce((sum, u) => sum + u.n, 0);
    // The seven settled rounds: one update each for a and b and the board; the refund: a and
    // the board once more.
    expect(count("tournament.entry.updated", a.tokens.profileId)).toBe(2);
    expect(count("tournament.entry.updated", b.tokens.profileId)).toBe(1);
    expect(count("tournament.leaderboard.updated")).toBe(2);
  });

  it("ties go to the player who reached the score first", async () => {
    const t = await createTournament({ scoring: "bet_sum" });
    const late = await gamePlayer(app);
    const early = await gamePlayer(app);
    await join(t.slug, late.headers); // joined first, reaches 2.00 later
    await join(t.slug, early.headers);
    await early.round("2.00");
    await settle();
    app.clock.advance(5);
    await late.round("2.00");
    await settle();
    const board = (await detail(t.slug)).leaderboard;
    const me = (await detail(t.slug, early.headers)).me;
    expect(board.map((entry: { score: string }) => entry.score)).toEqual(["2.00", "2.00"]);
    expect(board[0].entryId).toBe(me.entryId);
  });
});

describe("tournament completion", () => {
  it("TN-01 BE-39 pays the prizes once, even when the completion runs twice at once, and tells each winner", async () => {
    const t = await createTournament({
      scoring: "bet_sum",
      prizes: [
        { from: 1, to: 1, amount: "2500" },
        { from: 2, to: 2, amount: "1000" },
        { from: 3, to: 3, kind: "bonus", title: "10 cash bonus", reward: { bonus: "cash-10" } },
        // No bonus definition named: recorded, left to the operator.
        { from: 4, to: 4, kind: "freespins", title: "10 free spins" },
      ],
    });
    const players = [await gamePlayer(app), await gamePlayer(app), await gamePlayer(app)];
    const fourth = await gamePlayer(app);
    const fifth = await gamePlayer(app);
    for (const p of [...players, fourth, fifth]) await join(t.slug, p.headers);
    await players[0]!.round("5.00");
    await players[1]!.round("3.00");
    await players[2]!.round("2.00");
    await fourth.round("1.00");
    await fifth.round("0.50");
    await settle();
    const before = await Promise.all(
      players.map(
        async (p) =>
          (await walletRepository(app.testDb).findByCurrency(p.tokens.profileId, "EUR"))!.balances
            .real,
      ),
    );
    // Not due yet.
    expect(await completeTournament(testCtx(), t.id)).toBe(false);
    app.clock.advance(11 * 60);
    const runs = await Promise.all([
      completeTournament(testCtx(), t.id),
      completeTournament(testCtx(), t.id),
      completeDueTournaments(testCtx()),
    ]);
    expect(runs.filter((run) => run === true || run === 1)).toHaveLength(1);
    expect(await completeTournament(testCtx(), t.id)).toBe(false);
    app.clock.advance(-11 * 60);

    const after = await Promise.all(
      players.map(
        async (p) =>
          (await walletRepository(app.testDb).findByCurrency(p.tokens.profileId, "EUR"))!.balances
            .real,
      ),
    );
    expect(after[0]! - before[0]!).toBe(2500n);
    expect(after[1]! - before[1]!).toBe(1000n);
    expect(after[2]! - before[2]!).toBe(0n);
    const results = await app.testDb.query<{ place: number; status: string }>(
      "SELECT place, status FROM tournament_results WHERE tournament_id = $1 ORDER BY place",
      [t.id],
    );
    expect(results).toEqual([
      { place: 1, status: "paid" },
      { place: 2, status: "paid" },
      { place: 3, status: "paid" },
      { place: 4, status: "pending" },
    ]);
    // The bonus prize came through the bonus module, once.
    const bonuses = await app.testDb.query(
      "SELECT 1 FROM player_bonuses WHERE player_id = $1 AND source = $2",
      [players[2]!.tokens.profileId, `tournament:${t.id}:3`],
    );
    expect(bonuses).toHaveLength(1);
    const completed = await outbox(`retention:tournaments#${players[0]!.tokens.profileId}`);
    expect(completed.filter((event) => event.type === "tournament.completed")).toEqual([
      {
        type: "tournament.completed",
        place: 1,
        tournament: { id: t.id, identity: t.slug, title: `Test ${t.slug}` },
        prize: {
          placeFrom: 1,
          placeTo: 1,
          type: "cash",
          amount: "25.00",
          currency: "EUR",
          title: "25.00 EUR",
        },
      },
    ]);
    const third = await outbox(`retention:tournaments#${players[2]!.tokens.profileId}`);
    expect(third.find((event) => event.type === "tournament.completed")).toMatchObject({
      place: 3,
      prize: { type: "bonus", title: "10 cash bonus" },
    });
    expect(
      (await outbox(`retention:tournaments#${fourth.tokens.profileId}`)).find(
        (event) => event.type === "tournament.completed",
      ),
    ).toMatchObject({ place: 4, prize: { type: "freespins", title: "10 free spins" } });
    const lost = await outbox(`retention:tournaments#${fifth.tokens.profileId}`);
    expect(lost.some((event) => event.type === "tournament.completed")).toBe(false);
    expect((await detail(t.slug)).state).toBe("finished");
    // The winner's messenger has it too.
    const [message] = await app.testDb.query<{ kind: string; text: string; link: string }>(
      "SELECT kind, text, link FROM messenger_messages WHERE player_id = $1",
      [players[0]!.tokens.profileId],
    );
    expect(message).toEqual({
      kind: "tournament",
      text: `You finished 1st in Test ${t.slug} and won 25.00 EUR.`,
      link: `/tournaments/${t.slug}`,
    });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a round settled before the end but not yet scored holds the completion back until it is", async () => {
    const t = await createTournament({ scoring: "bet_sum" });
    const p = await gamePlayer(app);
    await join(t.slug, p.headers);
    await app.domainEvents.stop();
    try {
      await p.round("4.00");
      app.clock.advance(11 * 60);
      expect(await completeTournament(testCtx(), t.id)).toBe(false);
    } finally {
      app.domainEvents.start();
    }
    await settle();
    expect(await completeTournament(testCtx(), t.id)).toBe(true);
    app.clock.advance(-11 * 60);
    const [result] = await app.testDb.query<{ place: number; score: string }>(
      "SELECT place, score FROM tournament_results WHERE tournament_id = $1",
      [t.id],
    );
    expect(result).toEqual({ place: 1, score: "400" });
  });

  it("the job completes the seeded finished tournament with no participants and pays nothing", async () => {
    await completeDueTournaments(testCtx());
    const [row] = await app.testDb.query<{ completed_at: Date | null }>(
      "SELECT completed_at FROM tournaments WHERE slug = 'autumn-sprint'",
    );
    expect(row!.completed_at).not.toBeNull();
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("tournament leaderboard property", () => {
  const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;

  it("any sequence of rounds, scored as they come or all in one dispatch, ranks like the model (score, earlier reach, earlier join) and pays the top two once", async () => {
    const players = [
      await gamePlayer(app, { funds: "500.00" }),
      await gamePlayer(app, { funds: "500.00" }),
      await gamePlayer(app, { funds: "500.00" }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Scoring>("bet_sum", "win_sum", "max_multiplier"),
        fc.array(
          fc.record({
            player: fc.integer({ min: 0, max: 2 }),
            stake: fc.integer({ min: 1, max: 300 }),
            win: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 600 })),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        // true: the dispatcher is stopped while the rounds settle, so one dispatch scores them all.
        fc.boolean(),
        async (scoring, rounds, oneDispatch) => {
          const t = await createTournament({
            scoring,
            prizes: [
              { from: 1, to: 1, amount: "300" },
              { from: 2, to: 2, amount: "100" },
            ],
          });
          for (const p of players) await join(t.slug, p.headers);
          const model = players.map((_, index) => ({
            index,
            score: 0n,
            bets: 0,
            reached: Number.POSITIVE_INFINITY,
          }));
          if (oneDispatch) await app.domainEvents.stop();
          try {
            for (const [step, round] of rounds.entries()) {
              app.clock.advance(1);
              await players[round.player]!.round(cents(round.stake), cents(round.win));
              const entry = model[round.player]!;
              const points =
                scoring === "bet_sum"
                  ? BigInt(round.stake)
                  : scoring === "win_sum"
                    ? BigInt(round.win)
                    : (BigInt(round.win) * 100n) / BigInt(round.stake);
              entry.bets += 1;
              if (points <= 0n) continue;
              if (scoring === "max_multiplier") {
                if (points > entry.score) {
                  entry.score = points;
                  entry.reached = step;
                }
              } else {
                entry.score += points;
                entry.reached = step;
              }
            }
          } finally {
            if (oneDispatch) app.domainEvents.start();
          }
          await settle();
          const expected = [...model].sort(
            (a, b) =>
              (a.score === b.score ? 0 : a.score > b.score ? -1 : 1) ||
              a.reached - b.reached ||
              a.index - b.index,
          );
          const mine = await Promise.all(
            players.map(async (p) => (await detail(t.slug, p.headers)).me),
          );
          const board = (await detail(t.slug)).leaderboard as { entryId: string; bets: number }[];
          expect(board.map((entry) => entry.entryId)).toEqual(
            expected.map((entry) => mine[entry.index].entryId),
          );
          expect(board.map((entry) => entry.bets)).toEqual(expected.map((entry) => entry.bets));

          // Completion pays the places with a score, each once.
          const before = await Promise.all(
            players.map(
              async (p) =>
                (await walletRepository(app.testDb).findByCurrency(p.tokens.profileId, "EUR"))!
                  .balances.real,
            ),
          );
          app.clock.advance(11 * 60);
          await Promise.all([
            completeTournament(testCtx(), t.id),
            completeDueTournaments(testCtx()),
          ]);
          app.clock.advance(-11 * 60 - rounds.length);
          const after = await Promise.all(
            players.map(
              async (p) =>
                (await walletRepository(app.testDb).findByCurrency(p.tokens.profileId, "EUR"))!
                  .balances.real,
            ),
          );
          const paid = [300n, 100n];
          for (const [place, entry] of expected.entries()) {
            const prize = entry.score > 0n ? (paid[place] ?? 0n) : 0n;
            expect(after[entry.index]! - before[entry.index]!).toBe(prize);
          }
        },
      ),
      { numRuns: 6 },
    );
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
