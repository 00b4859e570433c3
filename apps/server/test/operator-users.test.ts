// Operator users (migration 0050): invited by a key with the access scope (scopes within its
// own), they set a password through a one-time link and sign in for a session key with their
// scopes, valid 12 h; switching a user off, changing their scopes or a new password ends their
// sessions at once; signing out ends the calling session only; failed sign-ins are limited.
// Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { OperatorErrorCode } from "@casino/contract/operator";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { resealSecondFactors } from "../src/modules/operator/users";
import { buildTestApp, expectErrorCode, testConfig } from "./helpers";
import {
  fieldsOf,
  type Json,
  OPERATOR_TEST_ENV,
  OPERATOR_TEST_TOKEN,
  operatorRequest,
  operatorTestApp,
} from "./operator-helpers";
import { freshIp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

let counter = 0;
const email = () => {
  counter += 1;
  return `staff${counter}-${randomBytes(4).toString("hex")}@operator.example`;
};

async function invite(body: Json, token = OPERATOR_TEST_TOKEN) {
  const response = await app.inject({
    method: "POST",
    url: "/api/operator/users",
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  return response;
}

const tokenOf = (inviteUrl: string) => inviteUrl.slice(inviteUrl.indexOf("#") + 1);

const setPassword = (token: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/operator/users/password",
    payload: { token, password },
  });

const signIn = (login: string, password: string, ip = "198.51.100.7", code?: string) =>
  app.inject({
    method: "POST",
    url: "/api/operator/sessions",
    payload: { email: login, password, ...(code === undefined ? {} : { code }) },
    remoteAddress: ip,
  });

const as = (token: string, method: "GET" | "POST" | "DELETE", url: string, payload?: Json) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** An invited user who set `password`; answers the user and a signed-in session key. */
async function staff(scopes: string[], password = "correct horse battery") {
  const login = email();
  const invited = await invite({ email: login, name: `Staff ${counter}`, scopes });
  expect(invited.statusCode, invited.body).toBe(201);
  const { user, inviteUrl } = invited.json().data;
  expect((await setPassword(tokenOf(inviteUrl), password)).statusCode).toBe(204);
  const session = await signIn(login, password, freshIp());
  expect(session.statusCode, session.body).toBe(201);
  return { user, login, password, session: session.json().data as Json };
}

describe("operator users", () => {
  it("an invited user sets a password once through the link, signs in, and works within their scopes as themselves", async () => {
    const login = email();
    const invited = await invite({
      email: login.toUpperCase(),
      name: "Ada Support",
      scopes: ["players", "content"],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { user, inviteUrl } = invited.json().data;
    expect(user).toMatchObject({
      email: login,
      passwordSet: false,
      createdBy: "root",
      disabledAt: null,
    });
    expect(inviteUrl).toMatch(/\/backoffice\/set-password#[A-Za-z0-9_-]{43}$/);
    expectErrorCode(await signIn(login, "anything at all"), 401, 401);

    const token = tokenOf(inviteUrl);
    expect(fieldsOf(await setPassword(token, "short"))).toHaveProperty("password");
    expect(fieldsOf(await setPassword("not-a-token", "long enough password"))).toHaveProperty(
      "token",
    );
    expect((await setPassword(token, "correct horse battery")).statusCode).toBe(204);
    expect(fieldsOf(await setPassword(token, "another long password"))).toHaveProperty("token");

    expectErrorCode(await signIn(login, "wrong horse battery"), 401, 401);
    const session = await signIn(login, "correct horse battery");
    expect(session.statusCode, session.body).toBe(201);
    const { token: key, expiresAt, scopes } = session.json().data;
    expect(scopes).toEqual(["players", "content"]);
    expect(new Date(expiresAt).getTime() - app.clock.now().getTime()).toBe(12 * 3_600_000);

    expect((await as(key, "GET", "/api/operator/me")).json().data).toMatchObject({
      name: "Ada Support",
      scopes: ["players", "content"],
    });
    expect((await as(key, "GET", "/api/operator/players")).statusCode).toBe(200);
    expectErrorCode(await as(key, "GET", "/api/operator/withdrawals"), 403, 403);
    const patched = await app.inject({
      method: "PATCH",
      url: "/api/operator/content/en/groups/alerts",
      headers: { authorization: `Bearer ${key}` },
      payload: { set: { "somethingWrong.title": "Oops" } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const changes = await operatorRequest(app, "GET", "/api/operator/changes?kind=content-group");
    expect(changes.json().data[0]).toMatchObject({ actor: "Ada Support" });
    const listed = await operatorRequest(app, "GET", "/api/operator/users");
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ email: login, passwordSet: true }),
    );
  });

  it("a session ends after 12 hours, when signed out, when the user is switched off, and when their scopes change", async () => {
    const first = await staff(["players"]);
    app.clock.advance(12 * 3600 - 1);
    expect((await as(first.session.token, "GET", "/api/operator/me")).statusCode).toBe(200);
    app.clock.advance(2);
    expectErrorCode(await as(first.session.token, "GET", "/api/operator/me"), 401, 401);

    const second = await staff(["players"]);
    expect(
      (await as(second.session.token, "DELETE", "/api/operator/sessions/current")).statusCode,
    ).toBe(204);
    expectErrorCode(await as(second.session.token, "GET", "/api/operator/me"), 401, 401);

    const third = await staff(["players", "content"]);
    const scoped = await operatorRequest(app, "PATCH", `/api/operator/users/${third.user.id}`, {
      scopes: ["players"],
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    expectErrorCode(await as(third.session.token, "GET", "/api/operator/me"), 401, 401);
    const again = (await signIn(third.login, third.password, freshIp())).json().data;
    expect(again.scopes).toEqual(["players"]);

    const off = await operatorRequest(app, "PATCH", `/api/operator/users/${third.user.id}`, {
      disabled: true,
    });
    expect(off.json().data.disabledAt).not.toBeNull();
    expectErrorCode(await as(again.token, "GET", "/api/operator/me"), 401, 401);
    expectErrorCode(await signIn(third.login, third.password, freshIp()), 401, 401);
    await operatorRequest(app, "PATCH", `/api/operator/users/${third.user.id}`, {
      disabled: false,
    });
    expect((await signIn(third.login, third.password, freshIp())).statusCode).toBe(201);
  });

  it("a new link resets a forgotten password and ends older sessions; signing out with a named key leaves it working", async () => {
    const user = await staff(["players"]);
    const link = await operatorRequest(app, "POST", `/api/operator/users/${user.user.id}/invite`);
    expect(link.statusCode, link.body).toBe(200);
    expect(
      (await setPassword(tokenOf(link.json().data.inviteUrl), "a brand new password")).statusCode,
    ).toBe(204);
    expectErrorCode(await as(user.session.token, "GET", "/api/operator/me"), 401, 401);
    expectErrorCode(await signIn(user.login, user.password, freshIp()), 401, 401);
    expect((await signIn(user.login, "a brand new password", freshIp())).statusCode).toBe(201);

    const named = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: "Script",
      scopes: ["players"],
    });
    const script = named.json().data.token as string;
    expect((await as(script, "DELETE", "/api/operator/sessions/current")).statusCode).toBe(204);
    expect((await as(script, "GET", "/api/operator/me")).statusCode).toBe(200);
  });

  it("a key invites only within its scopes, an e-mail once, and 10 failed sign-ins from one address lock that e-mail there", async () => {
    const access = await operatorRequest(app, "POST", "/api/operator/api-keys", {
      name: "Team lead",
      scopes: ["access", "players"],
    });
    const lead = access.json().data.token as string;
    expect(
      fieldsOf(await invite({ email: email(), name: "X", scopes: ["payments"] }, lead)),
    ).toEqual({
      "scopes.0": ["A key cannot grant a scope it does not hold"],
    });
    const user = await staff(["players"]);
    expect(
      fieldsOf(await invite({ email: user.login, name: "Again", scopes: ["players"] })),
    ).toEqual({
      email: ["Already taken"],
    });
    expect(fieldsOf(await invite({ email: "not an e-mail", name: "", scopes: [] }))).toHaveProperty(
      "email",
    );

    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectErrorCode(await signIn(user.login, "wrong password!", ip), 401, 401);
    }
    expect((await signIn(user.login, user.password, ip)).statusCode).toBe(429);
    expect((await signIn(user.login, user.password, freshIp())).statusCode).toBe(201);
  });

  it("a user sets up a second factor; sign-in then needs a code from it, each code works once, and an admin can reset it", async () => {
    const user = await staff(["players"]);
    const started = await as(user.session.token, "POST", "/api/operator/me/second-factor");
    expect(started.statusCode, started.body).toBe(200);
    const { secret, uri } = started.json().data;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new TOTP({ secret, label: user.login, issuer: "Back office" });
    const code = (offsetSeconds = 0) =>
      totp.generate({ timestamp: app.clock.now().getTime() + offsetSeconds * 1000 });

    const wrongCode = code() === "000000" ? "111111" : "000000";
    expect(
      fieldsOf(
        await as(user.session.token, "POST", "/api/operator/me/second-factor/confirm", {
          code: wrongCode,
        }),
      ),
    ).toHaveProperty("code");
    expect(
      (
        await as(user.session.token, "POST", "/api/operator/me/second-factor/confirm", {
          code: code(),
        })
      ).statusCode,
    ).toBe(204);
    expect((await as(user.session.token, "GET", "/api/operator/me")).json().data.user).toEqual({
      email: user.login,
      secondFactor: true,
      secondFactorRequired: false,
    });

    app.clock.advance(60);
    const ip = freshIp();
    expectErrorCode(
      await signIn(user.login, user.password, ip),
      401,
      OperatorErrorCode.SecondFactorRequired,
    );
    expectErrorCode(await signIn(user.login, user.password, ip, wrongCode), 401, 401);
    const fresh = code();
    expect((await signIn(user.login, user.password, ip, fresh)).statusCode).toBe(201);
    // The same code again (a replay within its 30 s) is refused.
    expectErrorCode(await signIn(user.login, user.password, ip, fresh), 401, 401);
    // A wrong password with a right code tells nothing more than a wrong password.
    expectErrorCode(await signIn(user.login, "not the password", ip, code(30)), 401, 401);

    const root = await as(OPERATOR_TEST_TOKEN, "POST", "/api/operator/me/second-factor");
    expect(root.statusCode).toBe(409);
    const reset = await operatorRequest(app, "PATCH", `/api/operator/users/${user.user.id}`, {
      resetSecondFactor: true,
    });
    expect(reset.json().data.secondFactor).toBe(false);
    expect((await signIn(user.login, user.password, freshIp())).statusCode).toBe(201);
  });

  it("a user whose scopes need a second factor (payments, access) gets a key without scopes for 15 minutes until they set one up; confirming gives that session their scopes", async () => {
    const user = await staff(["payments", "players"]);
    expect(user.user.secondFactorRequired).toBe(true);
    const { token: setup, scopes, expiresAt, secondFactorSetupRequired } = user.session;
    expect({ scopes, secondFactorSetupRequired }).toEqual({
      scopes: [],
      secondFactorSetupRequired: true,
    });
    expect(new Date(expiresAt as string).getTime() - app.clock.now().getTime()).toBe(15 * 60_000);
    expect((await as(setup as string, "GET", "/api/operator/me")).json().data).toMatchObject({
      scopes: [],
      user: { email: user.login, secondFactor: false, secondFactorRequired: true },
    });
    expectErrorCode(await as(setup as string, "GET", "/api/operator/players"), 403, 403);
    expectErrorCode(await as(setup as string, "GET", "/api/operator/withdrawals"), 403, 403);
    // Not even the reference lists every other key reads.
    expectErrorCode(await as(setup as string, "GET", "/api/operator/currencies"), 403, 403);
    // The key without scopes ends after 15 minutes.
    app.clock.advance(15 * 60 + 1);
    expectErrorCode(await as(setup as string, "GET", "/api/operator/me"), 401, 401);

    const again = (await signIn(user.login, user.password, freshIp())).json().data;
    expect(again).toMatchObject({ scopes: [], secondFactorSetupRequired: true });
    const { secret } = (await as(again.token, "POST", "/api/operator/me/second-factor")).json()
      .data;
    const totp = new TOTP({ secret, label: user.login, issuer: "Back office" });
    const code = () => totp.generate({ timestamp: app.clock.now().getTime() });
    const confirmed = await as(again.token, "POST", "/api/operator/me/second-factor/confirm", {
      code: code(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect((await as(again.token, "GET", "/api/operator/me")).json().data).toMatchObject({
      scopes: ["payments", "players"],
      user: { secondFactor: true, secondFactorRequired: true },
    });
    expect((await as(again.token, "GET", "/api/operator/withdrawals")).statusCode).toBe(200);
    // It is now a session like any other: 12 hours from the confirmation.
    app.clock.advance(11 * 3600);
    expect((await as(again.token, "GET", "/api/operator/players")).statusCode).toBe(200);

    // From now on, the code at sign-in, and a session with the scopes at once.
    const ip = freshIp();
    expectErrorCode(
      await signIn(user.login, user.password, ip),
      401,
      OperatorErrorCode.SecondFactorRequired,
    );
    const full = (await signIn(user.login, user.password, ip, code())).json().data;
    expect(full).toMatchObject({
      scopes: ["payments", "players"],
      secondFactorSetupRequired: false,
    });

    // An admin's reset: the next sign-in must set one up again.
    await operatorRequest(app, "PATCH", `/api/operator/users/${user.user.id}`, {
      resetSecondFactor: true,
    });
    expect((await signIn(user.login, user.password, freshIp())).json().data).toMatchObject({
      scopes: [],
      secondFactorSetupRequired: true,
    });

    // A user who gets such a scope later: their sessions end, and the next one needs the setup.
    const support = await staff(["players"]);
    expect(support.session).toMatchObject({
      scopes: ["players"],
      secondFactorSetupRequired: false,
    });
    const moved = await operatorRequest(app, "PATCH", `/api/operator/users/${support.user.id}`, {
      scopes: ["players", "access"],
    });
    expect(moved.json().data.secondFactorRequired).toBe(true);
    expectErrorCode(await as(support.session.token as string, "GET", "/api/operator/me"), 401, 401);
    expect((await signIn(support.login, support.password, freshIp())).json().data).toMatchObject({
      scopes: [],
      secondFactorSetupRequired: true,
    });
  });

  it("a rule changed after sign-in applies at the next request: the session keeps no scopes until a second factor is set up", async () => {
    const user = await staff(["players"]);
    const key = user.session.token as string;
    expect((await as(key, "GET", "/api/operator/players")).statusCode).toBe(200);
    // A server of the same database whose rule now covers players.
    const stricter = Object.assign(
      await buildTestApp(
        app.testDb,
        { ...OPERATOR_TEST_ENV, OPERATOR_SECOND_FACTOR_SCOPES: "players" },
        { now: app.clock.now },
      ),
      { clock: app.clock },
    ) as PlayerTestApp;
    try {
      const on = (method: "GET" | "POST", url: string, payload?: Json) =>
        stricter.inject({
          method,
          url,
          headers: { authorization: `Bearer ${key}` },
          ...(payload ? { payload } : {}),
        });
      expectErrorCode(await on("GET", "/api/operator/players"), 403, 403);
      expect((await on("GET", "/api/operator/me")).json().data).toMatchObject({
        scopes: [],
        user: { secondFactor: false, secondFactorRequired: true },
      });
      const { secret } = (await on("POST", "/api/operator/me/second-factor")).json().data;
      const totp = new TOTP({ secret, label: user.login, issuer: "Back office" });
      const confirmed = await on("POST", "/api/operator/me/second-factor/confirm", {
        code: totp.generate({ timestamp: app.clock.now().getTime() }),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(204);
      expect((await on("GET", "/api/operator/players")).statusCode).toBe(200);
    } finally {
      await stricter.close();
    }
  });

  it("after a change of SECRETS_ENCRYPTION_KEY the second factor keeps working, the job seals it again, and then the old key can go", async () => {
    const user = await staff(["players"]);
    const { secret } = (
      await as(user.session.token, "POST", "/api/operator/me/second-factor")
    ).json().data;
    const totp = new TOTP({ secret, label: user.login, issuer: "Back office" });
    const code = () => totp.generate({ timestamp: app.clock.now().getTime() });
    await as(user.session.token, "POST", "/api/operator/me/second-factor/confirm", {
      code: code(),
    });
    const signInOn = (server: PlayerTestApp) => {
      app.clock.advance(30);
      return server.inject({
        method: "POST",
        url: "/api/operator/sessions",
        payload: { email: user.login, password: user.password, code: code() },
        remoteAddress: freshIp(),
      });
    };
    const newKey = "the-new-secrets-encryption-key-0123456789";
    const changing = {
      ...OPERATOR_TEST_ENV,
      SECRETS_ENCRYPTION_KEY: newKey,
      SECRETS_ENCRYPTION_KEY_PREVIOUS: app.testConfig.secrets.encryptionKey,
    };
    const serve = async (env: Record<string, string>) =>
      Object.assign(await buildTestApp(app.testDb, env, { now: app.clock.now }), {
        clock: app.clock,
      }) as PlayerTestApp;
    const during = await serve(changing);
    try {
      expect((await signInOn(during)).statusCode).toBe(201);
      const ctx = { db: app.testDb, config: testConfig(changing) } as unknown as AppContext;
      expect(await resealSecondFactors(ctx)).toBe(1);
      expect(await resealSecondFactors(ctx)).toBe(0);
    } finally {
      await during.close();
    }
    const after = await serve({ ...OPERATOR_TEST_ENV, SECRETS_ENCRYPTION_KEY: newKey });
    try {
      expect((await signInOn(after)).statusCode).toBe(201);
    } finally {
      await after.close();
    }
  });
});
