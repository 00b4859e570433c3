import { existsSync } from "node:fs";
import path from "node:path";
import { InitResponse } from "@casino/contract/init";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { createApiFetch } from "../src/web/ssr";
import { createTestApp, fixturesDir, ipv4InCountry, type TestApp } from "./helpers";

const fixtureBuild = path.join(fixturesDir, "web-build");

/** The loader data the fixture build prints into its page. */
function pageData(html: string) {
  const match = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error(`no data in page: ${html.slice(0, 200)}`);
  return JSON.parse(match[1]!) as {
    root: {
      path: string;
      init: { status: number; body: unknown };
      missing: { status: number; body: unknown };
    };
    action: Record<string, unknown> | null;
  };
}

describe("SSR mount (fixture build)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(
      { WEB_BUILD_DIR: fixtureBuild, COUNTRY_HEADER: "cf-ipcountry" },
      { ssr: true },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("API answers are compressed for clients that accept it (pages: e2e routing test)", async () => {
    const api = await app.inject({
      url: "/api/settings/countries",
      headers: { "accept-encoding": "gzip" },
    });
    expect(api.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url: "/api/settings/countries" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toHaveProperty("data");
  });

  it("BE-01 pages render through React Router with security headers", async () => {
    for (const url of ["/", "/de/profile/wallet", "/categories/slots?x=1"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(String(response.headers["content-security-policy"])).toContain("default-src 'self'");
      expect(pageData(response.body).root.path).toBe(url.split("?")[0]);
    }
  });

  it("BE-01 loaders reach the API in process through context.apiFetch, as the visitor", async () => {
    const response = await app.inject({
      url: "/",
      headers: { "cf-ipcountry": "BR" },
    });
    const { root } = pageData(response.body);
    expect(root.init.status).toBe(200);
    expect(InitResponse.parse(root.init.body).country).toBe("BR");
    expect(root.missing).toEqual({
      status: 404,
      body: { error: { code: 404, message: "Not Found" } },
    });
    // GeoIP sees the visitor's address, not the server's loopback.
    const fromGermany = await app.inject({ url: "/", remoteAddress: ipv4InCountry("DE") });
    expect(InitResponse.parse(pageData(fromGermany.body).root.init.body).country).toBe("DE");
  });

  it("BE-43 /api paths never fall through to SSR", async () => {
    for (const method of ["GET", "POST"] as const) {
      const response = await app.inject({ method, url: "/api/nope" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
    }
  });

  it("static files: hashed assets are immutable, other files revalidate", async () => {
    const asset = await app.inject({ url: "/assets/entry-fixture.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    const manifest = await app.inject({ url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
  });

  it("form posts reach React Router with their body untouched", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "message=hello",
    });
    // Fastify parsed nothing (no 415), so the route's action could read the form itself.
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).action).toEqual({ splat: { message: "hello" } });
  });
});

describe("apiFetch", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ COUNTRY_HEADER: "cf-ipcountry" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const fakeRequest = (headers: Record<string, string>, ip = "127.0.0.1") =>
    ({ id: "page-request-1", ip, headers }) as unknown as FastifyRequest;

  it("forwards the visitor's headers and address and returns a standard Response", async () => {
    const apiFetch = createApiFetch(
      app,
      fakeRequest({ "cf-ipcountry": "BE", cookie: "a=b", "x-unrelated": "no" }),
      "cf-ipcountry",
    );
    const response = await apiFetch("/api/player/init");
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("page-request-1");
    expect(InitResponse.parse(await response.json()).country).toBe("BE");

    const byIp = createApiFetch(app, fakeRequest({}, ipv4InCountry("JP")), "cf-ipcountry");
    expect(InitResponse.parse(await (await byIp("/api/player/init")).json()).country).toBe("JP");
  });

  it("passes method, headers and body of init; refuses non-API paths", async () => {
    const apiFetch = createApiFetch(app, fakeRequest({}), null);
    const bad = await apiFetch("/api/settings/currencies?visible=maybe");
    expect(bad.status).toBe(422);
    const broken = await apiFetch("/api/settings/locales", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    const head = await apiFetch("/api/health", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    await expect(apiFetch("/profile")).rejects.toThrow(TypeError);
  });
});

const realBuild = path.join(repoRoot, "apps/web/build");
describe.skipIf(!existsSync(path.join(realBuild, "server/index.js")))(
  "SSR mount (the web app's own build)",
  () => {
    it("BE-01 the home page renders as HTML and unknown API paths stay JSON", async () => {
      const app = await createTestApp({ WEB_BUILD_DIR: realBuild }, { ssr: true });
      try {
        const home = await app.inject({ url: "/" });
        expect(home.statusCode).toBe(200);
        expect(home.headers["content-type"]).toMatch(/^text\/html/);
        expect(home.body).toMatch(/<html/i);
        const api = await app.inject({ url: "/api/nope" });
        expect(api.statusCode).toBe(404);
        expect(api.headers["content-type"]).toMatch(/^application\/json/);
        // Issue 31 item 12: pages without an icon link (back office, sandbox pages) ask the
        // origin's /favicon.ico.
        const icon = await app.inject({ url: "/favicon.ico" });
        expect(icon.statusCode).toBe(200);
        expect(icon.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
      } finally {
        await app.close();
      }
    });
  },
);
