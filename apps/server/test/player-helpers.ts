import { randomBytes } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { createTestApp, type TestApp } from "./helpers";

/** Cheap Argon2 for tests (production minimums are asserted in config.test.ts). */
export const FAST_HASH_ENV = { PASSWORD_HASH_MEMORY_KIB: "1024", PASSWORD_HASH_TIME_COST: "1" };

/** A clock tests move forward instead of sleeping. */
export class TestClock {
  constructor(public current = new Date("2026-11-22T12:00:00Z")) {}
  now = () => new Date(this.current.getTime());
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface PlayerTestApp extends TestApp {
  clock: TestClock;
}

export async function createPlayerTestApp(
  env: Record<string, string> = {},
): Promise<PlayerTestApp> {
  const clock = new TestClock();
  const app = await createTestApp({ ...FAST_HASH_ENV, ...env }, { now: clock.now });
  return Object.assign(app, { clock });
}

let ipCounter = 0;
/** A distinct documentation-range address per call, so abuse limits of one test leave others alone. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function freshEmail(): string {
  emailCounter += 1;
  return `player${emailCounter}-${randomBytes(4).toString("hex")}@example.com`;
}

export function registrationBody(overrides: Record<string, unknown> = {}) {
  return {
    email: freshEmail(),
    country: "DE",
    currency: "EUR",
    locale: "en",
    password: "secret-1",
    password_confirmation: "secret-1",
    agreements: "1",
    receiveEmailPromo: "1",
    fingerprint: "fp-test",
    ...overrides,
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export type Tokens = {
  accessToken: string;
  sessionToken: string;
  expiresAt: string;
  profileId: string;
};

/**
 * The session token a sign-in answer set in its HttpOnly cookie (ADR 0022: the body's
 * `sessionToken` is empty), or null.
 */
export function sessionCookieOf(response: LightMyRequestResponse): string | null {
  const header = response.headers["set-cookie"];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  for (const cookie of cookies) {
    const match = /^(?:__Host-)?casino_session=([^;]*)/.exec(cookie);
    if (match) return match[1] || null;
  }
  return null;
}

/** A sign-in answer's tokens, the session token taken from its cookie. */
export function tokensOf(response: LightMyRequestResponse): Tokens {
  const tokens = json<{ data: Tokens }>(response).data;
  return { ...tokens, sessionToken: sessionCookieOf(response) ?? tokens.sessionToken };
}

export function bearer(token: string): InjectOptions["headers"] {
  return { authorization: `Bearer ${token}` };
}

/** Registers by e-mail from `ip` and returns the tokens and the e-mail. */
export async function registerByEmail(
  app: TestApp,
  overrides: Record<string, unknown> = {},
  ip = freshIp(),
): Promise<{ tokens: Tokens; email: string; password: string }> {
  const body = registrationBody(overrides);
  const response = await app.inject({
    method: "POST",
    url: "/api/player/register",
    payload: body,
    remoteAddress: ip,
  });
  if (response.statusCode !== 201) {
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  }
  return {
    tokens: tokensOf(response),
    email: body.email as string,
    password: body.password as string,
  };
}

export async function loginAs(
  app: TestApp,
  login: string,
  password: string,
  ip = freshIp(),
  userAgent?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/player/sessions",
    payload: { login, password, fingerprint: "fp" },
    remoteAddress: ip,
    headers: userAgent ? { "user-agent": userAgent } : {},
  });
}

/** The latest outbox message to a recipient. */
export async function lastOutbox(
  app: TestApp,
  recipient: string,
): Promise<{ body: string; link: string | null; subject: string | null } | undefined> {
  const rows = await app.testDb.query<{
    body: string;
    link: string | null;
    subject: string | null;
  }>(
    "SELECT body, link, subject FROM outbox_messages WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1",
    [recipient],
  );
  return rows[0];
}
