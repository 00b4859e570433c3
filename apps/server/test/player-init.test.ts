import { InitResponse } from "@casino/contract/init";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createTestApp, ipv4InCountry, type TestApp } from "./helpers";

describe("GET /api/player/init", () => {
  let app: TestApp;
  const extraApps: FastifyInstance[] = [];
  const appWith = async (env: Record<string, string>) => {
    const extra = await buildTestApp(app.testDb, env);
    extraApps.push(extra);
    return extra;
  };
  const init = async (target: FastifyInstance, options: InjectOptions = {}) => {
    const response = await target.inject({ ...options, url: "/api/player/init" });
    expect(response.statusCode).toBe(200);
    return InitResponse.parse(response.json());
  };

  /** The seeded sandbox sportsbook's catalogue game (null while none is seeded). */
  let sportsbookGameId: number | null = null;
  beforeAll(async () => {
    // The defaults an operator starts from, without the development sandbox identity service.
    app = await createTestApp({ SANDBOX_OIDC: "false" });
    const [row] = await app.testDb.query<{ id: number }>(
      `SELECT g.id FROM games g JOIN game_providers p ON p.id = g.provider_id
        WHERE p.kind = 'sportsbook' AND p.is_enabled AND g.is_enabled
        ORDER BY p.position, p.id, g.id LIMIT 1`,
    );
    sportsbookGameId = row ? Number(row.id) : null;
  });
  afterAll(async () => {
    for (const extra of extraApps) await extra.close();
    await app?.close();
  });

  it("API-05 BE-07 answers without a payload with the default public settings", async () => {
    const response = await app.inject({ url: "/api/player/init" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = InitResponse.parse(response.json());
    expect(body.defaultLocale).toBe("en");
    expect(body.settings).toEqual({
      signIn: { tabsDisplay: "both" },
      signUp: { tabsDisplay: "both" },
      // The sandbox sportsbook, on with the sandboxes (docs/sportsbook.md).
      betting: {
        clientHost: expect.stringMatching(/^http:\/\/[^/]+\/sportsbook$/),
        clientId: "sandbox",
        gameId: sportsbookGameId,
        theme: "dark",
        customStyles: null,
      },
      loyalty: { enabled: true },
      quests: { enabled: true },
      turnOverWager: { enabled: true },
      limits: { depositAllCurrencies: false },
      verification: { enabled: true, provider: "sandbox", hideDocuments: false },
      affiliateTagExpiration: 30,
      wallet: {
        showFilledFields: false,
        withdrawShowAllFields: false,
        depositDefaultDecline: false,
      },
      chat: { provider: "builtin", guestAvailable: false, widgetUrl: null },
      tagManager: { scriptUrl: null },
      social: { providers: [], identityService: null, messagingApp: null },
    });
  });

  it("GEO-01 BE-13 init carries the request country's restriction, unlisted countries included", async () => {
    const trusting = await appWith({ COUNTRY_HEADER: "cf-ipcountry" });
    const restrictionOf = async (country: string) =>
      (await init(trusting, { headers: { "cf-ipcountry": country } })).countryRestriction;
    expect(await restrictionOf("BE")).toEqual({ restrict: true, restrictType: 1 });
    expect(await restrictionOf("CU")).toEqual({ restrict: true, restrictType: 2 });
    expect(await restrictionOf("DE")).toEqual({ restrict: false, restrictType: null });
    // An operator restricts a country that the public country list leaves out (spec §9).
    await app.testDb.query(
      "UPDATE countries SET is_restricted = true, restrict_type = 2 WHERE code = 'US'",
    );
    expect(await restrictionOf("US")).toEqual({ restrict: true, restrictType: 2 });
    const listed = (await trusting.inject({ url: "/api/settings/countries" })).json() as {
      data: { code: string }[];
    };
    expect(listed.data.map((c) => c.code)).not.toContain("US");
    expect((await init(app)).countryRestriction).toBeNull();
  });

  it("BE-06 loopback requests have no country, and DEFAULT_COUNTRY fills in", async () => {
    expect((await init(app)).country).toBeNull();
    const withDefault = await appWith({ DEFAULT_COUNTRY: "ca" });
    expect((await init(withDefault)).country).toBe("CA");
  });

  it("BE-06 the country comes from GeoIP of the client address (IPv4 and IPv6)", async () => {
    const germanIp = ipv4InCountry("DE");
    expect((await init(app, { remoteAddress: germanIp })).country).toBe("DE");
    const brazilianIp = ipv4InCountry("BR");
    expect((await init(app, { remoteAddress: brazilianIp })).country).toBe("BR");
    expect((await init(app, { remoteAddress: `::ffff:${germanIp}` })).country).toBe("DE");
    // 2001:470:5:4::/64 is listed as BR in the GeoLite2 IPv6 data.
    expect((await init(app, { remoteAddress: "2001:470:5:4::1" })).country).toBe("BR");
    expect((await init(app, { remoteAddress: "10.1.2.3" })).country).toBeNull();
  });

  it("BE-06 a spoofed country header is ignored unless COUNTRY_HEADER trusts it", async () => {
    const plain = await init(app, { headers: { "cf-ipcountry": "BE" } });
    expect(plain.country).toBeNull();
    const trusting = await appWith({ COUNTRY_HEADER: "CF-IPCountry", DEFAULT_COUNTRY: "CA" });
    expect((await init(trusting, { headers: { "cf-ipcountry": "be" } })).country).toBe("BE");
    // The header wins over GeoIP; junk in it falls back to GeoIP, then the default.
    const germanIp = ipv4InCountry("DE");
    expect(
      (await init(trusting, { headers: { "cf-ipcountry": "CU" }, remoteAddress: germanIp }))
        .country,
    ).toBe("CU");
    expect(
      (await init(trusting, { headers: { "cf-ipcountry": "XX" }, remoteAddress: germanIp }))
        .country,
    ).toBe("DE");
    expect((await init(trusting, { headers: { "cf-ipcountry": "Germany" } })).country).toBe("CA");
  });

  it("BE-06 with TRUST_PROXY the client address comes from X-Forwarded-For", async () => {
    const brazilianIp = ipv4InCountry("BR");
    const untrusted = await init(app, { headers: { "x-forwarded-for": brazilianIp } });
    expect(untrusted.country).toBeNull();
    const proxied = await appWith({ TRUST_PROXY: "true" });
    expect((await init(proxied, { headers: { "x-forwarded-for": brazilianIp } })).country).toBe(
      "BR",
    );
  });

  it("BE-07 RT-28 betting.gameId is the first switched-on sportsbook provider's game; empty host turns betting off", async () => {
    const db = app.testDb;
    const before = await db.query<{ id: number }>(
      "SELECT id FROM game_providers WHERE kind = 'sportsbook' AND is_enabled",
    );
    await db.query("UPDATE game_providers SET is_enabled = false WHERE kind = 'sportsbook'");
    const [provider] = await db.query<{ id: number }>(
      `INSERT INTO game_providers (slug, name, kind, position)
       VALUES ('init-book', 'Init Book', 'sportsbook', 0) RETURNING id`,
    );
    const [game] = await db.query<{ id: number }>(
      `INSERT INTO games (provider_id, code, slug, title)
       VALUES ($1, 'book', 'init-book', 'Sports') RETURNING id`,
      [provider?.id],
    );
    expect((await init(app)).settings.betting.gameId).toBe(Number(game?.id));

    // A switched-off provider offers no game.
    await db.query("UPDATE game_providers SET is_enabled = false WHERE id = $1", [provider?.id]);
    expect((await init(app)).settings.betting.gameId).toBeNull();

    const off = await appWith({ BETTING_CLIENT_HOST: "" });
    expect((await init(off)).settings.betting).toMatchObject({
      clientHost: null,
      clientId: "sandbox",
    });

    await db.query("UPDATE game_providers SET is_enabled = true WHERE id = ANY ($1::int[])", [
      before.map((row) => Number(row.id)),
    ]);
    await db.query("DELETE FROM games WHERE id = $1", [game?.id]);
    await db.query("DELETE FROM game_providers WHERE id = $1", [provider?.id]);
  });

  it("BE-07 environment variables override the stored public settings", async () => {
    const configured = await appWith({
      SIGN_IN_TABS: "email",
      SIGN_UP_TABS: "phone",
      BETTING_CLIENT_HOST: "https://sportsbook.example",
      BETTING_CLIENT_ID: "casino-1",
      BETTING_THEME: "light",
      BETTING_CUSTOM_STYLES: "https://casino.example/sportsbook.css",
      LOYALTY_ENABLED: "false",
      QUESTS_ENABLED: "0",
      TURN_OVER_WAGER_ENABLED: "off",
      DEPOSIT_LIMITS_ALL_CURRENCIES: "true",
      VERIFICATION_PROVIDER: "",
      VERIFICATION_HIDE_DOCUMENTS: "true",
      AFFILIATE_TAG_EXPIRATION_DAYS: "7",
      WALLET_SHOW_FILLED_FIELDS: "1",
      WITHDRAW_SHOW_ALL_FIELDS: "yes",
      DEPOSIT_DEFAULT_DECLINE: "on",
      CHAT_GUEST_AVAILABLE: "true",
      CHAT_PROVIDER: "widget",
      SOCIAL_PROVIDERS: "google, facebook",
      SOCIAL_IDENTITY_SERVICE: "auth0",
      SOCIAL_IDENTITY_CONNECTIONS: "apple,twitch",
      SOCIAL_MESSAGING_BOT: "casino_bot",
      SOCIAL_MESSAGING_AUTH_URL: "https://casino.example/api/player/sessions/social/telegram",
    });
    const { settings } = await init(configured);
    expect(settings).toEqual({
      signIn: { tabsDisplay: "email" },
      signUp: { tabsDisplay: "phone" },
      betting: {
        clientHost: "https://sportsbook.example",
        clientId: "casino-1",
        gameId: sportsbookGameId,
        theme: "light",
        customStyles: "https://casino.example/sportsbook.css",
      },
      loyalty: { enabled: false },
      quests: { enabled: false },
      turnOverWager: { enabled: false },
      limits: { depositAllCurrencies: true },
      verification: { enabled: false, provider: null, hideDocuments: true },
      affiliateTagExpiration: 7,
      wallet: { showFilledFields: true, withdrawShowAllFields: true, depositDefaultDecline: true },
      chat: { provider: "widget", guestAvailable: true, widgetUrl: null },
      tagManager: { scriptUrl: null },
      social: {
        providers: ["google", "facebook"],
        identityService: { name: "auth0", connections: ["apple", "twitch"] },
        messagingApp: {
          bot: "casino_bot",
          authUrl: "https://casino.example/api/player/sessions/social/telegram",
        },
      },
    });
  });

  it("BE-07 with the sandbox on and no identity service configured, the sandbox is offered", async () => {
    const withSandbox = await appWith({ SANDBOX_OIDC: "true" });
    expect((await init(withSandbox)).settings.social.identityService).toEqual({
      name: "sandbox",
      connections: ["sandbox"],
    });
    const configured = await appWith({
      SANDBOX_OIDC: "true",
      SOCIAL_IDENTITY_SERVICE: "auth0",
      SOCIAL_IDENTITY_CONNECTIONS: "google-oauth2,github",
    });
    expect((await init(configured)).settings.social.identityService).toEqual({
      name: "auth0",
      connections: ["google-oauth2", "github"],
    });
  });

  it("BE-07 the messaging-app login needs both bot and auth URL", async () => {
    const half = await appWith({ SOCIAL_MESSAGING_BOT: "casino_bot" });
    expect((await init(half)).settings.social.messagingApp).toBeNull();
  });

  it("BE-07 public settings are data: an operator's edit of site_settings shows at once", async () => {
    await app.testDb.query(
      `UPDATE site_settings SET value = '"phone"'::jsonb WHERE key = 'signUp.tabsDisplay'`,
    );
    try {
      expect((await init(app)).settings.signUp.tabsDisplay).toBe("phone");
      // A row with a wrong type falls back to the default instead of failing the call.
      await app.testDb.query(
        `UPDATE site_settings SET value = '"maybe"'::jsonb WHERE key = 'signUp.tabsDisplay'`,
      );
      expect((await init(app)).settings.signUp.tabsDisplay).toBe("both");
    } finally {
      await app.testDb.query(
        `UPDATE site_settings SET value = '"both"'::jsonb WHERE key = 'signUp.tabsDisplay'`,
      );
    }
  });
});
