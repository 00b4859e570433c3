import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, ipv4InCountry } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  freshEmail,
  freshIp,
  json,
  lastOutbox,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
  registrationBody,
  type Tokens,
} from "./player-helpers";

describe("field descriptors", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("SU-10 SU-11 BE-08 serves the registration descriptors with their rules, publicly", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/player/fields/validations?scenario=registration",
    });
    expect(response.statusCode).toBe(200);
    const fields = json<{ data: { name: string; rules: unknown[]; isVisible: boolean }[] }>(
      response,
    ).data;
    expect(fields.map((field) => field.name)).toEqual([
      "email",
      "phone",
      "nickname",
      "country",
      "currency",
      "locale",
      "password",
      "password_confirmation",
      "bonusCode",
      "agreements",
      "receiveEmailPromo",
      "receiveSmsPromo",
    ]);
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName.password!.rules).toEqual([{ rule: "required" }, { rule: "min", params: [6] }]);
    expect(byName.password_confirmation!.rules).toEqual([
      { rule: "required" },
      { rule: "sameAs", params: ["password"] },
    ]);
    expect(byName.email!.rules).toEqual([{ rule: "required" }, { rule: "email" }]);
    expect(byName.agreements!.rules).toEqual([{ rule: "required" }, { rule: "truthy" }]);
    expect(byName.nickname!.isVisible).toBe(false);
    expect(byName.nickname!.rules).toEqual([]);
  });

  it("PR-01 BE-08 the profile scenario needs a player and carries their values", async () => {
    const anonymous = await app.inject({
      method: "GET",
      url: "/api/player/fields/validations?scenario=profile",
    });
    expect(anonymous.statusCode).toBe(401);
    const { tokens, email } = await registerByEmail(app, { nickname: "Ace" });
    const response = await app.inject({
      method: "GET",
      url: "/api/player/fields/validations?scenario=profile",
      headers: bearer(tokens.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const fields = json<{ data: { name: string; value: string | null; editable: boolean }[] }>(
      response,
    ).data;
    const byName = Object.fromEntries(fields.map((field) => [field.name, field]));
    expect(byName.email).toMatchObject({ value: email, editable: false });
    expect(byName.nickname!.value).toBe("Ace");
    expect(byName.firstName!.value).toBeNull();
    expect(byName.currency).toMatchObject({ value: "EUR", editable: false });
  });

  it("the OpenAPI document lists every account route", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      "/api/player/fields/validations",
      "/api/player/register",
      "/api/player/register/phone",
      "/api/player/otp/send",
      "/api/player/otp/verify",
      "/api/player/sessions",
      "/api/player/sessions/token",
      "/api/player/sessions/refresh",
      "/api/player/sessions/logout",
      "/api/player/sessions/{id}/close",
      "/api/player/passwords",
      "/api/player/passwords/reset",
      "/api/player/passwords/confirm",
      "/api/player/profile",
      "/api/player/profile/confirmations/email",
      "/api/player/profile/confirmations/email/resend",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).not.toContain("/dev/outbox");
  });

  it("API-07 both scenarios return descriptors with id, name, description, editable, isRequired, isVisible, position, value", async () => {
    const { tokens } = await registerByEmail(app);
    for (const scenario of ["registration", "profile"]) {
      const response = await app.inject({
        method: "GET",
        url: `/api/player/fields/validations?scenario=${scenario}`,
        headers: bearer(tokens.accessToken),
      });
      expect(response.statusCode).toBe(200);
      const fields = json<{ data: Record<string, unknown>[] }>(response).data;
      expect(fields.length).toBeGreaterThan(0);
      for (const field of fields) {
        expect(field).toMatchObject({
          id: expect.anything(),
          name: expect.any(String),
          editable: expect.any(Boolean),
          isRequired: expect.any(Boolean),
          isVisible: expect.any(Boolean),
          position: expect.any(Number),
        });
        expect(field).toHaveProperty("description");
        expect(field).toHaveProperty("value");
      }
    }
  });

  it("BE-08 an unknown scenario is a 422", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/player/fields/validations?scenario=admin",
    });
    expect(response.statusCode).toBe(422);
  });
});

