import { randomUUID } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhook } from "../src/modules/payment/webhook-signature";
import { expectErrorCode } from "./helpers";
import { fundedPlayer } from "./payment-helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ SANDBOX_PAYMENTS: "true", VERIFICATION_REQUIRED_ABOVE: "50" });
});
afterAll(async () => app?.close());

async function player() {
  const { tokens } = await registerByEmail(app);
  const headers = bearer(tokens.accessToken) as Record<string, string>;
  const status = async () =>
    (await app.inject({ url: "/api/player/verification", headers })).json().data.status as string;
  const start = () =>
    app.inject({ method: "POST", url: "/api/player/services/sandbox/auth", headers });
  return { profileId: tokens.profileId, headers, status, start };
}

const decide = (token: string, decision: string) =>
  app.inject({
    method: "POST",
    url: `/sandbox/verification/${token}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `decision=${decision}`,
  });

function webhook(event: Record<string, unknown>, at = app.clock.now(), secret?: string) {
  const body = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: "/api/verification/webhooks/sandbox",
    headers: {
      "content-type": "application/json",
      "x-sandbox-signature": signWebhook(secret ?? app.testConfig.secrets.webhookSecret, body, at),
    },
    payload: body,
  });
}

describe("identity verification (KY-04, BE-36)", () => {
  it("API-34 BE-36 KY-04 the auth route returns a token and the sandbox page for it; the player is pending", async () => {
    const p = await player();
    expect(await p.status()).toBe("notStarted");
    const response = await p.start();
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ provider: "sandbox", status: "pending" });
    expect(data.token).toMatch(/^vrf_[0-9a-f]{32}$/);
    expect(data.url).toBe(`${app.testConfig.publicUrl}/sandbox/verification/${data.token}?embed=1`);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(await p.status()).toBe("pending");
    // A second call while undecided hands out the same session.
    expect((await p.start()).json().data.token).toBe(data.token);

    const page = await app.inject({ url: `/sandbox/verification/${data.token}?embed=1` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Approve identity");
    // Same-origin framing only (the player's page embeds it).
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(String(page.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
  });

  it("BE-36 KY-01 approving on the sandbox page sends a signed webhook that verifies the player (profile verificationStatus); starting again is 409", async () => {
    const p = await player();
    const { token } = (await p.start()).json().data;
    const decided = await decide(token, "approve");
    expect(decided.statusCode).toBe(303);
    expect(await p.status()).toBe("verified");
    // The profile carries it too, so the site needs no second call.
    const profile = await app.inject({ url: "/api/player/profile", headers: p.headers });
    expect(profile.json().data.verificationStatus).toBe("verified");
    expect((await app.inject({ url: `/sandbox/verification/${token}` })).body).toContain(
      "approved",
    );
    // Decided once: a second decision changes nothing.
    await decide(token, "reject");
    expect(await p.status()).toBe("verified");
    expectErrorCode(await p.start(), 409, ErrorCode.Conflict);
  });

  it("BE-36 rejecting sets rejected; the player may start a new session", async () => {
    const p = await player();
    const first = (await p.start()).json().data.token;
    await decide(first, "reject");
    expect(await p.status()).toBe("rejected");
    const again = await p.start();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.token).not.toBe(first);
    expect(await p.status()).toBe("pending");
  });

  it("BE-36 an unknown provider, a guest and an overlong provider name get coded errors", async () => {
    const p = await player();
    const unknown = await app.inject({
      method: "POST",
      url: "/api/player/services/acme/auth",
      headers: p.headers,
    });
    expectErrorCode(unknown, 404, ErrorCode.NotFound);
    expect(unknown.headers["content-type"]).toContain("application/json");
    expectErrorCode(
      await app.inject({ method: "POST", url: "/api/player/services/sandbox/auth" }),
      401,
      ErrorCode.Unauthorized,
    );
    const tooLong = await app.inject({
      method: "POST",
      url: `/api/player/services/${"x".repeat(65)}/auth`,
      headers: p.headers,
    });
    expectErrorCode(tooLong, 422, ErrorCode.UnprocessableEntity);
  });

  it("BE-36 bad signatures, stale timestamps and malformed bodies are refused; a replayed event is applied once", async () => {
    const p = await player();
    const event = {
      id: `evt_${randomUUID()}`,
      type: "verification.rejected",
      applicantId: p.profileId,
      session: "vrf_test",
    };
    expectErrorCode(await webhook(event, app.clock.now(), "x".repeat(40)), 401, 401);
    const stale = new Date(app.clock.now().getTime() - 301_000);
    const staleAnswer = await webhook(event, stale);
    expectErrorCode(staleAnswer, 401, 401);
    expect(staleAnswer.json().error.message).toMatch(/stale/i);
    expectErrorCode(await webhook({ ...event, type: "verification.hacked" }), 400, 400);
    const unsigned = await app.inject({
      method: "POST",
      url: "/api/verification/webhooks/sandbox",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(event),
    });
    expectErrorCode(unsigned, 401, 401);
    expect(await p.status()).toBe("notStarted");

    const first = await webhook(event);
    expect(first.json().data.outcome).toBe("applied");
    expect(await p.status()).toBe("rejected");
    // The same event again (a redelivery or a replay inside the window) changes nothing.
    const approve = { ...event, id: `evt_${randomUUID()}`, type: "verification.approved" };
    expect((await webhook(approve)).json().data.outcome).toBe("applied");
    expect((await webhook(event)).json().data.outcome).toBe("duplicate");
    expect(await p.status()).toBe("verified");
    // A late "pending" never undoes a decision.
    await webhook({ ...event, id: `evt_${randomUUID()}`, type: "verification.pending" });
    expect(await p.status()).toBe("verified");
  });

  it("BE-36 a decision the platform did not acknowledge is redelivered until it is", async () => {
    const p = await player();
    const { token } = (await p.start()).json().data;
    // The platform "misses" the delivery: the decision is recorded, the webhook not yet acked.
    await app.testDb.query("ALTER TABLE verification_events RENAME TO verification_events_off");
    try {
      await decide(token, "approve");
    } finally {
      await app.testDb.query("ALTER TABLE verification_events_off RENAME TO verification_events");
    }
    expect(await p.status()).toBe("pending");
    const [row] = await app.testDb.query<{ delivered_at: Date | null; delivery_attempts: number }>(
      "SELECT delivered_at, delivery_attempts FROM sandbox_verifications WHERE token = $1",
      [token],
    );
    expect(row).toMatchObject({ delivered_at: null, delivery_attempts: 1 });
    await app.jobs.runAllOnce();
    expect(await p.status()).toBe("verified");
  });

  it("KY-04 a withdrawal above VERIFICATION_REQUIRED_ABOVE needs a verified identity (422/13120 on the amount field); below it does not", async () => {
    const funded = await fundedPlayer(app, "200");
    const refused = await funded.withdraw({ amount: "60" });
    expectErrorCode(refused, 422, ErrorCode.VerificationRequired);
    expect(refused.json().error.message).toContain("Verify your identity");
    expect(refused.json().error.fields.amount[0]).toContain("Verify your identity");
    expect(await funded.wallet()).toMatchObject({ balance: "200.00" });
    expect((await funded.withdraw({ amount: "40" })).statusCode).toBe(201);

    const { token } = (
      await app.inject({
        method: "POST",
        url: "/api/player/services/sandbox/auth",
        headers: funded.headers,
      })
    ).json().data;
    await decide(token, "approve");
    expect((await funded.withdraw({ amount: "60" })).statusCode).toBe(201);
  });
});

describe("identity verification without the sandbox (BE-36)", () => {
  let other: PlayerTestApp;
  beforeAll(async () => {
    other = await createPlayerTestApp({
      VERIFICATION_PROVIDER: "acme",
      SANDBOX_VERIFICATION: "false",
    });
  });
  afterAll(async () => other?.close());

  it("BE-36 only the configured provider with an adapter answers; the sandbox page is gone", async () => {
    const { tokens } = await registerByEmail(other);
    const headers = bearer(tokens.accessToken) as Record<string, string>;
    for (const provider of ["sandbox", "acme"]) {
      expectErrorCode(
        await other.inject({
          method: "POST",
          url: `/api/player/services/${provider}/auth`,
          headers,
        }),
        404,
        ErrorCode.NotFound,
      );
    }
    const state = (await other.inject({ url: "/api/player/verification", headers })).json().data;
    expect(state).toMatchObject({ status: "notStarted", provider: "acme" });
    expect((await other.inject({ url: "/sandbox/verification/vrf_0" })).statusCode).toBe(404);
    expect(
      (
        await other.inject({
          method: "POST",
          url: "/api/verification/webhooks/sandbox",
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
