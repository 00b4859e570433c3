import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers";
import { loadConfig } from "../config";
import type { Db } from "./db";
import { createMailPort } from "./mail";
import { migrate } from "./migrate";
import { listOutbox } from "./outbox";

const secrets = { JWT_SECRET: "j".repeat(32), WEBHOOK_SECRET: "w".repeat(32) };

/** Just enough SMTP for nodemailer: greets, accepts one message per DATA, records it. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    socket.setEncoding("utf8");
    let inData = false;
    let data = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      if (inData) {
        data += chunk;
        if (data.includes("\r\n.\r\n")) {
          received.push(data);
          data = "";
          inData = false;
          socket.write("250 queued\r\n");
        }
        return;
      }
      for (const line of chunk.split("\r\n").filter(Boolean)) {
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
}

describe("mail port", () => {
  let database: TestDatabase;
  let db: Db;
  let server: Server;
  const received: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await migrate(db);
    server = fakeSmtp(received).listen(0, "127.0.0.1");
    await once(server, "listening");
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });

  it("writes the outbox only, unsent, without SMTP_URL", async () => {
    const mail = createMailPort({ db, now: () => new Date(), smtpUrl: null, from: "a@b.c" });
    await mail.send({ to: "x@example.com", subject: "Hi", text: "Body", link: "http://l/1" });
    const [row] = await listOutbox(db, { to: "x@example.com", limit: 1 });
    expect(row).toMatchObject({
      channel: "email",
      subject: "Hi",
      link: "http://l/1",
      sentAt: null,
    });
  });

  it("reports a failing SMTP server without failing the send", async () => {
    const errors: unknown[] = [];
    const mail = createMailPort({
      db,
      now: () => new Date(),
      smtpUrl: "smtp://127.0.0.1:1",
      from: "a@b.c",
      onDeliveryError: (error) => errors.push(error),
    });
    await mail.send({ to: "z@example.com", subject: "S", text: "T" });
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    const [row] = await listOutbox(db, { to: "z@example.com", limit: 1 });
    expect(row?.sentAt).toBeNull();
  });

  it("sends through SMTP when SMTP_URL is set and marks the outbox row sent", async () => {
    const port = (server.address() as { port: number }).port;
    const config = loadConfig({
      ...secrets,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Casino <no-reply@casino.test>",
    });
    const mail = createMailPort({ db, now: () => new Date(), ...config.mail });
    await mail.send({ to: "y@example.com", subject: "Reset", text: "Open the link" });
    // Stored at once; delivered in the background.
    await vi.waitFor(
      async () => {
        const [row] = await listOutbox(db, { to: "y@example.com", limit: 1 });
        expect(row?.sentAt).toBeInstanceOf(Date);
      },
      { timeout: 5000 },
    );
    expect(received.at(-1)).toContain("Subject: Reset");
    expect(received.at(-1)).toContain("Open the link");
  });

  it("parses the account and social settings with their defaults", () => {
    const development = loadConfig({ ...secrets });
    expect(development.devOutbox).toBe(true);
    expect(development.social.sandboxOidc).toBe(true);
    expect(development.auth).toMatchObject({
      accessTokenTtlSeconds: 900,
      otpTtlSeconds: 600,
      otpResendSeconds: 60,
      otpMaxPerHour: 5,
      rateLimitScale: 1,
    });
    const production = loadConfig({ ...secrets, NODE_ENV: "production" });
    expect(production.devOutbox).toBe(false);
    expect(production.social.sandboxOidc).toBe(false);
    expect(loadConfig({ ...secrets, NODE_ENV: "production", DEV_OUTBOX: "true" }).devOutbox).toBe(
      true,
    );
    expect(() => loadConfig({ ...secrets, OTP_TTL_SECONDS: "601" })).toThrow(/OTP_TTL_SECONDS/);
    expect(() => loadConfig({ ...secrets, SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
  });
});
