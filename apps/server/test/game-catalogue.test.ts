// The games catalogue and the player's game pages' API (BE-32, GM-02..GM-10): games with
// filters, sort and pages, filtered by the request country; game detail; launch (real and demo);
// favorites; recently played; spin and bet history; winners.
import { createHash, randomBytes } from "node:crypto";
import {
  Game,
  GameDetailResponse,
  GameLaunchResponse,
  GameList,
  GameListPlain,
  GameRestrictedCode,
  GameRoundList,
  GameWinnerList,
} from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../src/modules/game/provider-signature";
import { postInTransaction } from "../src/modules/wallet/ledger";
import { walletRepository } from "../src/modules/wallet/repository";
import { expectErrorBody, expectErrorCode } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

const SECRET = randomBytes(24).toString("hex");
let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    COUNTRY_HEADER: "x-test-country",
    GAME_PROVIDER_SECRETS: `sandbox-slots=${SECRET}`,
  });
});
afterAll(async () => app?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { "x-test-country": "BR", ...headers } });

async function games(query: string, country = "BR") {
  const response = await get(`/api/game/games${query}`, { "x-test-country": country });
  expect(response.statusCode, response.body).toBe(200);
  return GameList.parse(response.json());
}

async function signedIn() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "BR" };
  expect((await app.inject({ url: "/api/wallet/accounts", headers })).statusCode).toBe(200);
  return { tokens, headers };
}

