// ADR 0022: the session token in an HttpOnly cookie, rotated by every refresh (reuse ends the
// session, a short grace for two tabs), idle and absolute lifetimes, CSRF checks on the routes
// that read the cookie.
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fixturesDir, type TestApp } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  FAST_HASH_ENV,
  json,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
  registrationBody,
  sessionCookieOf,
  TestClock,
  type Tokens,
} from "./player-helpers";

const ORIGIN = "http://127.0.0.1:3000";

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [String(header)] : [];
}

function sessionSetCookie(response: LightMyRequestResponse): string | undefined {
  return setCookies(response).find((cookie) => /^(__Host-)?casino_session=/.test(cookie));
}

describe("session cookie (http site)", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const profile = (accessToken: string) =>
    app.inject({ method: "GET", url: "/api/player/profile", headers: bearer(accessToken) });
  const refreshWithCookie = (token: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: { cookie: `casino_session=${token}`, origin: ORIGIN, ...headers },
    });
  const signIn = async () => {
    const { email, password } = await registerByEmail(app);
    const response = await loginAs(app, email, password);
    expect(response.statusCode).toBe(201);
    const token = sessionCookieOf(response);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { response, token: token!, body: json<{ data: Tokens }>(response).data };
  };

  it("a sign-in sets an HttpOnly SameSite=Lax cookie for the session's lifetime; the body has no session token", async () => {
    const { response, body } = await signIn();
    expect(body.sessionToken).toBe("");
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatch(/^casino_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=7776000");
    expect(cookie).not.toContain("Secure");
    expect(response.body).not.toContain(sessionCookieOf(response)!);

    const registered = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody(),
    });
    expect(registered.statusCode).toBe(201);
    expect(json<{ data: Tokens }>(registered).data.sessionToken).toBe("");
    expect(sessionCookieOf(registered)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refresh reads the cookie, rotates it and answers an access token; the body carries no session token", async () => {
    const { token, body } = await signIn();
    const response = await refreshWithCookie(token);
    expect(response.statusCode).toBe(200);
    const renewed = json<{ data: Tokens }>(response).data;
    expect(renewed.sessionToken).toBe("");
    expect(renewed.profileId).toBe(body.profileId);
    expect((await profile(renewed.accessToken)).statusCode).toBe(200);
    const rotated = sessionCookieOf(response);
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(token);
    expect(sessionSetCookie(response)).toContain("HttpOnly");
    // The new one refreshes in turn.
    expect((await refreshWithCookie(rotated!)).statusCode).toBe(200);
  });

  it("refresh and logout with the cookie refuse a cross-site request (403) and keep the session", async () => {
    const { token } = await signIn();
    const crossOrigin = await refreshWithCookie(token, { origin: "https://evil.example" });
    expect(crossOrigin.statusCode).toBe(403);
    const crossSite = await refreshWithCookie(token, { "sec-fetch-site": "cross-site" });
    expect(crossSite.statusCode).toBe(403);
    const nullOrigin = await refreshWithCookie(token, { origin: "null" });
    expect(nullOrigin.statusCode).toBe(403);
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: { cookie: `casino_session=${token}`, origin: "https://evil.example" },
    });
    expect(logout.statusCode).toBe(403);
    // Still the current token: none of the refused calls rotated or ended it.
    const ok = await refreshWithCookie(token, { "sec-fetch-site": "same-origin" });
    expect(ok.statusCode).toBe(200);
  });

  it("logout with the cookie alone ends the session and clears the cookie", async () => {
    const { token, body } = await signIn();
    const logout = await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: { cookie: `casino_session=${token}`, origin: ORIGIN },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = sessionSetCookie(logout)!;
    expect(cleared).toMatch(/^casino_session=; /);
    expect(cleared).toContain("Max-Age=0");
    expect((await profile(body.accessToken)).statusCode).toBe(401);
    const refused = await refreshWithCookie(token);
    expect(refused.statusCode).toBe(401);
    // A refused cookie is cleared too, so the browser stops sending it.
    expect(sessionSetCookie(refused)).toContain("Max-Age=0");
  });

  it("a rotated-out token presented after the grace window ends the whole session (reuse), 401", async () => {
    const { token, body } = await signIn();
    const first = await refreshWithCookie(token);
    const current = sessionCookieOf(first)!;
    const access = json<{ data: Tokens }>(first).data.accessToken;
    app.clock.advance(11);
    const reuse = await refreshWithCookie(token);
    expect(reuse.statusCode).toBe(401);
    // The thief's copy and the owner's: both dead, as are the access tokens.
    expect((await refreshWithCookie(current)).statusCode).toBe(401);
    expect((await profile(access)).statusCode).toBe(401);
    expect((await profile(body.accessToken)).statusCode).toBe(401);
    const sessions = await app.testDb.query<{ revoke_reason: string | null }>(
      "SELECT revoke_reason FROM player_sessions WHERE player_id = $1 AND method = 'password'",
      [body.profileId],
    );
    expect(sessions.map((row) => row.revoke_reason)).toEqual(["token_reuse"]);
  });

  it("a token two rotations old is a reuse too", async () => {
    const { token } = await signIn();
    const second = sessionCookieOf(await refreshWithCookie(token))!;
    app.clock.advance(60);
    const third = sessionCookieOf(await refreshWithCookie(second))!;
    app.clock.advance(60);
    expect((await refreshWithCookie(token)).statusCode).toBe(401);
    expect((await refreshWithCookie(third)).statusCode).toBe(401);
  });

  it("two tabs refreshing at once with the same token both get an access token; one new cookie, which keeps working", async () => {
    const { token } = await signIn();
    const answers = await Promise.all([refreshWithCookie(token), refreshWithCookie(token)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const answer of answers) {
      const access = json<{ data: Tokens }>(answer).data.accessToken;
      expect((await profile(access)).statusCode).toBe(200);
    }
    const rotated = answers.map(sessionCookieOf).filter((value) => value !== null);
    expect(rotated).toHaveLength(1);
    // Within the grace window the old token still gets an access token, and no new cookie.
    app.clock.advance(5);
    const late = await refreshWithCookie(token);
    expect(late.statusCode).toBe(200);
    expect(sessionSetCookie(late)).toBeUndefined();
    expect((await refreshWithCookie(rotated[0]!)).statusCode).toBe(200);
  });

  it("a bearer client (no cookie) still refreshes with the session token and gets the rotated one in the body", async () => {
    const { token } = await signIn();
    const response = await app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const next = json<{ data: Tokens }>(response).data.sessionToken;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sessionSetCookie(response)).toBeUndefined();
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/player/sessions/refresh",
          headers: bearer(next),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("the web app's older script-readable sessionToken cookie refreshes once and is moved into the HttpOnly cookie", async () => {
    const { token } = await signIn();
    const response = await app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: { cookie: `token=x; sessionToken=${token}`, origin: ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookies(response)).toContain("sessionToken=; Path=/; Max-Age=0; SameSite=Lax");
  });
});

