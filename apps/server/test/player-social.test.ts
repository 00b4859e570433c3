import { ErrorCode } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramHash } from "../src/modules/player/social/telegram";
import { createTestApp, expectErrorBody, expectErrorCode, type TestApp } from "./helpers";

const BOT_TOKEN = "4242:sandbox-bot-token";

/**
 * Drives the sandbox OpenID provider like a browser would: follows redirects with cookies,
 * submits its sign-in form, and stops at our callback URL.
 */
async function signInAtSandbox(
  app: FastifyInstance,
  options: { email: string; verified?: boolean; backRoute?: string; deny?: boolean },
): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index).trim(), pair.slice(index + 1));
    }
  };
  const state = encodeURIComponent(JSON.stringify({ backRoute: options.backRoute ?? "/games/1" }));
  let response = await app.inject({
    url: `/api/player/sessions/social/sandbox/redirect?state=${state}&connection=sandbox`,
  });
  expect(response.statusCode).toBe(302);
  let location = new URL(String(response.headers.location));
  expect(location.pathname).toBe("/sandbox/oidc/auth");
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("connection")).toBe("sandbox");

  for (let hop = 0; hop < 10; hop++) {
    if (location.pathname.startsWith("/auth/social/")) return location;
    response = await app.inject({
      url: `${location.pathname}${location.search}`,
      headers: { cookie: cookieHeader() },
    });
    remember(response.headers["set-cookie"]);
    if (response.statusCode === 200 && location.pathname.includes("/interaction/")) {
      expect(response.body).toContain("Sandbox identity provider");
      const form = new URLSearchParams({
        email: options.email,
        name: "Sandy",
        decision: options.deny ? "deny" : "approve",
      });
      if (options.verified ?? true) form.set("emailVerified", "1");
      response = await app.inject({
        method: "POST",
        url: location.pathname,
        headers: {
          cookie: cookieHeader(),
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: form.toString(),
      });
      remember(response.headers["set-cookie"]);
    }
    expect([302, 303]).toContain(response.statusCode);
    location = new URL(String(response.headers.location), "http://localhost");
  }
  throw new Error("too many redirects");
}

function callbackQuery(url: URL): string {
  return url.search;
}

/** The sign-up form of a first social sign-in (issue 31 item 7): consent, country, currency. */
async function finishSignUp(
  app: FastifyInstance,
  callbackAnswer: { statusCode: number; json: () => { data: Record<string, unknown> } },
  overrides: Record<string, unknown> = {},
) {
  expect(callbackAnswer.statusCode).toBe(200);
  const data = callbackAnswer.json().data;
  expect(data.signUpRequired).toBe(true);
  return app.inject({
    method: "POST",
    url: "/api/player/sessions/social/register",
    payload: {
      signUpToken: data.signUpToken,
      country: "DE",
      currency: "EUR",
      agreements: "1",
      ...overrides,
    },
  });
}

