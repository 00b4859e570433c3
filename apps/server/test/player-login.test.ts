import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody, ipv4InCountry } from "./helpers";
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

describe("POST /api/player/sessions (login)", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("API-10 BE-12 signs in the demo player with a signed access token carrying exp, sub and sid", async () => {
    const response = await loginAs(app, "demo@example.com", "demo-password");
    expect(response.statusCode).toBe(201);
    const body = json<{ data: Tokens }>(response).data;
    // ADR 0022: the session token is in the HttpOnly cookie only.
    expect(body.sessionToken).toBe("");
    const tokens = tokensOf(response);
    const [, payload] = tokens.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<
      string,
      unknown
    >;
    expect(claims.sub).toBe(tokens.profileId);
    expect(typeof claims.sid).toBe("string");
    expect(claims.exp).toBe((claims.iat as number) + 900);
    expect(new Date(tokens.expiresAt).getTime()).toBe((claims.exp as number) * 1000);
    expect(tokens.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const profile = await app.inject({
      method: "GET",
      url: "/api/player/profile",
      headers: bearer(tokens.accessToken),
    });
    expect(profile.statusCode).toBe(200);
    expect(json<{ data: { email: string } }>(profile).data.email).toBe("demo@example.com");
  });

  it("BE-12 accepts the e-mail in any case", async () => {
    const response = await loginAs(app, "Demo@Example.COM", "demo-password");
    expect(response.statusCode).toBe(201);
  });

  it("API-10 ER-01 BE-12 answers 401 with the same body for a wrong password and an unknown account", async () => {
    const wrong = await loginAs(app, "demo@example.com", "not-the-password");
    const unknown = await loginAs(app, "nobody-here@example.com", "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(expectErrorBody(wrong.json()).error.code).toBe(401);
  });

  it("BE-12 no enumeration by timing: an unknown account costs an Argon2 verification too", async () => {
    const time = async (login: string) => {
      const started = performance.now();
      await loginAs(app, login, "wrong-password-x");
      return performance.now() - started;
    };
    // Warm up the dummy hash, then compare medians of a few tries.
    await time("warm-up@example.com");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time("demo@example.com"));
      unknown.push(await time(`ghost${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // The demo player's hash uses the production cost and the dummy the configured (test) cost,
    // so only check that the unknown path is not instant.
    expect(median(unknown)).toBeGreaterThan(0.2);
    expect(median(known)).toBeGreaterThan(0.2);
  });

  it("API-10 ER-02 BE-12 answers 422 with error.fields for missing or malformed fields", async () => {
    const missing = await app.inject({
      method: "POST",
      url: "/api/player/sessions",
      payload: { login: "", password: "" },
      remoteAddress: freshIp(),
    });
    expect(missing.statusCode).toBe(422);
    const fields = expectErrorBody(missing.json()).error.fields!;
    expect(fields.login).toContain("Value is required");
    expect(fields.password).toContain("Value is required");

    const badEmail = await loginAs(app, "not-an-email", "x");
    expect(badEmail.statusCode).toBe(422);
    expect(expectErrorBody(badEmail.json()).error.fields?.login).toEqual([
      "Value is not a valid email address",
    ]);
    const badPhone = await loginAs(app, "+12", "x");
    expect(expectErrorBody(badPhone.json()).error.fields?.login).toEqual([
      "The value is not a valid phone number",
    ]);

    const unknownKey = await app.inject({
      method: "POST",
      url: "/api/player/sessions",
      payload: { login: "a@b.co", password: "x", extra: 1 },
    });
    expect(unknownKey.statusCode).toBe(422);
    const notJson = await app.inject({
      method: "POST",
      url: "/api/player/sessions",
      payload: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it("API-10 ER-03 SEC-03 BE-12 refuses a blocked account with 403 code 11040, only after the password", async () => {
    const wrong = await loginAs(app, "blocked@example.com", "wrong-password");
    expect(wrong.statusCode).toBe(401);
    const right = await loginAs(app, "blocked@example.com", "demo-password");
    expect(right.statusCode).toBe(403);
    expect(expectErrorBody(right.json()).error.code).toBe(11040);
  });

  it("BE-13 refuses sign-in from a restrictType 2 country with 403 code 11010", async () => {
    const response = await loginAs(app, "demo@example.com", "demo-password", ipv4InCountry("CU"));
    expect(response.statusCode).toBe(403);
    expect(expectErrorBody(response.json()).error.code).toBe(11010);
    // restrictType 1 (geo layout only) may sign in.
    const belgium = await loginAs(app, "demo@example.com", "demo-password", ipv4InCountry("BE"));
    expect(belgium.statusCode).toBe(201);
  });

  it("BE-12 signs in by phone with a leading +", async () => {
    const phone = "+4915123456789";
    const { password } = await registerByEmail(app, { phone: "4915123456789" });
    const response = await loginAs(app, phone, password);
    expect(response.statusCode).toBe(201);
  });
});

describe("login abuse limits", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("BE-12 brute force: wrong passwords from one IP hit 429 with Retry-After, the real user on another IP still signs in", async () => {
    const { email, password } = await registerByEmail(app);
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await loginAs(app, email, `guess-${i}`, attacker)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await loginAs(app, email, `guess-last`, attacker);
    expect(limited.statusCode).toBe(429);
    expect(expectErrorBody(limited.json()).error.code).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password is refused from the attacking address while limited...
    expect((await loginAs(app, email, password, attacker)).statusCode).toBe(429);
    // ...but the owner on their own address is not locked out.
    expect((await loginAs(app, email, password, freshIp())).statusCode).toBe(201);
    const outcomes = await app.testDb.query<{ outcome: string; count: string }>(
      `SELECT outcome, count(*) AS count FROM auth_audit
        WHERE event = 'login' AND ip = $1 GROUP BY outcome ORDER BY outcome`,
      [attacker],
    );
    expect(outcomes.map((row) => `${row.outcome}:${row.count}`)).toEqual([
      "failed:10",
      "rate_limited:4",
    ]);
  });

  it("BE-12 one IP guessing many accounts hits the per-IP limit", async () => {
    const attacker = freshIp();
    let status = 0;
    for (let i = 0; i < 51; i++) {
      status = (await loginAs(app, `spray${i}@example.com`, "password1", attacker)).statusCode;
    }
    expect(status).toBe(429);
    expect((await loginAs(app, "demo@example.com", "demo-password", freshIp())).statusCode).toBe(
      201,
    );
  });
});