describe("session lifetimes", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    // Access tokens that outlive the session, so the session's own lifetimes are what ends them.
    app = await createPlayerTestApp({
      ACCESS_TOKEN_TTL_SECONDS: "86400",
      SESSION_IDLE_TIMEOUT_SECONDS: "3600",
      SESSION_MAX_AGE_SECONDS: "10800",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const profile = (accessToken: string) =>
    app.inject({ method: "GET", url: "/api/player/profile", headers: bearer(accessToken) });
  const refresh = (sessionToken: string) =>
    app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: bearer(sessionToken),
    });
  const sessionCount = async (accessToken: string) =>
    json<{ meta: { total: number } }>(
      await app.inject({
        method: "GET",
        url: "/api/player/sessions",
        headers: bearer(accessToken),
      }),
    ).meta.total;

  it("a session unused for SESSION_IDLE_TIMEOUT_SECONDS ends: 401 on refresh and on authenticated calls", async () => {
    const { email, password, tokens } = await registerByEmail(app);
    const idle = json<{ data: Tokens }>(await loginAs(app, email, password)).data;
    app.clock.advance(1800);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
    expect(await sessionCount(tokens.accessToken)).toBe(2);
    app.clock.advance(1801);
    // The registration session was used 1801 s ago, the sign-in's 3601 s ago.
    expect((await profile(idle.accessToken)).statusCode).toBe(401);
    expect(await sessionCount(tokens.accessToken)).toBe(1);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
    app.clock.advance(3601);
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.sessionToken)).statusCode).toBe(401);
  });

  it("a session ends SESSION_MAX_AGE_SECONDS after sign-in however active", async () => {
    const { tokens } = await registerByEmail(app);
    let sessionToken = tokens.sessionToken;
    let accessToken = tokens.accessToken;
    for (let elapsed = 0; elapsed < 10_800 - 1800; elapsed += 1800) {
      app.clock.advance(1800);
      const response = await refresh(sessionToken);
      expect(response.statusCode).toBe(200);
      ({ sessionToken, accessToken } = json<{ data: Tokens }>(response).data);
      expect((await profile(accessToken)).statusCode).toBe(200);
    }
    app.clock.advance(1800);
    expect((await profile(accessToken)).statusCode).toBe(401);
    expect((await refresh(sessionToken)).statusCode).toBe(401);
  });
});

