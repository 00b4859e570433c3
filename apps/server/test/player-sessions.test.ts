import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  freshIp,
  json,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
  type Tokens,
  tokensOf,
} from "./player-helpers";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface SessionItem {
  id: string;
  device: string;
  ip: string | null;
  country: string | null;
  createdAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
}

describe("sessions", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = async (email: string, password: string, userAgent?: string, ip = freshIp()) => {
    const response = await loginAs(app, email, password, ip, userAgent);
    expect(response.statusCode).toBe(201);
    return tokensOf(response);
  };
  const profile = (accessToken: string) =>
    app.inject({ method: "GET", url: "/api/player/profile", headers: bearer(accessToken) });
  const refresh = (sessionToken: string) =>
    app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: bearer(sessionToken),
    });
  const list = (accessToken: string, query = "") =>
    app.inject({
      method: "GET",
      url: `/api/player/sessions${query}`,
      headers: bearer(accessToken),
    });

  it("SE-06 BE-12 authenticated routes answer 401 without, with a malformed, a forged or an expired token", async () => {
    expect((await app.inject({ method: "GET", url: "/api/player/profile" })).statusCode).toBe(401);
    expect((await profile("not-a-jwt")).statusCode).toBe(401);
    const { tokens } = await registerByEmail(app);
    const [header, payload] = tokens.accessToken.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    expect((await profile(forged)).statusCode).toBe(401);
    const body = expectErrorBody((await profile(forged)).json());
    expect(body.error.code).toBe(401);

    app.clock.advance(899);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
    app.clock.advance(2);
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
  });

  it("API-12 SE-02 BE-14 refresh takes the bearer session token and returns a new access token and a new session token", async () => {
    const { tokens } = await registerByEmail(app);
    app.clock.advance(1000);
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
    const response = await refresh(tokens.sessionToken);
    expect(response.statusCode).toBe(200);
    const renewed = json<{ data: Tokens }>(response).data;
    // ADR 0022: every refresh rotates the session token; a bearer client gets it in the body.
    expect(renewed.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.sessionToken).not.toBe(tokens.sessionToken);
    expect(renewed.profileId).toBe(tokens.profileId);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(new Date(renewed.expiresAt).getTime()).toBe(app.clock.current.getTime() + 900_000);
    expect((await profile(renewed.accessToken)).statusCode).toBe(200);
  });

  it("SE-05 BE-14 refresh with an unknown token, an access token or no header is a 401", async () => {
    const { tokens } = await registerByEmail(app);
    expect((await refresh("x".repeat(43))).statusCode).toBe(401);
    expect((await refresh(tokens.accessToken)).statusCode).toBe(401);
    const none = await app.inject({ method: "POST", url: "/api/player/sessions/refresh" });
    expect(none.statusCode).toBe(401);
  });

  it("API-13 SE-07 BE-15 logout revokes the session: its access token and refresh fail at once", async () => {
    const { tokens } = await registerByEmail(app);
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(tokens.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(json(logout)).toEqual({ data: { ok: true } });
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.sessionToken)).statusCode).toBe(401);
  });

  it("SE-07 BE-15 logout also works with an expired access token or the session token", async () => {
    const first = await registerByEmail(app);
    app.clock.advance(3600);
    const expired = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(first.tokens.accessToken),
    });
    expect(expired.statusCode).toBe(200);
    expect((await refresh(first.tokens.sessionToken)).statusCode).toBe(401);

    const second = await registerByEmail(app);
    const bySessionToken = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(second.tokens.sessionToken),
    });
    expect(bySessionToken.statusCode).toBe(200);
    expect((await profile(second.tokens.accessToken)).statusCode).toBe(401);

    for (const headers of [bearer("junk"), {}]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/player/sessions/logout",
        headers,
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("API-25 PR-05 BE-15 lists live sessions newest first with device, IP and the current one marked", async () => {
    const { email, password } = await registerByEmail(app);
    app.clock.advance(10);
    const first = await signIn(email, password, CHROME_LINUX, "198.51.100.7");
    app.clock.advance(10);
    const second = await signIn(email, password, SAFARI_IOS);
    const response = await list(second.accessToken);
    expect(response.statusCode).toBe(200);
    const body = json<{
      data: SessionItem[];
      meta: { page: number; perPage: number; total: number };
    }>(response);
    // The registration session, then the two sign-ins.
    expect(body.meta).toEqual({ page: 1, perPage: 20, total: 3 });
    expect(body.data[0]).toMatchObject({ device: "Safari on iOS", isCurrent: true });
    expect(body.data[1]).toMatchObject({
      device: "Chrome on Linux",
      ip: "198.51.100.7",
      isCurrent: false,
    });
    expect(body.data[0]!.createdAt > body.data[1]!.createdAt).toBe(true);

    const page2 = json<{ data: SessionItem[]; meta: { total: number } }>(
      await list(second.accessToken, "?page=2&perPage=2"),
    );
    expect(page2.data).toHaveLength(1);
    expect(page2.meta.total).toBe(3);
    expect((await list(second.accessToken, "?perPage=0")).statusCode).toBe(422);
    expect(first.profileId).toBe(second.profileId);
  });

  it("API-26 PR-05 BE-15 closing a session revokes it at once; another player's session is a 404", async () => {
    const { email, password } = await registerByEmail(app);
    const phone = await signIn(email, password, SAFARI_IOS);
    const desktop = await signIn(email, password, CHROME_LINUX);
    const sessions = json<{ data: SessionItem[] }>(await list(desktop.accessToken)).data;
    const phoneSession = sessions.find((session) => session.device === "Safari on iOS")!;

    const other = await registerByEmail(app);
    const foreign = await app.inject({
      method: "PUT",
      url: `/api/player/sessions/${phoneSession.id}/close`,
      headers: bearer(other.tokens.accessToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await profile(phone.accessToken)).statusCode).toBe(200);

    const close = await app.inject({
      method: "PUT",
      url: `/api/player/sessions/${phoneSession.id}/close`,
      headers: bearer(desktop.accessToken),
    });
    expect(close.statusCode).toBe(200);
    expect((await profile(phone.accessToken)).statusCode).toBe(401);
    expect((await refresh(phone.sessionToken)).statusCode).toBe(401);
    expect((await profile(desktop.accessToken)).statusCode).toBe(200);
    const remaining = json<{ data: SessionItem[] }>(await list(desktop.accessToken)).data;
    expect(remaining.map((session) => session.id)).not.toContain(phoneSession.id);

    const malformed = await app.inject({
      method: "PUT",
      url: "/api/player/sessions/not-a-uuid/close",
      headers: bearer(desktop.accessToken),
    });
    expect(malformed.statusCode).toBe(422);
  });

  it("BE-15 last_seen_at moves at most once a minute", async () => {
    const { tokens } = await registerByEmail(app);
    const lastSeen = async () =>
      (
        await app.testDb.query<{ last_seen_at: Date }>(
          "SELECT last_seen_at FROM player_sessions WHERE player_id = $1",
          [tokens.profileId],
        )
      )[0]!.last_seen_at.getTime();
    const start = await lastSeen();
    app.clock.advance(30);
    await profile(tokens.accessToken);
    expect(await lastSeen()).toBe(start);
    app.clock.advance(31);
    await profile(tokens.accessToken);
    expect(await lastSeen()).toBe(start + 61_000);
  });

  it("BE-12 a player blocked after sign-in gets 403 code 11040 on the next call and on refresh", async () => {
    const { tokens } = await registerByEmail(app);
    await app.testDb.query("UPDATE players SET status = 3 WHERE id = $1", [tokens.profileId]);
    const response = await profile(tokens.accessToken);
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response.json()).error.code).toBe(11040);
    expect((await refresh(tokens.sessionToken)).statusCode).toBe(403);
  });

  it("BE-03 player-scoped endpoints answer 401 without, with a junk or an expired token, and 403 for a blocked account", async () => {
    const urls = [
      "/api/player/profile",
      "/api/player/sessions",
      "/api/player/documents",
      "/api/player/limits",
      "/api/wallet/accounts",
      "/api/payment/invoices",
      "/api/payment/invoices/statistics",
      "/api/game/games/favorites",
      "/api/game/bets",
      "/api/notification/messenger/messages",
    ];
    const { tokens } = await registerByEmail(app);
    const call = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url, headers });
    for (const url of urls) {
      expect((await call(url)).statusCode, url).toBe(401);
      expect((await call(url, bearer("junk") as Record<string, string>)).statusCode, url).toBe(401);
      const ok = await call(url, bearer(tokens.accessToken) as Record<string, string>);
      expect(ok.statusCode, `${url} ${ok.body}`).toBe(200);
    }
    await app.testDb.query("UPDATE players SET status = 3 WHERE id = $1", [tokens.profileId]);
    for (const url of urls) {
      const blocked = await call(url, bearer(tokens.accessToken) as Record<string, string>);
      expect(blocked.statusCode, url).toBe(403);
      expect(expectErrorBody(blocked.json()).error.code).toBe(11040);
    }
    app.clock.advance(901);
    for (const url of urls) {
      const expired = await call(url, bearer(tokens.accessToken) as Record<string, string>);
      expect(expired.statusCode, url).toBe(401);
    }
  });

  it("BE-15 only hashes of session tokens are stored", async () => {
    const { tokens } = await registerByEmail(app);
    const rows = await app.testDb.query<{ token_hash: string }>(
      "SELECT token_hash FROM player_sessions WHERE player_id = $1",
      [tokens.profileId],
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(tokens.sessionToken);
  });
});