describe("social login through the sandbox identity service (BE-17, SI-23…SI-27)", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({
      SANDBOX_OIDC: "true",
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      SOCIAL_MESSAGING_BOT: "casino_sandbox_bot",
      SOCIAL_MESSAGING_AUTH_URL: "http://localhost/auth/social/telegram/callback",
    });
  });
  afterAll(async () => app?.close());

  it("SI-24 the init settings offer the sandbox identity service and its connection", async () => {
    const response = await app.inject({ url: "/api/player/init" });
    expect(response.json().settings.social.identityService).toEqual({
      name: "sandbox",
      connections: ["sandbox"],
    });
  });

  it("API-14 API-16 SI-25 BE-17 keeps backRoute in state and signs a new player in after the code exchange", async () => {
    const callback = await signInAtSandbox(app, { email: "Social.Player@Example.com" });
    expect(callback.pathname).toBe("/auth/social/sandbox/callback");
    expect(JSON.parse(String(callback.searchParams.get("state"))).backRoute).toBe("/games/1");

    const response = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${callbackQuery(callback)}`,
      payload: { provider: "sandbox", locale: "en", fingerprint: "fp-1", affiliateTag: "aff-7" },
    });
    const created = await finishSignUp(app, response);
    expect(created.statusCode).toBe(201);
    const { accessToken, profileId } = created.json().data;
    expect(decodeJwt(accessToken).sub).toBe(profileId);

    const profile = await app.inject({
      url: "/api/player/profile",
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({
      email: "social.player@example.com",
      emailConfirmed: true,
      affiliateTag: "aff-7",
    });
  });

  it("API-15 the provider's redirect with only ?state= sends the browser to the provider", async () => {
    const state = encodeURIComponent(JSON.stringify({ backRoute: "/" }));
    const response = await app.inject({
      url: `/api/player/sessions/social/sandbox/redirect?state=${state}`,
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.pathname).toBe("/sandbox/oidc/auth");
    expect(location.searchParams.get("state")).toBeTruthy();
  });

  it("BE-17 the same identity signs in to the same player the next time", async () => {
    const first = await signInAtSandbox(app, { email: "again@example.com" });
    const one = await finishSignUp(
      app,
      await app.inject({
        method: "POST",
        url: `/api/player/sessions/social${first.search}`,
        payload: { provider: "sandbox" },
      }),
    );
    const second = await signInAtSandbox(app, { email: "again@example.com" });
    const two = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${second.search}`,
      payload: { provider: "sandbox" },
    });
    // An existing social player signs in at once, as before: no sign-up form.
    expect(two.statusCode).toBe(200);
    expect(two.json().data.signUpRequired).toBeUndefined();
    expect(two.json().data.profileId).toBe(one.json().data.profileId);
  });

  it("BE-17 a replayed callback is refused (the authorization request is single use)", async () => {
    const callback = await signInAtSandbox(app, { email: "replay@example.com" });
    const url = `/api/player/sessions/social${callback.search}`;
    const first = await app.inject({ method: "POST", url, payload: { provider: "sandbox" } });
    expect(first.statusCode).toBe(200);
    const again = await app.inject({ method: "POST", url, payload: { provider: "sandbox" } });
    expectErrorCode(again, 400, ErrorCode.SocialLoginFailed);
  });

  it("SU-23 BE-17 a first social sign-in makes no account until the 18+ and terms consent, country and currency are given", async () => {
    const email = "consent.first@example.com";
    const callback = await signInAtSandbox(app, { email });
    const answer = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${callback.search}`,
      payload: { provider: "sandbox", locale: "de" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      signUpRequired: true,
      signUpToken: expect.any(String),
      email,
    });
    expect(answer.json().data.accessToken).toBeUndefined();
    const count = async () =>
      (
        await (app as unknown as TestApp).testDb.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM players WHERE lower(email) = $1",
          [email],
        )
      )[0]?.n;
    expect(await count()).toBe("0");

    // The server refuses to make the account without the consent and the choices.
    const noConsent = await finishSignUp(app, answer, { agreements: "" });
    expect(noConsent.statusCode).toBe(422);
    expect(Object.keys(expectErrorBody(noConsent.json()).error.fields ?? {})).toEqual([
      "agreements",
    ]);
    const badChoice = await finishSignUp(app, answer, { country: "XX", currency: "XYZ" });
    expect(badChoice.statusCode).toBe(422);
    expect(Object.keys(expectErrorBody(badChoice.json()).error.fields ?? {}).sort()).toEqual([
      "country",
      "currency",
    ]);
    const missing = await app.inject({
      method: "POST",
      url: "/api/player/sessions/social/register",
      payload: { signUpToken: answer.json().data.signUpToken },
    });
    expect(missing.statusCode).toBe(422);
    expect(await count()).toBe("0");

    const created = await finishSignUp(app, answer, {
      country: "AT",
      currency: "USD",
      receiveEmailPromo: "",
    });
    expect(created.statusCode).toBe(201);
    const profile = await app.inject({
      url: "/api/player/profile",
      headers: { authorization: `Bearer ${created.json().data.accessToken}` },
    });
    expect(profile.json().data).toMatchObject({
      email,
      country: "AT",
      currency: "USD",
      locale: "de",
      receiveEmailPromo: false,
    });
    const [row] = await (app as unknown as TestApp).testDb.query<{ agreements: boolean }>(
      "SELECT agreements FROM players WHERE lower(email) = $1",
      [email],
    );
    expect(row?.agreements).toBe(true);

    // The token is single use.
    const again = await finishSignUp(app, answer);
    expectErrorCode(again, 400, ErrorCode.CodeInvalid);
    expect(await count()).toBe("1");
  });

  it("BE-17 a forged state or code is refused", async () => {
    const callback = await signInAtSandbox(app, { email: "forged@example.com" });
    const forgedState = new URL(callback);
    forgedState.searchParams.set("state", JSON.stringify({ backRoute: "/", csrf: "x".repeat(32) }));
    const a = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${forgedState.search}`,
      payload: { provider: "sandbox" },
    });
    expectErrorCode(a, 400, ErrorCode.SocialLoginFailed);

    const forgedCode = new URL(callback);
    forgedCode.searchParams.set("code", "not-a-real-code");
    const b = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${forgedCode.search}`,
      payload: { provider: "sandbox" },
    });
    expectErrorCode(b, 400, ErrorCode.SocialLoginFailed);
  });

  it("SI-18 BE-17 an unverified provider e-mail answers the social e-mail error", async () => {
    const callback = await signInAtSandbox(app, {
      email: "unverified@example.com",
      verified: false,
    });
    const response = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${callback.search}`,
      payload: { provider: "sandbox" },
    });
    expectErrorCode(response, 400, ErrorCode.SocialEmailUnverified);
  });

  it("BE-17 a denied sign-in comes back with an error and signs nobody in", async () => {
    const callback = await signInAtSandbox(app, { email: "deny@example.com", deny: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    const response = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social${callback.search}`,
      payload: { provider: "sandbox" },
    });
    expectErrorCode(response, 400, ErrorCode.SocialLoginFailed);
  });

  it("BE-17 an unknown provider or connection has no redirect", async () => {
    const a = await app.inject({ url: "/api/player/sessions/social/google/redirect?state=%7B%7D" });
    expectErrorCode(a, 404, ErrorCode.NotFound);
    const b = await app.inject({
      url: "/api/player/sessions/social/sandbox/redirect?connection=github",
    });
    expectErrorCode(b, 404, ErrorCode.NotFound);
  });

  it("BE-17 BE-44 the messaging-app login is verified with the bot token and stores the affiliate tag", async () => {
    const fields = {
      id: "777001",
      first_name: "Tele",
      username: "tele_gram",
      auth_date: String(Math.floor(Date.now() / 1000)),
    };
    const query = new URLSearchParams({ ...fields, hash: telegramHash(fields, BOT_TOKEN) });
    const response = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social?${query}`,
      payload: { provider: "telegram", affiliateTag: "tg-aff" },
    });
    const created = await finishSignUp(app, response);
    expect(created.statusCode).toBe(201);
    const profile = await app.inject({
      url: "/api/player/profile",
      headers: { authorization: `Bearer ${created.json().data.accessToken}` },
    });
    expect(profile.json().data).toMatchObject({ nickname: "tele_gram", affiliateTag: "tg-aff" });

    const tampered = new URLSearchParams(query);
    tampered.set("id", "777002");
    const refused = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social?${tampered}`,
      payload: { provider: "telegram" },
    });
    expectErrorCode(refused, 400, ErrorCode.SocialLoginFailed);
  });
});

describe("social login geo restriction (BE-13)", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      COUNTRY_HEADER: "x-test-country",
    });
  });
  afterAll(async () => app?.close());

  it("BE-13 a restrictType 2 country cannot sign in through a social provider", async () => {
    const fields = { id: "1", username: "cu", auth_date: String(Math.floor(Date.now() / 1000)) };
    const query = new URLSearchParams({ ...fields, hash: telegramHash(fields, BOT_TOKEN) });
    const response = await app.inject({
      method: "POST",
      url: `/api/player/sessions/social?${query}`,
      headers: { "x-test-country": "CU" },
      payload: { provider: "telegram" },
    });
    expectErrorCode(response, 403, ErrorCode.CountryRestricted);
  });
});
