import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fixturesDir, type TestApp } from "./helpers";
import {
  createPlayerTestApp,
  freshIp,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

describe("/dev/outbox", () => {
  let app: PlayerTestApp;
  beforeAll(async () => {
    app = await createPlayerTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists the latest messages newest first as an accessible table with clickable links", async () => {
    const { email } = await registerByEmail(app);
    await app.inject({
      method: "POST",
      url: "/api/player/otp/send",
      payload: { phone: "+4915112999001", reason: "registration" },
      remoteAddress: freshIp(),
    });
    const response = await app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<caption>");
    expect(html).toContain('<th scope="col">Recipient</th>');
    expect(html.indexOf("+4915112999001")).toBeLessThan(html.indexOf(email));
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:3000\/verify\/[A-Za-z0-9_-]{43}">/);
    expect(html).toMatch(/Your verification code is \d{6}/);

    const filtered = await app.inject({
      method: "GET",
      url: `/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(filtered.body).toContain(email);
    expect(filtered.body).not.toContain("+4915112999001");
  });

  it("escapes what it shows", async () => {
    await app.testDb.query(
      `INSERT INTO outbox_messages (channel, recipient, subject, body, link, created_at)
       VALUES ('email', 'x@example.com', '<script>alert(1)</script>', 'a & b', 'javascript:alert(1)', now())`,
    );
    const html = (await app.inject({ method: "GET", url: "/dev/outbox" })).body;
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain('href="javascript:');
  });
});

describe("/dev/outbox in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ DEV_OUTBOX: "false" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("is a 404 when DEV_OUTBOX is off", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.statusCode).toBe(404);
  });
});

describe("/dev/outbox beside the web app", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(
      { WEB_BUILD_DIR: path.join(fixturesDir, "web-build") },
      { ssr: true },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it("is answered by the server, not the SSR catch-all", async () => {
    const response = await app.inject({ method: "GET", url: "/dev/outbox" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Dev outbox</h1>");
  });
});
