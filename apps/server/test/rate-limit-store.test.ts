// The abuse limits in the database (RATE_LIMIT_STORE=database, the default with DATABASE_URL):
// two server nodes over one database count against one allowance, atomically, so a burst split
// between them gets no more than one node alone would. Runs on PGlite and PostgreSQL.
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { buildTestApp, expectErrorBody, type TestApp } from "./helpers";
import {
  createPlayerTestApp,
  freshEmail,
  freshIp,
  loginAs,
  type PlayerTestApp,
  registerByEmail,
  registrationBody,
} from "./player-helpers";

const ENV = { RATE_LIMIT_STORE: "database" };

let node1: PlayerTestApp;
let node2: TestApp;
beforeAll(async () => {
  node1 = await createPlayerTestApp(ENV);
  // A second node: its own process memory, the same database and configuration.
  const app = await buildTestApp(
    node1.testDb,
    {},
    { config: node1.testConfig, now: node1.clock.now },
  );
  node2 = Object.assign(app, { testDb: node1.testDb, testConfig: node1.testConfig });
});
afterAll(async () => {
  await node2?.close();
  await node1?.close();
});

function tally(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) {
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  }
  return counts;
}

const nodes = () => [node1, node2] as const;
const times = (count: number) => Array.from({ length: count }, (_, index) => index);

describe("abuse limits in the database", () => {
  it("is the store with a PostgreSQL DATABASE_URL, memory without one, and can be chosen", () => {
    const secrets = { JWT_SECRET: "x".repeat(64), WEBHOOK_SECRET: "y".repeat(64) };
    const base = { NODE_ENV: "test", ...secrets };
    expect(loadConfig(base, { persistSecrets: false }).auth.rateLimitStore).toBe("memory");
    expect(
      loadConfig({ ...base, DATABASE_URL: "postgres://db/casino" }, { persistSecrets: false }).auth
        .rateLimitStore,
    ).toBe("database");
    expect(
      loadConfig(
        { ...base, DATABASE_URL: "postgres://db/casino", RATE_LIMIT_STORE: "memory" },
        { persistSecrets: false },
      ).auth.rateLimitStore,
    ).toBe("memory");
    expect(() =>
      loadConfig({ ...base, RATE_LIMIT_STORE: "redis" }, { persistSecrets: false }),
    ).toThrow(/RATE_LIMIT_STORE/);
  });

  it("30 simultaneous wrong passwords on one account from one address, split between two nodes, get the allowance of 10 once", async () => {
    const { email } = await registerByEmail(node1);
    const attacker = freshIp();
    const answers = await Promise.all(
      times(30).map((i) => loginAs(nodes()[i % 2]!, email, `wrong-${i}`, attacker)),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 20 });
    const limited = answers.find((answer) => answer.statusCode === 429)!;
    expect(expectErrorBody(limited.json()).error.code).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("a success gives its point back and clears the account-on-IP count on every node", async () => {
    const { email, password } = await registerByEmail(node1);
    const office = freshIp();
    for (let i = 0; i < 9; i++) {
      expect((await loginAs(node2, email, `wrong-${i}`, office)).statusCode).toBe(401);
    }
    expect((await loginAs(node1, email, password, office)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) {
      expect((await loginAs(node2, email, `again-${i}`, office)).statusCode).toBe(401);
    }
    expect((await loginAs(node1, email, password, office)).statusCode).toBe(429);
  });

  it("the account's allowance across addresses holds across nodes; the owner's address still signs in", async () => {
    const home = freshIp();
    const { email, password } = await registerByEmail(node1, {}, home);
    const burst = await Promise.all(
      times(40).map((i) => loginAs(nodes()[i % 2]!, email, `botnet-${i}`, freshIp())),
    );
    expect(tally(burst)).toEqual({ 401: 30, 429: 10 });
    expect((await loginAs(node2, email, password, freshIp())).statusCode).toBe(429);
    expect((await loginAs(node2, email, password, home)).statusCode).toBe(201);
  });

  it("sign-up probes of a taken e-mail from one address, split between nodes, end in 429 after 20", async () => {
    const { email } = await registerByEmail(node1);
    const prober = freshIp();
    const answers = await Promise.all(
      times(30).map((i) =>
        nodes()[i % 2]!.inject({
          method: "POST",
          url: "/api/player/register",
          payload: registrationBody({ email }),
          remoteAddress: prober,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 422: 20, 429: 10 });
    const another = await node2.inject({
      method: "POST",
      url: "/api/player/register",
      payload: registrationBody({ email: freshEmail() }),
      remoteAddress: prober,
    });
    expect(another.statusCode).toBe(429);
  });
});
