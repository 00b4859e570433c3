// Methods the site does not answer (infra/http-methods.ts) get a 405 with the shared error
// body and an Allow header at once, on pages (where TRACE used to hang: React Router cannot
// build a request of it) and on the API; a method the HTTP parser does not know and CONNECT
// too. /api/docs can be switched off (API_DOCS; off by default in production unless DEMO).
// Runs on PGlite and PostgreSQL.
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fixturesDir, type TestApp, testConfig } from "./helpers";

let app: TestApp;
let port = 0;
beforeAll(async () => {
  app = await createTestApp({ WEB_BUILD_DIR: path.join(fixturesDir, "web-build") }, { ssr: true });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => app?.close());

/** A raw request on its own connection (CONNECT included); a hang shows as "timeout" after 5 s. */
function send(method: string, url: string) {
  return new Promise<{ status: number | string; allow?: string; body: string }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ status: "timeout", body: "" });
    }, 5_000);
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const allow = /^allow: (.*)$/im.exec(head)?.[1];
      resolve({ status, ...(allow ? { allow } : {}), body });
    });
    socket.on("error", () => undefined);
    socket.write(
      `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
  });
}

const refused = {
  status: 405,
  allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  body: JSON.stringify({ error: { code: 405, message: "This method is not allowed here" } }),
};

describe("methods the site does not answer", () => {
  it("are a 405 with the shared body at once, on pages and on the API", async () => {
    for (const method of ["TRACE", "PROPFIND", "PURGE", "FOO", "CONNECT"]) {
      for (const url of ["/", "/games/dice", "/api/game/games", "/api/nope"]) {
        expect(await send(method, url), `${method} ${url}`).toEqual(refused);
      }
    }
    // The methods it answers still work.
    expect((await send("GET", "/games/dice")).status).toBe(200);
    expect((await send("GET", "/api/game/games")).status).toBe(200);
  });
});

describe("/api/docs", () => {
  it("is served by default outside production and switched off by API_DOCS=false", async () => {
    expect((await app.inject({ url: "/api/docs/json" })).statusCode).toBe(200);
    const off = await createTestApp({ API_DOCS: "false" });
    try {
      for (const url of ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"]) {
        const response = await off.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ error: { code: 404, message: "Not Found" } });
      }
    } finally {
      await off.close();
    }
  });

  it("is off by default in production, on in the demo", () => {
    expect(testConfig({ NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(testConfig({ NODE_ENV: "production", DEMO: "true" }).apiDocs).toBe(true);
    expect(testConfig({ NODE_ENV: "production", API_DOCS: "true" }).apiDocs).toBe(true);
    expect(testConfig({}).apiDocs).toBe(true);
  });
});
