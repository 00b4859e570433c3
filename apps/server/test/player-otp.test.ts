import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, ipv4InCountry } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  freshIp,
  json,
  lastOutbox,
  loginAs,
  type PlayerTestApp,
  registrationBody,
  type Tokens,
} from "./player-helpers";

let phoneCounter = 1000;
/** A valid German mobile number, distinct per call. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+4915112${String(phoneCounter).padStart(6, "0")}`;
}

describe("one-time codes and phone registration", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (phone: string, ip = freshIp()) =>
    app.inject({
      method: "POST",
      url: "/api/player/otp/send",
      payload: { phone, reason: "registration" },
      remoteAddress: ip,
    });
  const verify = (phone: string, code: string) =>
    app.inject({
      method: "POST",
      url: "/api/player/otp/verify",
      payload: { phone, reason: "registration", code },
      remoteAddress: freshIp(),
    });
  const registerPhone = (phone: string, code: string) =>
    app.inject({
      method: "POST",
      url: "/api/player/register/phone",
      payload: registrationBody({ email: undefined, phone, code }),
      remoteAddress: freshIp(),
    });
  const codeOf = async (phone: string) => {
    const message = await lastOutbox(app, phone);
    const match = /\b(\d{6})\b/.exec(message?.body ?? "");
    if (!match) throw new Error(`no code for ${phone}`);
    return match[1]!;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("API-17 BE-10 SU-24 sends a six-digit code by SMS, stored only as a hash, with expiry and resend times", async () => {
    const phone = freshPhone();
    const response = await send(phone.slice(1)); // without the plus: the rule prepends it
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ data: { expiresIn: 600, resendIn: 60 } });
    const code = await codeOf(phone);
    const rows = await app.testDb.query<{ code_hash: string }>(
      "SELECT code_hash FROM otp_codes WHERE phone = $1",
      [phone],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("API-09 API-18 BE-11 verify checks without using the code up; register/phone creates the player and signs in", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await codeOf(phone);
    expect(json(await verify(phone, code))).toEqual({ data: { valid: true } });
    expect((await verify(phone, code)).statusCode).toBe(200);
    const registered = await registerPhone(phone, code);
    expect(registered.statusCode).toBe(201);
    const tokens = json<{ data: Tokens }>(registered).data;
    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(json<{ data: { phone: string; email: null } }>(profile).data).toMatchObject({
      phone,
      email: null,
    });
    expect((await loginAs(app, phone, "secret-1")).statusCode).toBe(201);
    // Used up: neither verify nor another registration accepts it.
    expect(expectErrorBody((await verify(phone, code)).json()).error.code).toBe(11003);
  });

  it("API-09 ER-08 BE-11 a wrong code is 11003; the fifth wrong guess burns the code (11004)", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await codeOf(phone);
    for (let i = 0; i < 4; i++) {
      const response = await verify(phone, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(expectErrorBody(response.json()).error.code).toBe(11003);
    }
    expect(expectErrorBody((await verify(phone, wrong(code))).json()).error.code).toBe(11004);
    // Burnt: even the right code is refused now.
    expect(expectErrorBody((await verify(phone, code)).json()).error.code).toBe(11004);
    expect(expectErrorBody((await registerPhone(phone, code)).json()).error.code).toBe(11004);
    expect(expectErrorBody((await verify(phone, "12ab56")).json()).error.code).toBe(11004);
  });

  it("ER-08 BE-11 a malformed code and a phone without a code are 11003", async () => {
    const phone = freshPhone();
    expect(expectErrorBody((await verify(phone, "123456")).json()).error.code).toBe(11003);
    await send(phone);
    expect(expectErrorBody((await verify(phone, "12ab56")).json()).error.code).toBe(11003);
  });

  it("BE-10 a code expires after OTP_TTL_SECONDS (clock moved, no sleeping)", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await codeOf(phone);
    app.clock.advance(599);
    expect((await verify(phone, code)).statusCode).toBe(200);
    app.clock.advance(2);
    expect(expectErrorBody((await verify(phone, code)).json()).error.code).toBe(11003);
    expect(expectErrorBody((await registerPhone(phone, code)).json()).error.code).toBe(11003);
  });

  it("API-17 ER-05 BE-10 resend waits 60 s and stops at 5 codes an hour with code 11005 and Retry-After", async () => {
    const phone = freshPhone();
    expect((await send(phone)).statusCode).toBe(200);
    const tooSoon = await send(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(expectErrorBody(tooSoon.json()).error.code).toBe(11005);
    expect(tooSoon.headers["retry-after"]).toBe("60");
    for (let i = 0; i < 4; i++) {
      app.clock.advance(60);
      expect((await send(phone)).statusCode).toBe(200);
    }
    app.clock.advance(60);
    const limited = await send(phone);
    expect(expectErrorBody(limited.json()).error.code).toBe(11005);
    // The oldest of the five leaves the hour window 3600 s after it was sent (300 s ago).
    expect(Number(limited.headers["retry-after"])).toBe(3300);
    app.clock.advance(3300);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it("BE-10 a new code replaces the previous one", async () => {
    const phone = freshPhone();
    await send(phone);
    const first = await codeOf(phone);
    app.clock.advance(60);
    await send(phone);
    const second = await codeOf(phone);
    if (first !== second) {
      expect(expectErrorBody((await verify(phone, first)).json()).error.code).toBe(11003);
    }
    expect((await verify(phone, second)).statusCode).toBe(200);
  });

  it("BE-11 single use under concurrency: two parallel registrations with one code, exactly one succeeds", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await codeOf(phone);
    const results = await Promise.all([registerPhone(phone, code), registerPhone(phone, code)]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect(statuses[1]).not.toBe(201);
    const players = await app.testDb.query("SELECT id FROM players WHERE phone = $1", [phone]);
    expect(players).toHaveLength(1);
  });

  it("API-09 ER-07 BE-11 register/phone checks the fields (422) before the code, which stays usable", async () => {
    const phone = freshPhone();
    await send(phone);
    const code = await codeOf(phone);
    const invalid = await app.inject({
      method: "POST",
      url: "/api/player/register/phone",
      payload: registrationBody({ email: undefined, phone, code, password_confirmation: "x" }),
      remoteAddress: freshIp(),
    });
    expect(invalid.statusCode).toBe(422);
    expect(expectErrorBody(invalid.json()).error.fields?.password_confirmation).toBeDefined();
    expect((await registerPhone(phone, code)).statusCode).toBe(201);
  });

  it("BE-11 a registered phone is a 422 on phone, for send and register/phone", async () => {
    const phone = freshPhone();
    await send(phone);
    expect((await registerPhone(phone, await codeOf(phone))).statusCode).toBe(201);
    const again = await send(phone);
    expect(again.statusCode).toBe(422);
    expect(expectErrorBody(again.json()).error.fields?.phone).toEqual([
      "The phone has already been taken",
    ]);
    const register = await registerPhone(phone, "000000");
    expect(register.statusCode).toBe(422);
    expect(expectErrorBody(register.json()).error.fields?.phone).toEqual([
      "The phone has already been taken",
    ]);
  });

  it("ER-06 BE-10 an invalid phone is a 422 on phone; a restricted country is 403 code 11010", async () => {
    const invalid = await send("+12");
    expect(invalid.statusCode).toBe(422);
    expect(expectErrorBody(invalid.json()).error.fields?.phone).toBeDefined();
    const restricted = await send(freshPhone(), ipv4InCountry("CU"));
    expect(restricted.statusCode).toBe(403);
    expect(expectErrorBody(restricted.json()).error.code).toBe(11010);
    const phone = freshPhone();
    await send(phone);
    const registerRestricted = await app.inject({
      method: "POST",
      url: "/api/player/register/phone",
      payload: registrationBody({ email: undefined, phone, code: await codeOf(phone) }),
      remoteAddress: ipv4InCountry("CU"),
    });
    expect(expectErrorBody(registerRestricted.json()).error.code).toBe(11010);
  });

  it("BE-11 code checks from one IP are limited (429 with Retry-After), audited as rate_limited", async () => {
    const ip = freshIp();
    const phone = freshPhone();
    await send(phone);
    const check = () =>
      app.inject({
        method: "POST",
        url: "/api/player/otp/verify",
        payload: { phone, reason: "registration", code: "000000" },
        remoteAddress: ip,
      });
    for (let i = 0; i < 30; i++) expect((await check()).statusCode).toBe(400);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(expectErrorBody(limited.json()).error.code).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    const audited = await app.testDb.query(
      "SELECT 1 FROM auth_audit WHERE event = 'otp.verify' AND outcome = 'rate_limited' AND ip = $1",
      [ip],
    );
    expect(audited).toHaveLength(1);
  });

  it("BE-10 code requests from one IP are limited across phones (429)", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await send(freshPhone(), ip)).statusCode;
    expect(last).toBe(429);
  });
});
