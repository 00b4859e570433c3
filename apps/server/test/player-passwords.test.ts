import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
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
  tokensOf,
} from "./player-helpers";

describe("passwords", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const change = (accessToken: string, payload: Record<string, unknown>) =>
    app.inject({
      method: "PUT",
      url: "/api/player/passwords",
      payload,
      headers: bearer(accessToken),
    });
  const requestReset = (login: string, ip = freshIp()) =>
    app.inject({
      method: "POST",
      url: "/api/player/passwords/reset",
      payload: { login },
      remoteAddress: ip,
    });
  const confirm = (resetCode: string, password = "brand-new-1", confirmation = password) =>
    app.inject({
      method: "POST",
      url: "/api/player/passwords/confirm",
      payload: { resetCode, password, password_confirmation: confirmation },
      remoteAddress: freshIp(),
    });
  const profile = (accessToken: string) =>
    app.inject({ method: "GET", url: "/api/player/profile", headers: bearer(accessToken) });
  const refreshBy = (sessionToken: string) =>
    app.inject({
      method: "POST",
      url: "/api/player/sessions/refresh",
      headers: bearer(sessionToken),
    });

  it("PR-04 BE-18 checks the §5 rules and the current password (422 on currentPassword)", async () => {
    const { tokens } = await registerByEmail(app);
    const invalid = await change(tokens.accessToken, {
      currentPassword: "",
      newPassword: "12345",
      repeatNewPassword: "123456",
    });
    expect(invalid.statusCode).toBe(422);
    expect(expectErrorBody(invalid.json()).error.fields).toEqual({
      currentPassword: ["Value is required"],
      newPassword: ["This field should be at least 6 characters long"],
      repeatNewPassword: ["The value must be equal to the newPassword value"],
    });
    const wrong = await change(tokens.accessToken, {
      currentPassword: "not-mine",
      newPassword: "zq-7x2",
      repeatNewPassword: "zq-7x2",
    });
    expect(wrong.statusCode).toBe(422);
    expect(expectErrorBody(wrong.json()).error.fields).toEqual({
      currentPassword: ["The current password is incorrect"],
    });
    const anonymous = await app.inject({
      method: "PUT",
      url: "/api/player/passwords",
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("PR-04 BE-18 wrong current passwords are limited per player (429)", async () => {
    const { tokens, password } = await registerByEmail(app);
    const attempt = (currentPassword: string) =>
      change(tokens.accessToken, {
        currentPassword,
        newPassword: "zq-7x2",
        repeatNewPassword: "zq-7x2",
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess-${i}`)).statusCode).toBe(422);
    expect((await attempt(password)).statusCode).toBe(429);
  });

  it("API-21 PR-04 BE-18 changing the password always closes every other session, the current one stays (ADR 0022)", async () => {
    const { email, password, tokens } = await registerByEmail(app);
    const other = tokensOf(await loginAs(app, email, password));
    const changed = await change(tokens.accessToken, {
      currentPassword: password,
      newPassword: "second-pass",
      repeatNewPassword: "second-pass",
    });
    expect(json(changed)).toEqual({ data: { closedSessions: 1 } });
    expect((await profile(other.accessToken)).statusCode).toBe(401);
    expect((await refreshBy(other.sessionToken)).statusCode).toBe(401);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
    expect((await refreshBy(tokens.sessionToken)).statusCode).toBe(200);
    expect((await loginAs(app, email, password)).statusCode).toBe(401);

    // `closeOtherSessions: false` no longer keeps them.
    const third = tokensOf(await loginAs(app, email, "second-pass"));
    const again = await change(tokens.accessToken, {
      currentPassword: "second-pass",
      newPassword: "third-pass",
      repeatNewPassword: "third-pass",
      closeOtherSessions: false,
    });
    expect(json(again)).toEqual({ data: { closedSessions: 1 } });
    expect((await profile(third.accessToken)).statusCode).toBe(401);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
    expect((await loginAs(app, email, "third-pass")).statusCode).toBe(201);
  });

  it("API-22 SI-29 BE-18 reset answers the same for known and unknown accounts; only a known e-mail gets a link", async () => {
    const { email } = await registerByEmail(app);
    const stranger = freshEmail();
    const known = await requestReset(email);
    const unknown = await requestReset(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known)).toEqual({ data: { ok: true } });
    const mail = await lastOutbox(app, email);
    expect(mail?.subject).toBe("Reset your password");
    expect(mail?.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/password-reset\/[A-Za-z0-9_-]{43}$/);
    expect(await lastOutbox(app, stranger)).toBeUndefined();
  });

  it("API-23 SI-30 BE-18 a reset code sets the password once, signs out everywhere, and cannot be reused", async () => {
    const { email, tokens } = await registerByEmail(app);
    await requestReset(email);
    const resetCode = (await lastOutbox(app, email))!.link!.split("/").pop()!;

    const mismatch = await confirm(resetCode, "brand-new-1", "other-1");
    expect(mismatch.statusCode).toBe(422);
    expect(expectErrorBody(mismatch.json()).error.fields?.password_confirmation).toBeDefined();

    expect((await confirm(resetCode)).statusCode).toBe(200);
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
    expect((await loginAs(app, email, "brand-new-1")).statusCode).toBe(201);

    const reused = await confirm(resetCode, "another-one");
    expect(reused.statusCode).toBe(400);
    expect(expectErrorBody(reused.json()).error.code).toBe(11030);
    expect((await loginAs(app, email, "another-one")).statusCode).toBe(401);
  });

  it("BE-18 reset codes expire after an hour and wrong codes are 11030", async () => {
    const { email } = await registerByEmail(app);
    await requestReset(email);
    const resetCode = (await lastOutbox(app, email))!.link!.split("/").pop()!;
    app.clock.advance(3601);
    expect(expectErrorBody((await confirm(resetCode)).json()).error.code).toBe(11030);
    expect(expectErrorBody((await confirm("made-up")).json()).error.code).toBe(11030);
  });

  it("BE-18 single use under concurrency: two confirms with one code, exactly one succeeds", async () => {
    const { email } = await registerByEmail(app);
    await requestReset(email);
    const resetCode = (await lastOutbox(app, email))!.link!.split("/").pop()!;
    const results = await Promise.all([
      confirm(resetCode, "parallel-a"),
      confirm(resetCode, "parallel-b"),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 400]);
  });

  it("BE-18 reset requests are limited per login value (429), the same for unknown logins", async () => {
    const { email } = await registerByEmail(app);
    const stranger = freshEmail();
    for (const login of [email, stranger]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(login)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it("BE-18 a phone-only account gets its reset link by SMS", async () => {
    const phone = "+4917612345001";
    await app.testDb.query(
      "INSERT INTO players (phone, password_hash, registration_method, created_at) VALUES ($1, 'x', 'phone', now())",
      [phone],
    );
    expect((await requestReset(phone)).statusCode).toBe(200);
    const sms = await lastOutbox(app, phone);
    expect(sms?.link).toMatch(/\/password-reset\//);
  });
});
