// Secrets never reach the logs (lib/log-redaction.ts): the request line Fastify logs for every
// request carries no reset or confirmation code, game session or auto-login token, OpenID
// state or code, sandbox payment reference, whether in the path (with or without a locale) or
// the query; ordinary parameters stay readable. Read from the logger's own output stream.
// Runs on PGlite and PostgreSQL.
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { migrate } from "../src/infra/migrate";
import { redactUrl } from "../src/lib/log-redaction";
import { seed } from "../src/seed";
import { createTestDatabase, sharedGeoIp, type TestDatabase, testConfig } from "./helpers";

const lines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.db);
  await seed(database.db);
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: "info" }),
    db: database.db,
    geoIp: sharedGeoIp,
    ssr: false,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the request log", () => {
  it("carries no path or query secret, and keeps the rest of the request line", async () => {
    const secrets = {
      reset: "ResetCode9f8e7d6c5b4a",
      confirm: "ConfirmCode1a2b3c4d5e",
      gameToken: "GameToken0123456789abcdef",
      autologin: "AutoLogin0123456789",
      state: "StateCsrf0123456789",
      code: "OidcCode0123456789",
      reference: "sbx_0123456789abcdef",
      verification: "VerifyToken0123456789",
      signature: "Sig0123456789abcdef",
    };
    const urls = [
      `/password-reset/${secrets.reset}`,
      `/de/password-reset/${secrets.reset}?from=mail`,
      `/verify/${secrets.confirm}`,
      `/pt-br/verify/${secrets.confirm}`,
      `/studio/play/dice?token=${secrets.gameToken}&mode=real&currency=EUR`,
      `/sandbox/games/sandbox-slots/gold-rush?mode=real&token=${secrets.gameToken}`,
      `/api/connection/websocket?token=${secrets.gameToken}`,
      `/auth/autologin?token=${secrets.autologin}`,
      `/auth/social/sandbox/callback?code=${secrets.code}&state=${secrets.state}`,
      `/api/player/sessions/social/sandbox/redirect?state=${secrets.state}&connection=sandbox`,
      `/sandbox/payments/${secrets.reference}`,
      `/sandbox/verification/${secrets.verification}`,
      `/api/game/games?page=2&x-signature=${secrets.signature}&accessToken=${secrets.gameToken}`,
    ];
    for (const url of urls) await app.inject({ url });
    const logged = lines.join("\n");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(logged, name).not.toContain(secret);
    }
    const requestUrls = lines
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => (line.req?.url ? [line.req.url] : []));
    expect(requestUrls).toEqual(expect.arrayContaining(urls.map(redactUrl)));
    expect(requestUrls).toContain("/de/password-reset/[redacted]?from=mail");
    expect(requestUrls).toContain("/studio/play/dice?token=[redacted]&mode=real&currency=EUR");
    expect(requestUrls).toContain(
      "/api/player/sessions/social/sandbox/redirect?state=[redacted]&connection=sandbox",
    );
  });
});