describe("game catalogue", () => {
  it("API-62 BE-32 GM-02 games list every seeded game with provider, RTP, volatility, demo and devices", async () => {
    const { data, meta } = await games("?perPage=100");
    expect(meta).toEqual({ page: 1, perPage: 100, total: data.length });
    const dice = data.find((game) => game.slug === "dice")!;
    expect(Game.parse(dice)).toEqual({
      id: dice.id,
      slug: "dice",
      title: "Dice",
      provider: { id: dice.provider.id, slug: "originals", name: "Originals" },
      image: "/images/games/dice.svg",
      tags: ["provably-fair"],
      rtp: "99.00",
      volatility: "low",
      hasDemo: true,
      isMobile: true,
      isDesktop: true,
      collections: ["popular", "table-games"],
    });
  });

  it("BE-32 GEO-05 games restricted in the request country are not listed", async () => {
    const inBrazil = (await games("?perPage=100", "BR")).data.map((game) => game.slug);
    const inGermany = (await games("?perPage=100", "DE")).data.map((game) => game.slug);
    const inBritain = (await games("?perPage=100", "GB")).data.map((game) => game.slug);
    expect(inBrazil).toContain("live-roulette");
    expect(inGermany).not.toContain("live-roulette");
    expect(inGermany).toContain("pharaoh-spins");
    expect(inBritain).not.toContain("pharaoh-spins");
    // A collection restricted in the country lists nothing there.
    expect((await games("?collection=live-casino", "DE")).data).toEqual([]);
    // A provider restricted in a country hides all its games there.
    await app.testDb.query(
      "UPDATE game_providers SET restricted_countries = ARRAY['CA'] WHERE slug = 'sandbox-live'",
    );
    try {
      const inCanada = (await games("?perPage=100", "CA")).data;
      expect(inCanada.some((game) => game.provider.slug === "sandbox-live")).toBe(false);
    } finally {
      await app.testDb.query(
        "UPDATE game_providers SET restricted_countries = '{}' WHERE slug = 'sandbox-live'",
      );
    }
  });

  it("API-62 BE-32 GM-02 filters: collection, provider (id or slug), search words, device", async () => {
    const slots = await games("?collection=slots&perPage=100");
    expect(slots.data.every((game) => game.collections.includes("slots"))).toBe(true);
    expect(slots.meta.total).toBe(5);
    const bySlug = await games("?provider=originals&perPage=100");
    expect(bySlug.data.every((game) => game.provider.slug === "originals")).toBe(true);
    const byId = await games(`?provider=${bySlug.data[0]!.provider.id}&perPage=100`);
    expect(byId.data.map((game) => game.id)).toEqual(bySlug.data.map((game) => game.id));
    expect((await games("?search=ROUL")).data.map((game) => game.slug).sort()).toEqual([
      "european-roulette",
      "live-roulette",
    ]);
    expect((await games("?search=european%20roul")).data.map((game) => game.slug)).toEqual([
      "european-roulette",
    ]);
    expect((await games("?search=%25")).data).toEqual([]);
    const mobile = (await games("?device=mobile&perPage=100")).data.map((game) => game.slug);
    expect(mobile).not.toContain("lucky-sevens");
    expect((await games("?device=desktop&perPage=100")).data.map((game) => game.slug)).toContain(
      "lucky-sevens",
    );
    expect((await games("?provider=no-such-provider")).meta.total).toBe(0);
  });

  it("BE-32 GM-02 sort (popular, newest, title) and pages", async () => {
    const byTitle = (await games("?sort=title&perPage=100")).data.map((game) => game.title);
    expect(byTitle).toEqual(
      [...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    await app.testDb.query(
      "UPDATE games SET released_at = now() + interval '1 day' WHERE slug = 'ocean-gems'",
    );
    expect((await games("?sort=newest")).data[0]!.slug).toBe("ocean-gems");
    expect((await games("?sort=popular")).data[0]!.slug).toBe("dice");
    const all = (await games("?sort=title&perPage=100")).data.map((game) => game.slug);
    const pages: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const { data, meta } = await games(`?sort=title&perPage=3&page=${page}`);
      expect(meta).toEqual({ page, perPage: 3, total: all.length });
      pages.push(...data.map((game) => game.slug));
    }
    expect(pages).toEqual(all);
    const past = await games("?perPage=3&page=50");
    expect(past).toEqual({ data: [], meta: { page: 50, perPage: 3, total: all.length } });
  });

  it("BE-32 bad catalogue input answers 422 with fields, never 500", async () => {
    for (const [query, field] of [
      ["?perPage=0", "perPage"],
      ["?perPage=101", "perPage"],
      ["?page=abc", "page"],
      ["?sort=random", "sort"],
      ["?device=tv", "device"],
      ["?collection=Bad%20Slug", "collection"],
      ["?provider=a_b", "provider"],
      ["?unknown=1", "unknown"],
    ] as const) {
      const response = await get(`/api/game/games${query}`);
      expect(response.statusCode, `${query} ${response.body}`).toBe(422);
      expect(Object.keys(expectErrorBody(response.json()).error.fields ?? {})).toContain(field);
    }
    expect((await get("/api/game/games/not%20a%20slug")).statusCode).toBe(422);
    expect((await get("/api/game/spins?perPage=1000")).statusCode).toBe(422);
  });

  it("API-63 BE-32 GM-03 a game by id or slug; 404 unknown; 403/15020 restricted in the country", async () => {
    const bySlug = await get("/api/game/games/gold-rush");
    expect(bySlug.statusCode).toBe(200);
    const detail = GameDetailResponse.parse(bySlug.json()).data;
    expect(detail).toMatchObject({ slug: "gold-rush", isFavorite: false });
    const byId = GameDetailResponse.parse((await get(`/api/game/games/${detail.id}`)).json()).data;
    expect(byId).toEqual(detail);
    expectErrorCode(await get("/api/game/games/no-such-game"), 404, 404);
    expectErrorCode(
      await get("/api/game/games/live-roulette", { "x-test-country": "DE" }),
      403,
      GameRestrictedCode,
    );
  });

  it("API-64 BE-32 GM-04 play: real money needs a session; guests get the demo; restricted countries and demo-less games are refused", async () => {
    const guestReal = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: { "x-test-country": "BR" },
      payload: { mode: "real" },
    });
    expect(guestReal.statusCode).toBe(401);
    const guestDemo = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: { "x-test-country": "BR" },
      payload: { mode: "demo" },
    });
    expect(guestDemo.statusCode, guestDemo.body).toBe(200);
    const demo = GameLaunchResponse.parse(guestDemo.json()).data;
    expect(demo).toMatchObject({ mode: "demo", currency: null });
    expect(demo.url).toContain(`token=${demo.token}`);
    const noDemo = await app.inject({
      method: "POST",
      url: "/api/game/games/pharaoh-spins/play",
      headers: { "x-test-country": "BR" },
      payload: { mode: "demo" },
    });
    expectErrorCode(noDemo, 422, 422);

    const p = await signedIn();
    const real = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
    });
    expect(real.statusCode, real.body).toBe(200);
    const launch = GameLaunchResponse.parse(real.json()).data;
    expect(launch).toMatchObject({ mode: "real", currency: "EUR" });
    expect(launch.url).toMatch(/\/sandbox\/games\/sandbox-slots\/gold-rush\?token=/);
    const [session] = await app.testDb.query<{
      player_id: string;
      currency: string;
      game_id: number;
    }>("SELECT player_id, currency, game_id FROM game_sessions WHERE token_hash = $1", [
      createHash("sha256").update(launch.token).digest("hex"),
    ]);
    expect(session).toMatchObject({ player_id: p.tokens.profileId, currency: "EUR" });
    // Each launch is a new token.
    const again = GameLaunchResponse.parse(
      (
        await app.inject({
          method: "POST",
          url: "/api/game/games/gold-rush/play",
          headers: p.headers,
        })
      ).json(),
    ).data;
    expect(again.token).not.toBe(launch.token);
    expectErrorCode(
      await app.inject({
        method: "POST",
        url: "/api/game/games/live-roulette/play",
        headers: { ...p.headers, "x-test-country": "DE" },
      }),
      403,
      GameRestrictedCode,
    );
    const noAccount = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      // A switched-off currency (a switched-on one opens its account on first use).
      payload: { currency: "CLP" },
    });
    expectErrorCode(noAccount, 422, 422);
    const badBody = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      payload: { mode: "fun", returnUrl: "https://evil.example" },
    });
    expect(Object.keys(expectErrorBody(badBody.json()).error.fields ?? {}).sort()).toEqual([
      "mode",
      "returnUrl",
    ]);
  });

  it("API-64 RT-06 play: the platform a sportsbook's token request names (1 mobile, 2 desktop) is checked, not used", async () => {
    const p = await signedIn();
    const onMobile = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      payload: { mode: "real", platform: 1 },
    });
    expect(onMobile.statusCode, onMobile.body).toBe(200);
    const badPlatform = await app.inject({
      method: "POST",
      url: "/api/game/games/gold-rush/play",
      headers: p.headers,
      payload: { mode: "real", platform: 3 },
    });
    expect(Object.keys(expectErrorBody(badPlatform.json()).error.fields ?? {})).toEqual([
      "platform",
    ]);
  });

  it("GM-02 a sportsbook's catalogue game and provider stay out of the casino lists; /betting still launches it", async () => {
    const [provider] = await app.testDb.query<{ id: number }>(
      `INSERT INTO game_providers (slug, name, kind, position)
       VALUES ('lobby-book', 'Lobby Book', 'sportsbook', 0) RETURNING id`,
    );
    await app.testDb.query(
      `INSERT INTO games (provider_id, code, slug, title, is_mobile, is_desktop)
       VALUES ($1, 'book', 'lobby-book', 'Lobby Book Sports', true, true)`,
      [provider?.id],
    );
    expect((await games("?search=lobby%20book")).meta.total).toBe(0);
    expect((await games("?perPage=100&sort=newest")).data.map((g) => g.slug)).not.toContain(
      "lobby-book",
    );
    const providers = await get("/api/game/providers");
    expect(providers.statusCode).toBe(200);
    expect(
      (providers.json() as { data: { slug: string }[] }).data.map((p) => p.slug),
    ).not.toContain("lobby-book");
    const p = await signedIn();
    const launch = await app.inject({
      method: "POST",
      url: "/api/game/games/lobby-book/play",
      headers: p.headers,
      payload: { mode: "real" },
    });
    expect(launch.statusCode, launch.body).toBe(200);
  });

  it("API-65 API-66 API-67 BE-32 GM-05 GM-06 favorites: add, list newest first, detail says so, remove; guests get 401", async () => {
    const p = await signedIn();
    expect((await get("/api/game/games/favorites")).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "POST", url: "/api/game/games/dice/favorite" })).statusCode,
    ).toBe(401);
    for (const slug of ["dice", "gold-rush"]) {
      const added = await app.inject({
        method: "POST",
        url: `/api/game/games/${slug}/favorite`,
        headers: p.headers,
      });
      expect(added.json()).toEqual({ data: { isFavorite: true } });
      app.clock.advance(1);
    }
    // Twice is fine.
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/game/games/dice/favorite",
          headers: p.headers,
        })
      ).statusCode,
    ).toBe(200);
    const list = GameListPlain.parse((await get("/api/game/games/favorites", p.headers)).json());
    expect(list.data.map((game) => game.slug)).toEqual(["gold-rush", "dice"]);
    expect(
      GameDetailResponse.parse((await get("/api/game/games/dice", p.headers)).json()).data
        .isFavorite,
    ).toBe(true);
    const removed = await app.inject({
      method: "DELETE",
      url: "/api/game/games/dice/favorite",
      headers: p.headers,
    });
    expect(removed.json()).toEqual({ data: { isFavorite: false } });
    const after = GameListPlain.parse((await get("/api/game/games/favorites", p.headers)).json());
    expect(after.data.map((game) => game.slug)).toEqual(["gold-rush"]);
    expectErrorCode(
      await app.inject({
        method: "POST",
        url: "/api/game/games/no-such-game/favorite",
        headers: p.headers,
      }),
      404,
      404,
    );
  });

  it("API-71 BE-32 GM-07 recently played: the games launched, latest first", async () => {
    const p = await signedIn();
    for (const slug of ["dice", "limbo", "dice"]) {
      const launched = await app.inject({
        method: "POST",
        url: `/api/game/games/${slug}/play`,
        headers: p.headers,
      });
      expect(launched.statusCode).toBe(200);
      app.clock.advance(1);
    }
    const played = GameListPlain.parse((await get("/api/game/games/played", p.headers)).json());
    expect(played.data.map((game) => game.slug)).toEqual(["dice", "limbo"]);
    expect((await get("/api/game/games/played")).statusCode).toBe(401);
  });

  it("API-68 API-69 API-70 BE-32 GM-09 GM-10 spins and bets history (page, perPage, isSettled) and the winners feed", async () => {
    const p = await signedIn();
    const wallets = walletRepository(app.testDb);
    const account = (await wallets.findByCurrency(p.tokens.profileId, "EUR"))!;
    await postInTransaction(app.testDb, [
      {
        key: `catalogue-fund-${account.id}`,
        kind: "payment.deposit",
        legs: [
          {
            account: await wallets.houseAccount("deposits", "EUR"),
            currency: "EUR",
            amount: -5000n,
          },
          { account: account.ledger.real, currency: "EUR", amount: 5000n },
        ],
      },
    ]);
    const token = GameLaunchResponse.parse(
      (
        await app.inject({
          method: "POST",
          url: "/api/game/games/gold-rush/play",
          headers: p.headers,
        })
      ).json(),
    ).data.token;
    const call = (action: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ token, currency: "EUR", ...body });
      const timestamp = Math.floor(app.clock.now().getTime() / 1000);
      return app.inject({
        method: "POST",
        url: `/api/game/wallet/sandbox-slots/${action}`,
        headers: {
          "content-type": "application/json",
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signProviderRequest(SECRET, timestamp, raw),
        },
        payload: raw,
      });
    };
    const tag = randomBytes(3).toString("hex");
    // Round 1 won, round 2 lost, round 3 open.
    for (const [round, bet, win] of [
      [1, "2.00", "7.50"],
      [2, "1.00", "0"],
      [3, "3.00", null],
    ] as const) {
      expect(
        (
          await call("bet", {
            transactionId: `b${round}-${tag}`,
            roundId: `r${round}-${tag}`,
            amount: bet,
          })
        ).statusCode,
      ).toBe(200);
      if (win !== null) {
        expect(
          (
            await call("win", {
              transactionId: `w${round}-${tag}`,
              roundId: `r${round}-${tag}`,
              amount: win,
            })
          ).statusCode,
        ).toBe(200);
      }
    }
    const spins = GameRoundList.parse(
      (await get("/api/game/spins?page=1&perPage=2", p.headers)).json(),
    );
    expect(spins.meta).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(
      spins.data.map((round) => [round.betAmount, round.winAmount, round.status, round.isSettled]),
    ).toEqual([
      ["3.00", "0.00", 1, false],
      ["1.00", "0.00", 3, true],
    ]);
    expect(spins.data[0]).toMatchObject({
      gameTitle: "Gold Rush",
      providerName: "Sandbox Slots",
      currency: "EUR",
    });
    const second = GameRoundList.parse(
      (await get("/api/game/spins?page=2&perPage=2", p.headers)).json(),
    );
    expect(second.data.map((round) => round.status)).toEqual([2]);
    const settled = GameRoundList.parse(
      (await get("/api/game/bets?isSettled=1", p.headers)).json(),
    );
    expect(settled.data.map((round) => round.status)).toEqual([3, 2]);
    const open = GameRoundList.parse(
      (await get("/api/game/bets?isSettled=false&page=1&perPage=10", p.headers)).json(),
    );
    expect(open.data.map((round) => round.status)).toEqual([1]);
    expectErrorCode(await get("/api/game/bets?isSettled=maybe", p.headers), 422, 422);

    const winners = GameWinnerList.parse((await get("/api/game/spins/winners")).json());
    const mine = winners.data.find(
      (winner) => winner.amount === "7.50" && winner.gameSlug === "gold-rush",
    );
    expect(mine).toBeDefined();
    expect(mine!.nickname).toMatch(/^\w\*+\w$/);
  });
});
