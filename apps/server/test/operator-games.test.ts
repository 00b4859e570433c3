// The operator API's game catalogue (migration 0038): providers, games and collections created
// and changed as data show in the player API at once; switching a game or provider off stops
// launches and new bets while open rounds still settle; 422 with error.fields for bad input,
// replays by key, and the audit trail. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { gamePlayer, providerCall, providerId, TEST_PROVIDER } from "./game-helpers";
import { expectErrorCode } from "./helpers";
import {
  fieldsOf,
  operatorCreated,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;
const unique = uniqueSlug;

const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);

const created = (url: string, payload: Json) => operatorCreated(app, url, payload);

const newProvider = (overrides: Json = {}) =>
  created("/api/operator/game-providers", {
    slug: unique("studio"),
    name: "Studio",
    ...overrides,
  });
const newCollection = (overrides: Json = {}) =>
  created("/api/operator/game-collections", {
    slug: unique("rail"),
    name: "Rail",
    ...overrides,
  });
const newGame = (provider: string, overrides: Json = {}) =>
  created("/api/operator/games", {
    provider,
    code: unique("code"),
    slug: unique("game"),
    title: "Operator Game",
    hasDemo: true,
    ...overrides,
  });

/** The player API's view: the slugs of a page of games (a guest from `country`). */
async function playerGames(query: string, country = "BR"): Promise<string[]> {
  const response = await app.inject({
    url: `/api/game/games?${query}`,
    headers: { "x-test-country": country },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Json[]).map((game) => game.slug);
}

async function playerCollections(country = "BR"): Promise<string[]> {
  const response = await app.inject({
    url: "/api/game/collections",
    headers: { "x-test-country": country },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Json[]).map((collection) => collection.slug);
}

describe("the operator's game providers", () => {
  it("lists the seeded providers with their URLs, game counts and whether a wallet key is configured", async () => {
    const response = await call("GET", "/api/operator/game-providers");
    expect(response.statusCode, response.body).toBe(200);
    const bySlug = new Map((response.json().data as Json[]).map((p) => [p.slug, p]));
    expect(bySlug.get("originals")).toMatchObject({
      launchUrl: expect.stringContaining("/studio/play/{gameCode}"),
      freeSpinsUrl: "/studio/api/platform/free-spins",
      isEnabled: true,
      hasWalletKey: true,
      updatedAt: null,
    });
    expect(bySlug.get("originals")!.games).toBeGreaterThanOrEqual(5);
    expect(bySlug.get(TEST_PROVIDER)).toMatchObject({ launchUrl: null, hasWalletKey: true });
  });

  it("GM-01 BE-32 a created provider and its game show in the player catalogue and launch through the provider's URL", async () => {
    const provider = await newProvider({
      name: "Northern Lights Gaming",
      launchUrl: "https://games.northern.example/launch/{gameCode}?token={token}&mode={mode}",
      position: -5,
    });
    expect(provider).toMatchObject({
      name: "Northern Lights Gaming",
      hasWalletKey: false,
      games: 0,
      isEnabled: true,
      updatedAt: expect.any(String),
    });
    const rail = await newCollection({ name: "Aurora Picks", position: -10 });
    const game = await newGame(provider.slug, {
      title: "Aurora Reels",
      code: "aurora_reels:v2",
      rtp: "96.20",
      volatility: "high",
      tags: ["slots", "new"],
      image: "https://cdn.northern.example/aurora.webp",
      collections: [rail.slug],
    });
    expect(game).toMatchObject({
      provider: provider.slug,
      code: "aurora_reels:v2",
      rtp: "96.20",
      collections: [rail.slug],
      isEnabled: true,
    });

    // The player API at once: the provider, the collection (first by position) and the game.
    const providers = await app.inject({ url: "/api/game/providers" });
    expect((providers.json().data as Json[]).map((p) => p.slug)).toContain(provider.slug);
    expect((await playerCollections())[0]).toBe(rail.slug);
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([game.slug]);
    expect(await playerGames(`provider=${provider.slug}`)).toEqual([game.slug]);
    const detail = await app.inject({ url: `/api/game/games/${game.slug}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      title: "Aurora Reels",
      rtp: "96.20",
      volatility: "high",
      provider: { slug: provider.slug, name: "Northern Lights Gaming" },
    });

    const launch = await app.inject({
      method: "POST",
      url: `/api/game/games/${game.slug}/play`,
      headers: { "x-test-country": "BR" },
      payload: { mode: "demo" },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    const url = new URL(launch.json().data.url);
    expect(url.origin + url.pathname).toBe(
      "https://games.northern.example/launch/aurora_reels%3Av2",
    );
    expect(url.searchParams.get("mode")).toBe("demo");
    expect(url.searchParams.get("token")).toBe(launch.json().data.token);

    const listed = await call("GET", "/api/operator/game-providers");
    expect((listed.json().data as Json[]).find((p) => p.id === provider.id)?.games).toBe(1);
  });

  it("GM-04 BE-32 the site's pages may frame a studio from the moment it is added: its launch URL's origin is in the CSP's frame-src until it is switched off", async () => {
    const frameSources = async () => {
      const page = await app.inject({ url: "/api/game/collections" });
      const policy = String(page.headers["content-security-policy"]);
      return (policy.match(/(?:^|; )frame-src ([^;]*)/)?.[1] ?? "").split(" ");
    };
    const origin = `https://${unique("games")}.example`;
    expect(await frameSources()).not.toContain(origin);
    const provider = await newProvider({ launchUrl: `${origin}:443/play/{gameCode}?t={token}` });
    expect(await frameSources()).toContain(origin);
    expect(await frameSources()).toContain("'self'");

    // Another launch URL on another host: the old origin leaves, the new one comes.
    const moved = `https://${unique("cdn")}.example:8443`;
    const patched = await call("PATCH", `/api/operator/game-providers/${provider.id}`, {
      launchUrl: `${moved}/{gameCode}`,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await frameSources()).toContain(moved);
    expect(await frameSources()).not.toContain(origin);

    const off = await call("PATCH", `/api/operator/game-providers/${provider.id}`, {
      isEnabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await frameSources()).not.toContain(moved);
  });

  it("GEO-05 API-59 countries a provider, game or collection is restricted in do not see it", async () => {
    const provider = await newProvider({ restrictedCountries: ["DE"] });
    const shown = await newProvider();
    const rail = await newCollection({ restrictedCountries: ["FR"] });
    const ofRestricted = await newGame(provider.slug, { collections: [rail.slug] });
    const restrictedGame = await newGame(shown.slug, {
      restrictedCountries: ["BR"],
      collections: [rail.slug],
    });
    const open = await newGame(shown.slug, { collections: [rail.slug] });
    expect(await playerGames(`collection=${rail.slug}`, "DE")).toEqual([
      restrictedGame.slug,
      open.slug,
    ]);
    expect(await playerGames(`collection=${rail.slug}`, "BR")).toEqual([
      ofRestricted.slug,
      open.slug,
    ]);
    expect(await playerCollections("FR")).not.toContain(rail.slug);
    expect(await playerCollections("DE")).toContain(rail.slug);

    // Lifting the restriction shows them again.
    const lifted = await call("PATCH", `/api/operator/game-providers/${provider.id}`, {
      restrictedCountries: [],
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await playerGames(`collection=${rail.slug}`, "DE")).toHaveLength(3);
  });
});

describe("switching games and providers off", () => {
  it("BE-32 a switched-off game leaves the catalogue and takes no new bets; its open round still settles and a replay answers as first", async () => {
    const rail = await newCollection();
    const game = await newGame(TEST_PROVIDER, { collections: [rail.slug] });
    const player = await gamePlayer(app, { game: game.slug, funds: "50.00" });
    const roundId = providerId("round");
    const betId = providerId("bet");
    const placed = await player.bet("5.00", { roundId, transactionId: betId });
    expect(placed.statusCode, placed.body).toBe(200);

    const off = await call("PATCH", `/api/operator/games/${game.id}`, { isEnabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ isEnabled: false, collections: [rail.slug] });
    // The operator still reads it by id; an unknown id is a 404.
    const one = await call("GET", `/api/operator/games/${game.id}`);
    expect(one.json().data).toEqual(off.json().data);
    expectErrorCode(await call("GET", "/api/operator/games/999999"), 404, 404);

    expect(await playerGames(`collection=${rail.slug}`)).toEqual([]);
    const detail = await app.inject({ url: `/api/game/games/${game.slug}` });
    expect(detail.statusCode).toBe(404);
    const launch = await app.inject({
      method: "POST",
      url: `/api/game/games/${game.slug}/play`,
      headers: player.headers,
      payload: { mode: "real" },
    });
    expect(launch.statusCode).toBe(404);

    // A new bet in the open session is refused; the bet taken before replays its first answer.
    const refused = await player.bet("1.00", { roundId });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe(15002);
    const replay = await player.bet("5.00", { roundId, transactionId: betId });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data).toEqual({ ...placed.json().data, replay: true });
    // The win of that round is paid.
    const won = await providerCall(app, "win", {
      token: player.token,
      transactionId: providerId("win"),
      roundId,
      amount: "12.00",
      currency: "EUR",
      closeRound: true,
    });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data.balance).toBe("57.00");

    // Switched on again, it plays.
    const on = await call("PATCH", `/api/operator/games/${game.id}`, { isEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    await player.round("1.00", "0");
    expect((await player.balance()).balance).toBe("56.00");
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([game.slug]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-32 a switched-off provider takes its games out and stops their bets, while wins and rollbacks of open rounds go through", async () => {
    const provider = await call("GET", "/api/operator/game-providers");
    const sandbox = (provider.json().data as Json[]).find((p) => p.slug === TEST_PROVIDER)!;
    const game = await newGame(TEST_PROVIDER);
    const player = await gamePlayer(app, { game: game.slug, funds: "30.00" });
    const winRound = providerId("round");
    expect((await player.bet("4.00", { roundId: winRound })).statusCode).toBe(200);
    const rollbackBet = providerId("bet");
    expect((await player.bet("3.00", { transactionId: rollbackBet })).statusCode).toBe(200);

    const off = await call("PATCH", `/api/operator/game-providers/${sandbox.id}`, {
      isEnabled: false,
    });
    try {
      expect(off.statusCode, off.body).toBe(200);
      expect(await playerGames(`provider=${TEST_PROVIDER}`)).toEqual([]);
      const providers = await app.inject({ url: "/api/game/providers" });
      expect((providers.json().data as Json[]).map((p) => p.slug)).not.toContain(TEST_PROVIDER);

      const refused = await player.bet("1.00");
      expect(refused.json().error.code).toBe(15002);
      const won = await providerCall(app, "win", {
        token: player.token,
        transactionId: providerId("win"),
        roundId: winRound,
        amount: "10.00",
        currency: "EUR",
        closeRound: true,
      });
      expect(won.statusCode, won.body).toBe(200);
      const rolledBack = await providerCall(app, "rollback", {
        token: player.token,
        transactionId: providerId("rollback"),
        referenceTransactionId: rollbackBet,
      });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect((await player.balance()).balance).toBe("36.00");
    } finally {
      const on = await call("PATCH", `/api/operator/game-providers/${sandbox.id}`, {
        isEnabled: true,
      });
      expect(on.statusCode, on.body).toBe(200);
    }
    expect((await player.bet("1.00")).statusCode).toBe(200);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("switching off under load", () => {
  it("BE-32 a switch racing bets and wins: each bet is taken or refused whole, every taken stake's win is paid, balances add up, ledger clean", async () => {
    const game = await newGame(TEST_PROVIDER);
    const players = await Promise.all(
      Array.from({ length: 6 }, () => gamePlayer(app, { game: game.slug, funds: "100.00" })),
    );
    // Each player has a round staked before the switch, whose win arrives during it.
    const open = await Promise.all(
      players.map(async (player) => {
        const roundId = providerId("round");
        const placed = await player.bet("10.00", { roundId });
        expect(placed.statusCode, placed.body).toBe(200);
        return roundId;
      }),
    );
    const newBets = players.flatMap((player) =>
      Array.from({ length: 4 }, () => ({ player, roundId: providerId("round") })),
    );
    const [switched, bets, wins] = await Promise.all([
      call("PATCH", `/api/operator/games/${game.id}`, { isEnabled: false }),
      Promise.all(newBets.map(({ player, roundId }) => player.bet("1.00", { roundId }))),
      Promise.all(
        players.map((player, index) =>
          providerCall(app, "win", {
            token: player.token,
            transactionId: providerId("win"),
            roundId: open[index],
            amount: "15.00",
            currency: "EUR",
            closeRound: true,
          }),
        ),
      ),
    ]);
    expect(switched.statusCode, switched.body).toBe(200);
    for (const win of wins) expect(win.statusCode, win.body).toBe(200);
    for (const bet of bets) {
      if (bet.statusCode !== 200) expect(bet.json().error.code, bet.body).toBe(15002);
    }
    // After the switch every bet is refused.
    const late = await players[0]!.bet("1.00");
    expect(late.json().error.code).toBe(15002);
    for (const [index, player] of players.entries()) {
      const taken = bets.filter(
        (bet, at) => newBets[at]!.player === player && bet.statusCode === 200,
      ).length;
      const expected = 100 - 10 + 15 - taken;
      expect((await player.balance()).balance, `player ${index}`).toBe(`${expected}.00`);
    }
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});

describe("the operator's collections", () => {
  it("GM-02 a collection's games are put in order; the category page follows it and games left out leave", async () => {
    const provider = await newProvider();
    const rail = await newCollection();
    const [a, b, c] = [
      await newGame(provider.slug),
      await newGame(provider.slug),
      await newGame(provider.slug),
    ];
    const put = await call("PUT", `/api/operator/game-collections/${rail.id}/games`, {
      games: [c.slug, a.slug, b.slug],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ games: 3, updatedAt: expect.any(String) });
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([c.slug, a.slug, b.slug]);
    const inOrder = await call("GET", `/api/operator/games?collection=${rail.slug}`);
    expect((inOrder.json().data as Json[]).map((game) => game.slug)).toEqual([
      c.slug,
      a.slug,
      b.slug,
    ]);

    const again = await call("PUT", `/api/operator/game-collections/${rail.id}/games`, {
      games: [b.slug, c.slug],
    });
    expect(again.json().data.games).toBe(2);
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([b.slug, c.slug]);
    // A game joining through its own change goes to the end.
    const joined = await call("PATCH", `/api/operator/games/${a.id}`, { collections: [rail.slug] });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([b.slug, c.slug, a.slug]);

    const bad = await call("PUT", `/api/operator/game-collections/${rail.id}/games`, {
      games: [a.slug, "no-such-game", a.slug],
    });
    expect(fieldsOf(bad)).toMatchObject({
      "games.1": expect.any(Array),
      "games.2": ["Listed twice"],
    });
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([b.slug, c.slug, a.slug]);
    const missing = await call("PUT", "/api/operator/game-collections/999999/games", {
      games: [],
    });
    expectErrorCode(missing, 404, 404);
  });

  it("GM-01 a switched-off collection leaves the site and its page lists nothing; renamed, it shows the new name", async () => {
    const rail = await newCollection({ name: "Before" });
    const provider = await newProvider();
    await newGame(provider.slug, { collections: [rail.slug] });
    const renamed = await call("PATCH", `/api/operator/game-collections/${rail.id}`, {
      name: "After",
      position: 7,
    });
    expect(renamed.json().data).toMatchObject({ name: "After", position: 7, games: 1 });
    const collections = await app.inject({ url: "/api/game/collections" });
    expect((collections.json().data as Json[]).find((c) => c.slug === rail.slug)).toMatchObject({
      name: "After",
      position: 7,
    });
    await call("PATCH", `/api/operator/game-collections/${rail.id}`, { isEnabled: false });
    expect(await playerCollections()).not.toContain(rail.slug);
    expect(await playerGames(`collection=${rail.slug}`)).toEqual([]);
    const listed = await call("GET", "/api/operator/game-collections");
    expect((listed.json().data as Json[]).find((c) => c.id === rail.id)).toMatchObject({
      isEnabled: false,
    });
  });
});

describe("the operator's games list", () => {
  it("pages every game of a provider, switched off ones too, filtered by search and state", async () => {
    const provider = await newProvider();
    const titles = ["Ruby Rush", "Ruby Royale", "Emerald Eights"];
    const games: Json[] = [];
    for (const [position, title] of titles.entries()) {
      games.push(await newGame(provider.slug, { title, position }));
    }
    await call("PATCH", `/api/operator/games/${games[1]!.id}`, { isEnabled: false });
    const page = await call("GET", `/api/operator/games?provider=${provider.slug}&perPage=2`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().meta).toEqual({ page: 1, perPage: 2, total: 3 });
    expect((page.json().data as Json[]).map((game) => game.title)).toEqual([
      "Ruby Rush",
      "Ruby Royale",
    ]);
    const second = await call(
      "GET",
      `/api/operator/games?provider=${provider.slug}&perPage=2&page=2`,
    );
    expect((second.json().data as Json[]).map((game) => game.title)).toEqual(["Emerald Eights"]);
    const ruby = await call("GET", `/api/operator/games?provider=${provider.slug}&search=ruby`);
    expect(ruby.json().meta.total).toBe(2);
    const off = await call("GET", `/api/operator/games?provider=${provider.slug}&isEnabled=false`);
    expect((off.json().data as Json[]).map((game) => game.title)).toEqual(["Ruby Royale"]);
    const byCode = await call("GET", `/api/operator/games?search=${games[2]!.code}`);
    expect((byCode.json().data as Json[]).map((game) => game.id)).toEqual([games[2]!.id]);
    const bad = await call("GET", "/api/operator/games?perPage=1000&isEnabled=maybe");
    expect(fieldsOf(bad)).toMatchObject({
      perPage: expect.any(Array),
      isEnabled: expect.any(Array),
    });
  });
});

describe("free-spins bonuses and their game's provider", () => {
  it("a free-spins bonus warns while its game's provider takes no grants or the game is off", async () => {
    const provider = await newProvider();
    const game = await newGame(provider.slug);
    const spins = await call("POST", "/api/operator/bonuses", {
      slug: unique("spins"),
      type: 3,
      kind: "code",
      name: "Operator spins",
      assignConditions: { presets: { quantity: 10 } },
      freespinGame: game.slug,
      freespinBet: { items: [{ currency: "EUR", amount: "0.20" }] },
    });
    expect(spins.statusCode, spins.body).toBe(201);
    const bonus = spins.json().data;
    expect(bonus.warnings).toEqual([expect.stringContaining("no freeSpinsUrl")]);

    await call("PATCH", `/api/operator/game-providers/${provider.id}`, {
      freeSpinsUrl: "https://games.example/free-spins",
    });
    const read = async () =>
      ((await call("GET", "/api/operator/bonuses")).json().data as Json[]).find(
        (item) => item.id === bonus.id,
      )!;
    expect((await read()).warnings).toEqual([]);
    await call("PATCH", `/api/operator/games/${game.id}`, { isEnabled: false });
    expect((await read()).warnings).toEqual([expect.stringContaining("switched off")]);
  });
});

describe("bad input, replays and the audit trail", () => {
  it("422 with error.fields for bad providers, games and collections; 404 for unknown ids", async () => {
    const provider = await newProvider();
    const game = await newGame(provider.slug, { code: "taken-code" });
    const rail = await newCollection();

    const badProvider = await call("POST", "/api/operator/game-providers", {
      slug: provider.slug,
      name: " ",
      launchUrl: "javascript:alert(1)",
      restrictedCountries: ["XX", "de"],
    });
    expect(fieldsOf(badProvider)).toMatchObject({
      name: expect.any(Array),
      launchUrl: expect.any(Array),
      "restrictedCountries.1": expect.any(Array),
    });
    const takenProvider = await call("POST", "/api/operator/game-providers", {
      slug: provider.slug,
      name: "Again",
      restrictedCountries: ["XX"],
    });
    expect(fieldsOf(takenProvider)).toMatchObject({
      slug: ["Already taken"],
      "restrictedCountries.0": ["Unknown country"],
    });

    const badGame = await call("POST", "/api/operator/games", {
      provider: "no-such-studio",
      code: "x y",
      slug: "123",
      title: "Bad",
      rtp: "0",
      volatility: "extreme",
    });
    expect(fieldsOf(badGame)).toMatchObject({
      code: expect.any(Array),
      slug: expect.any(Array),
      rtp: expect.any(Array),
      volatility: expect.any(Array),
    });
    const clashing = await call("POST", "/api/operator/games", {
      provider: "no-such-studio",
      code: "fine",
      slug: game.slug,
      title: "Clash",
      collections: [rail.slug, "no-such-rail"],
    });
    expect(fieldsOf(clashing)).toMatchObject({
      provider: ["Unknown provider"],
      slug: ["Already taken"],
      "collections.1": ["Unknown collection"],
    });
    const sameCode = await call("POST", "/api/operator/games", {
      provider: provider.slug,
      code: "taken-code",
      slug: unique("other"),
      title: "Same code",
    });
    expect(fieldsOf(sameCode)).toMatchObject({ code: expect.any(Array) });
    const rtpOver = await call("PATCH", `/api/operator/games/${game.id}`, {
      rtp: "100.01",
    });
    expect(fieldsOf(rtpOver)).toMatchObject({ rtp: expect.any(Array) });

    const badCollection = await call("PATCH", `/api/operator/game-collections/${rail.id}`, {
      restrictedCountries: ["ZZ"],
    });
    expect(fieldsOf(badCollection)).toMatchObject({ "restrictedCountries.0": ["Unknown country"] });

    for (const url of [
      "/api/operator/game-providers/999999",
      "/api/operator/games/999999",
      "/api/operator/game-collections/999999",
    ]) {
      expectErrorCode(await call("PATCH", url, {}), 404, 404);
    }
    // Nothing changed by the refused writes.
    const after = await call("GET", `/api/operator/games?provider=${provider.slug}`);
    expect(after.json().data).toEqual([game]);
  });

  it("a replay with the same key answers the first result; the same slug created at once: one 201, the rest 422", async () => {
    const key = unique("key");
    const body = { key, slug: unique("keyed"), name: "Keyed" };
    const first = await call("POST", "/api/operator/game-providers", body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await call("POST", "/api/operator/game-providers", body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    const slug = unique("raced");
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        call("POST", "/api/operator/games", {
          provider: first.json().data.slug,
          code: `raced-${index}`,
          slug,
          title: "Raced",
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((answer) => answer.body).join("\n")).toEqual([201, 422, 422, 422]);
    for (const answer of answers.filter((item) => item.statusCode === 422)) {
      expect(answer.json().error.fields).toEqual({ slug: ["Already taken"] });
    }
  });

  it("every write leaves an audit row with what was asked", async () => {
    const provider = await newProvider({ key: unique("audit") });
    const game = await newGame(provider.slug);
    const rail = await newCollection();
    await call("PATCH", `/api/operator/games/${game.id}`, { title: "Renamed" });
    await call("PUT", `/api/operator/game-collections/${rail.id}/games`, { games: [game.slug] });
    const rows = await app.testDb.query<{
      kind: string;
      entity_id: string;
      action: string;
      changes: Json;
    }>(
      `SELECT kind, entity_id, action, changes FROM operator_changes
        WHERE (kind = 'game-provider' AND entity_id = $1)
           OR (kind = 'game' AND entity_id = $2)
           OR (kind LIKE 'game-collection%' AND entity_id = $3)
        ORDER BY id`,
      [String(provider.id), String(game.id), String(rail.id)],
    );
    expect(rows.map((row) => [row.kind, row.action])).toEqual([
      ["game-provider", "create"],
      ["game", "create"],
      ["game-collection", "create"],
      ["game", "update"],
      ["game-collection-games", "put"],
    ]);
    expect(rows[0]!.changes).not.toHaveProperty("key");
    expect(rows[3]!.changes).toEqual({ title: "Renamed" });
    expect(rows[4]!.changes).toEqual({ games: [game.slug] });
  });
});