describe("session cookie (https site)", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp({ PUBLIC_URL: "https://casino.example" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is a Secure __Host- cookie, and refresh takes it from the site's origin", async () => {
    const { email, password } = await registerByEmail(app);
    const response = await loginAs(app, email, password);
    const cookie = sessionSetCookie(response)!;
    expect(cookie).toMatch(/^__Host-casino_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    const token = sessionCookieOf(response)!;
    const refreshed = await app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: { cookie: `__Host-casino_session=${token}`, origin: "https://casino.example" },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(sessionSetCookie(refreshed)).toContain("Secure");
    // The plain name is not read on an https site.
    const plain = await app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: { cookie: `casino_session=${sessionCookieOf(refreshed)}` },
    });
    expect(plain.statusCode).toBe(401);
  });
});

describe("signed-in pages rendered on the server (session cookie, no fresh access token)", () => {
  let app: TestApp & { clock: TestClock };
  beforeAll(async () => {
    const clock = new TestClock();
    const built = await createTestApp(
      { ...FAST_HASH_ENV, WEB_BUILD_DIR: path.join(fixturesDir, "web-build") },
      { ssr: true, now: clock.now },
    );
    app = Object.assign(built, { clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const renderedCookie = (html: string): string | null => {
    const match = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html);
    return (JSON.parse(match![1]!) as { root: { cookie: string | null } }).root.cookie;
  };
  const tokenSetCookie = (response: LightMyRequestResponse) =>
    setCookies(response).find((cookie) => cookie.startsWith("token="));

  it("the render gets a fresh access token from the live session cookie, and the browser its token cookie", async () => {
    const { email, password } = await registerByEmail(app);
    const signIn = await loginAs(app, email, password);
    const session = sessionCookieOf(signIn)!;
    const stale = json<{ data: Tokens }>(signIn).data.accessToken;
    app.clock.advance(3600);
    const page = await app.inject({
      url: "/profile/wallet",
      headers: { cookie: `token=${stale}; casino_session=${session}; user-language=en` },
    });
    expect(page.statusCode).toBe(200);
    const seen = renderedCookie(page.body)!;
    const fresh = /(?:^|; )token=([^;]+)/.exec(seen)![1]!;
    expect(fresh).not.toBe(stale);
    expect(seen).toContain("user-language=en");
    expect(
      (
        await app.inject({
          method: "GET",
          url: "/api/player/profile",
          headers: bearer(fresh),
        })
      ).statusCode,
    ).toBe(200);
    const cookie = tokenSetCookie(page)!;
    expect(cookie).toContain(`token=${fresh}`);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).not.toContain("HttpOnly");
    // A page whose token is still good is left alone.
    const again = await app.inject({
      url: "/",
      headers: { cookie: `token=${fresh}; casino_session=${session}` },
    });
    expect(setCookies(again).filter((c) => /^(token|casino_session)=/.test(c))).toEqual([]);
    expect(renderedCookie(again.body)).toBe(`token=${fresh}; casino_session=${session}`);
  });

  it("a page with an ended session's cookie renders for a guest and clears both cookies", async () => {
    const { email, password } = await registerByEmail(app);
    const signIn = await loginAs(app, email, password);
    const session = sessionCookieOf(signIn)!;
    const tokens = json<{ data: Tokens }>(signIn).data;
    await app.inject({
      method: "POST",
      url: "/api/player/sessions/logout",
      headers: bearer(tokens.accessToken),
    });
    app.clock.advance(3600);
    const page = await app.inject({
      url: "/",
      headers: { cookie: `token=${tokens.accessToken}; casino_session=${session}` },
    });
    expect(page.statusCode).toBe(200);
    expect(renderedCookie(page.body)).toBe("");
    expect(tokenSetCookie(page)).toContain("Max-Age=0");
    expect(sessionSetCookie(page)).toContain("Max-Age=0");
  });
});
