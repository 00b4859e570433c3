// Issue 24: the player site's Content-Security-Policy allows no 'unsafe-inline' script; a page the
// server renders gets a fresh nonce, handed to the web app's render (load context cspNonce).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fixturesDir, type TestApp } from "./helpers";

function scriptSrc(policy: unknown): string {
  const directive = String(policy)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  if (!directive) throw new Error(`no script-src in ${String(policy)}`);
  return directive;
}

function renderedNonce(html: string): string | null {
  const match = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html);
  return (JSON.parse(match![1]!) as { nonce: string | null }).nonce;
}

describe("Content-Security-Policy without 'unsafe-inline' scripts", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(
      { WEB_BUILD_DIR: path.join(fixturesDir, "web-build") },
      { ssr: true },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("a rendered page allows its own nonce, which the render gets, and no inline script otherwise", async () => {
    const first = await app.inject({ url: "/" });
    const second = await app.inject({ url: "/games/some-game" });
    const nonces: string[] = [];
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      const policy = scriptSrc(page.headers["content-security-policy"]);
      expect(policy).not.toContain("unsafe-inline");
      expect(policy).not.toContain("unsafe-eval");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(renderedNonce(page.body)).toBe(nonce);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("API answers and other server pages carry the policy with no inline script at all", async () => {
    for (const url of ["/api/settings/countries", "/api/nope", "/dev/outbox"]) {
      const response = await app.inject({ url });
      const policy = scriptSrc(response.headers["content-security-policy"]);
      expect(policy, url).toMatch(/^script-src 'self'/);
      expect(policy, url).not.toContain("unsafe-inline");
      expect(policy, url).not.toContain("nonce-");
    }
  });
});
