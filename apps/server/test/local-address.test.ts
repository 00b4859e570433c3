// A site run on this machine answers a browser's navigation to another loopback name of its port
// with a redirect to PUBLIC_URL's name (at http://localhost:3000 the sandboxes' frames would be
// blocked across the two origins); API calls and a site with a public name are left alone.
// Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackAliasTarget } from "../src/infra/local-address";
import { createTestApp, type TestApp } from "./helpers";

const navigate = { "sec-fetch-mode": "navigate", accept: "text/html" };

describe("another loopback name of the site's port", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: "http://127.0.0.1:3000" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("GM-04 a page opened at localhost goes to PUBLIC_URL's name, path and query kept", async () => {
    const response = await app.inject({
      url: "/games/gold-rush?mode=demo",
      headers: { ...navigate, host: "localhost:3000" },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("http://127.0.0.1:3000/games/gold-rush?mode=demo");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("the site's own name, API calls, other ports and other hosts answer as they are", async () => {
    const own = await app.inject({
      url: "/api/health",
      headers: { ...navigate, host: "127.0.0.1:3000" },
    });
    expect(own.statusCode).toBe(200);
    const fetched = await app.inject({ url: "/api/health", headers: { host: "localhost:3000" } });
    expect(fetched.statusCode).toBe(200);
    const posted = await app.inject({
      method: "POST",
      url: "/api/player/sessions",
      headers: { ...navigate, host: "localhost:3000" },
      payload: {},
    });
    expect(posted.statusCode).not.toBe(302);
    const otherPort = await app.inject({
      url: "/api/health",
      headers: { ...navigate, host: "localhost:3001" },
    });
    expect(otherPort.statusCode).toBe(200);
    const public_ = await app.inject({
      url: "/api/health",
      headers: { ...navigate, host: "casino.example" },
    });
    expect(public_.statusCode).toBe(200);
  });
});

describe("loopbackAliasTarget", () => {
  it("names the target only for a loopback site and another loopback name of its port", () => {
    const site = "http://127.0.0.1:3000";
    expect(loopbackAliasTarget(site, "localhost:3000", "/")).toBe("http://127.0.0.1:3000/");
    expect(loopbackAliasTarget(site, "[::1]:3000", "/a?b=1")).toBe("http://127.0.0.1:3000/a?b=1");
    expect(loopbackAliasTarget(site, "LOCALHOST:3000", "/x")).toBe("http://127.0.0.1:3000/x");
    expect(loopbackAliasTarget(site, "127.0.0.1:3000", "/")).toBeNull();
    expect(loopbackAliasTarget(site, "localhost:3001", "/")).toBeNull();
    expect(loopbackAliasTarget(site, "localhost", "/")).toBeNull();
    expect(loopbackAliasTarget(site, "casino.example:3000", "/")).toBeNull();
    expect(loopbackAliasTarget(site, undefined, "/")).toBeNull();
    expect(loopbackAliasTarget(site, "bad host", "/")).toBeNull();
    expect(loopbackAliasTarget("http://localhost:8080", "127.0.0.1:8080", "/p")).toBe(
      "http://localhost:8080/p",
    );
    expect(loopbackAliasTarget("https://casino.example", "localhost:443", "/")).toBeNull();
    // A path that does not start with a slash never becomes another host.
    expect(loopbackAliasTarget(site, "localhost:3000", "//evil.example/")).toBe(
      "http://127.0.0.1:3000//evil.example/",
    );
  });
});
