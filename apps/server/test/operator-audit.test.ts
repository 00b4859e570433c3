// Operators' money and compliance decisions in the audit trail (ADR 0016; GET
// /api/operator/changes): a withdrawal's approval and rejection name the key that decided (a
// reviewer in the body is ignored), an operator user's sign-in names the user and the session
// key it opened. Named keys can be issued with an expiry (at most OPERATOR_KEY_MAX_DAYS; 401
// after it). The root key cannot sign in to the back office (a browser's request) once an
// owner (a user with the access scope and a password) exists; scripts keep it. (Document
// reviews: documents.test.ts.) Runs on PGlite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorCode } from "./helpers";
import { fieldsOf, type Json } from "./operator-helpers";
import { fundedPlayer } from "./payment-helpers";
import { createPlayerTestApp, freshIp, type PlayerTestApp } from "./player-helpers";

const ROOT = randomBytes(24).toString("hex");

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({
    SANDBOX_PAYMENTS: "true",
    WITHDRAWAL_APPROVAL_ABOVE: "0",
    OPERATOR_API_TOKEN: ROOT,
    OPERATOR_SECOND_FACTOR_SCOPES: "none",
  });
});
afterAll(async () => app?.close());

const call = (
  token: string,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: Json,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });

async function issue(name: string, scopes: string[], extra: Json = {}) {
  const response = await call(ROOT, "POST", "/api/operator/api-keys", { name, scopes, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; token: string; expiresAt: string | null };
}

async function trail(kind: string, entityId: string | number) {
  const response = await call(
    ROOT,
    "GET",
    `/api/operator/changes?kind=${kind}&entityId=${encodeURIComponent(String(entityId))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Json[];
}

/** An operator user with a password (invited by the root key). */
async function user(scopes: string[], name: string) {
  const login = `${name.toLowerCase()}-${randomBytes(4).toString("hex")}@operator.example`;
  const invited = await call(ROOT, "POST", "/api/operator/users", { email: login, name, scopes });
  expect(invited.statusCode, invited.body).toBe(201);
  const { user: created, inviteUrl } = invited.json().data;
  const password = "a long enough password";
  const set = await app.inject({
    method: "POST",
    url: "/api/operator/users/password",
    payload: { token: inviteUrl.slice(inviteUrl.indexOf("#") + 1), password },
  });
  expect(set.statusCode, set.body).toBe(204);
  return { id: created.id as number, login, password };
}

describe("withdrawal decisions", () => {
  it("approval and rejection write the trail as the deciding key; the body's reviewer is ignored", async () => {
    const sam = await issue("Payments desk: Sam", ["payments"]);
    const player = await fundedPlayer(app, "300");
    const first = (await player.withdraw({ amount: "100" })).json().data.invoiceId as string;
    const second = (await player.withdraw({ amount: "50" })).json().data.invoiceId as string;

    const approved = await call(sam.token, "POST", `/api/operator/withdrawals/${first}/approve`, {
      reviewer: "Somebody Else",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await call(sam.token, "POST", `/api/operator/withdrawals/${second}/reject`, {
      reviewer: "Somebody Else",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    for (const [id, approval] of [
      [first, "approved"],
      [second, "rejected"],
    ] as const) {
      expect(await trail("withdrawal", id)).toEqual([
        expect.objectContaining({
          kind: "withdrawal",
          entityId: id,
          action: "update",
          changes: { approval },
          actor: "Payments desk: Sam",
          actorKeyId: sam.id,
        }),
      ]);
    }
    const queue = await call(ROOT, "GET", "/api/operator/withdrawals");
    expect(queue.json().data.map((item: Json) => item.id)).not.toContain(first);
  });
});

describe("operator sign-ins", () => {
  it("write the trail as the user, naming the session key they opened", async () => {
    const robin = await user(["players"], "Robin");
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/operator/sessions",
      payload: { email: robin.login, password: robin.password },
      remoteAddress: freshIp(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(201);
    const me = await call(signedIn.json().data.token, "GET", "/api/operator/me");
    const rows = await trail("operator-session", robin.id);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "operator-session",
        action: "create",
        actor: "Robin",
        actorKeyId: me.json().data.keyId,
        changes: expect.objectContaining({ userId: robin.id, scopes: ["players"] }),
      }),
    ]);
  });
});

describe("named keys' expiry", () => {
  it("is optional, in the future and at most a year away; an expired key is 401", async () => {
    const now = app.clock.now().getTime();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const day = 86_400_000;
    const refused = async (expiresAt: string) =>
      Object.keys(
        fieldsOf(
          await call(ROOT, "POST", "/api/operator/api-keys", {
            name: "Temp",
            scopes: ["players"],
            expiresAt,
          }),
        ),
      );
    expect(await refused(iso(-60_000))).toEqual(["expiresAt"]);
    expect(await refused(iso(367 * day))).toEqual(["expiresAt"]);
    expect(await refused("next tuesday")).toEqual(["expiresAt"]);

    const temp = await issue("Auditor for a day", ["players"], { expiresAt: iso(day) });
    expect(temp.expiresAt).toBe(iso(day));
    const forever = await issue("Reporting script", ["players"]);
    expect(forever.expiresAt).toBeNull();
    expect((await call(temp.token, "GET", "/api/operator/players")).statusCode).toBe(200);

    app.clock.advance(day / 1000 + 1);
    expectErrorCode(await call(temp.token, "GET", "/api/operator/players"), 401, 401);
    expect((await call(forever.token, "GET", "/api/operator/players")).statusCode).toBe(200);
    const listed = await call(ROOT, "GET", "/api/operator/api-keys?active=false");
    expect(listed.json().data.map((key: Json) => key.id)).toContain(temp.id);
  });
});

describe("the root key and the back office", () => {
  it("stops opening the back office once an owner exists; scripts keep it", async () => {
    // What the back office's sign-in with a key sends: the browser adds Sec-Fetch-*.
    const browser = { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" };
    // A user without the access scope is no owner: the root key still signs in.
    await user(["players"], "Kim");
    expect((await call(ROOT, "GET", "/api/operator/me", undefined, browser)).statusCode).toBe(200);

    await user(["access", "players"], "Owner");
    const refused = await call(ROOT, "GET", "/api/operator/me", undefined, browser);
    expectErrorCode(refused, 401, 401);
    expect(refused.json().error.message).toMatch(/operator account/);
    expect(
      (await call(ROOT, "GET", "/api/operator/players", undefined, { origin: "https://x.example" }))
        .statusCode,
    ).toBe(401);
    // A script (no browser headers) still uses it, and named keys work in the browser.
    expect((await call(ROOT, "GET", "/api/operator/me")).statusCode).toBe(200);
    const key = await issue("Desk", ["players"]);
    expect((await call(key.token, "GET", "/api/operator/me", undefined, browser)).statusCode).toBe(
      200,
    );
  });
});