describe("POST /api/player/register", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("API-08 BE-09 SU-14 creates the player with the submitted fields, a nickname from the e-mail and a session", async () => {
    const email = freshEmail();
    const response = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({
        email,
        bonusCode: "WELCOME",
        affiliateTag: "aff-1",
        locale: "de",
        receiveSmsPromo: "",
      }),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(201);
    const tokens = json<{ data: Tokens }>(response).data;
    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: Record<string, unknown> }>(profile).data).toMatchObject({
      id: tokens.profileId,
      email,
      emailConfirmed: false,
      nickname: email.split("@")[0],
      country: "DE",
      currency: "EUR",
      locale: "de",
      status: 1,
      isNewlyRegistered: true,
      receiveEmailPromo: true,
      receiveSmsPromo: false,
      affiliateTag: "aff-1",
    });
    const rows = await app.testDb.query<{ fingerprint: string; bonus_code: string }>(
      "SELECT fingerprint, bonus_code FROM players WHERE id = $1",
      [tokens.profileId],
    );
    expect(rows[0]).toEqual({ fingerprint: "fp-test", bonus_code: "WELCOME" });
    // Signing in with the new password works.
    expect((await loginAs(app, email, "secret-1")).statusCode).toBe(201);
  });

  it("API-08 ER-04 BE-08 answers 422 with error.fields and the default English messages", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: {
        email: "not-an-email",
        password: "123",
        password_confirmation: "1234",
        country: "ZZ",
        currency: "CLP",
        locale: "xx",
        agreements: "",
        phone: "12",
      },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(422);
    const fields = expectErrorBody(response.json()).error.fields!;
    expect(fields).toEqual({
      email: ["Value is not a valid email address"],
      password: ["This field should be at least 6 characters long"],
      password_confirmation: ["The value must be equal to the password value"],
      agreements: ["Value is required"],
      phone: ["The value is not a valid phone number"],
      country: ["The selected country is invalid"],
      // CLP is seeded disabled.
      currency: ["The selected currency is invalid"],
      locale: ["The selected locale is invalid"],
    });
  });

  it("BE-08 agreements must be ticked, not just present", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({ agreements: "0" }),
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(422);
    expect(expectErrorBody(response.json()).error.fields?.agreements).toEqual([
      "The value must be one of yes, on, 1, true",
    ]);
  });

  it("BE-08 requires the e-mail on the e-mail path and rejects unknown keys", async () => {
    const missing = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({ email: undefined }),
      remoteAddress: freshIp(),
    });
    expect(expectErrorBody(missing.json()).error.fields?.email).toEqual(["Value is required"]);
    const extra = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({ isAdmin: true }),
      remoteAddress: freshIp(),
    });
    expect(extra.statusCode).toBe(422);
    expect(expectErrorBody(extra.json()).error.fields?.isAdmin).toEqual(["Unknown field"]);
  });

  it("BE-08 an e-mail is unique whatever its case, also under concurrency", async () => {
    const { email } = await registerByEmail(app);
    const again = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({ email: email.toUpperCase() }),
      remoteAddress: freshIp(),
    });
    expect(again.statusCode).toBe(422);
    expect(expectErrorBody(again.json()).error.fields?.email).toEqual([
      "The email has already been taken",
    ]);

    const raced = freshEmail();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        app.inject({
          method: "POST",
          url: "/api/player/register",
          payload: registrationBody({ email: raced }),
          remoteAddress: freshIp(),
        }),
      ),
    );
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422]);
  });

  it("BE-19 sends a confirmation e-mail whose code confirms the address once", async () => {
    const { email, tokens } = await registerByEmail(app);
    const mail = await lastOutbox(app, email);
    expect(mail?.subject).toBe("Confirm your e-mail address");
    expect(mail?.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.body).toContain(mail!.link!);
    const confirmCode = mail!.link!.split("/").pop()!;
    const confirm = () =>
      app.inject({
        method: "POST",
        url: "/api/player/profile/confirmations/email",
        payload: { confirmCode },
        remoteAddress: freshIp(),
      });
    expect((await confirm()).statusCode).toBe(200);
    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: { emailConfirmed: boolean } }>(profile).data.emailConfirmed).toBe(true);
    const second = await confirm();
    expect(second.statusCode).toBe(400);
    expect(expectErrorBody(second.json()).error.code).toBe(11030);
  });

  it("API-24 PR-06 ER-17 BE-19 resends the confirmation link on request, at most 3 times in 15 minutes", async () => {
    const { email, tokens } = await registerByEmail(app);
    const resend = () =>
      app.inject({
        method: "POST",
        url: "/api/player/profile/confirmations/email/resend",
        headers: bearer(tokens.accessToken),
      });
    const before = await lastOutbox(app, email);
    expect((await resend()).statusCode).toBe(200);
    const after = await lastOutbox(app, email);
    expect(after?.link).not.toBe(before?.link);
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    const anonymous = await app.inject({
      method: "POST",
      url: "/api/player/profile/confirmations/email/resend",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("BE-13 refuses sign-up from a restrictType 2 country with 403 code 11010", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody(),
      remoteAddress: ipv4InCountry("IR"),
    });
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response.json()).error.code).toBe(11010);
  });

  it("BE-09 registrations from one IP are limited (429)", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/player/register",
        payload: registrationBody(),
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("BE-20 isNewlyRegistered is true on the first profile read only", async () => {
    const { tokens } = await registerByEmail(app);
    const read = async () =>
      json<{ data: { isNewlyRegistered: boolean } }>(
        await app.inject({
          method: "GET",
          url: "/api/player/profile",
          headers: bearer(tokens.accessToken),
        }),
      ).data.isNewlyRegistered;
    expect(await read()).toBe(true);
    expect(await read()).toBe(false);
  });

  it("BE-12 every auth event lands in auth_audit without the login in the clear", async () => {
    const { email, tokens } = await registerByEmail(app);
    await loginAs(app, email, "wrong-password");
    const rows = await app.testDb.query<{ event: string; outcome: string; login_hash: string }>(
      "SELECT event, outcome, login_hash FROM auth_audit WHERE player_id = $1 ORDER BY id",
      [tokens.profileId],
    );
    expect(rows.map((row) => `${row.event}:${row.outcome}`)).toEqual([
      "register:ok",
      "login:failed",
    ]);
    expect(rows[0]!.login_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(email);
    await expect(
      app.testDb.query("DELETE FROM auth_audit WHERE player_id = $1", [tokens.profileId]),
    ).rejects.toThrow(/append-only/);
    await expect(app.testDb.query("UPDATE auth_audit SET outcome = 'ok'")).rejects.toThrow(
      /append-only/,
    );
  });
});
