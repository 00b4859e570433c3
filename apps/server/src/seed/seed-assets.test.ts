// Every picture the seed names ships with the web app: the demo games' covers and the payment
// methods' logos are files under apps/web/public (served from the site's own origin), so a new
// site shows them instead of asking for a 404 and drawing a placeholder. They are plain SVG with
// nothing that runs: opened on their own they share the site's origin.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedGameImage, seedGameProviders, seedGames, seedProviderLogo } from "./game-catalogue";
import { seedPaymentMethods, xrpDepositMethod } from "./payment-methods";

const publicDir = path.resolve(import.meta.dirname, "../../../web/public");
const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

function shipped(url: string): string {
  expect(url.startsWith("/images/"), url).toBe(true);
  const file = path.join(publicDir, url);
  expect(existsSync(file), `${url} is not in apps/web/public`).toBe(true);
  return readFileSync(file, "utf8");
}

function expectPlainSvg(url: string, svg: string) {
  expect(svg, url).toMatch(/<svg[\s>]/);
  expect(svg, url).toMatch(/viewBox="[\d.\s]+"/);
  expect(svg, `${url} runs script`).not.toMatch(
    /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i,
  );
  expect(svg, `${url} loads another file`).not.toMatch(
    /(?:xlink:)?href\s*=\s*"(?!#)|@import|url\((?!#)/i,
  );
}

describe("the seed's pictures", () => {
  it("CN-04 GM-02 every demo game's cover is an SVG the web app ships", () => {
    for (const game of seedGames) {
      const url = seedGameImage(game.slug);
      expectPlainSvg(url, shipped(url));
    }
  });

  it("WL-03 every seeded payment method's logo is an SVG the web app ships", () => {
    const logos = new Set(
      [...seedPaymentMethods, xrpDepositMethod].flatMap((method) => method.logo ?? []),
    );
    expect(logos.size).toBeGreaterThan(0);
    for (const url of logos) expectPlainSvg(url, shipped(url));
  });

  it("GM-08 every demo provider's logo is an SVG the web app ships", () => {
    for (const provider of seedGameProviders) {
      expect(provider.logo, provider.slug).toBe(seedProviderLogo(provider.slug));
      const url = seedProviderLogo(provider.slug);
      expectPlainSvg(url, shipped(url));
    }
  });

  it("migration 0097 gives exactly the seeded providers their logo", () => {
    const sql = readFileSync(path.join(migrationsDir, "0097_demo_provider_logos.sql"), "utf8");
    const listed = [...(sql.match(/slug IN \(([^)]*)\)/)?.[1] ?? "").matchAll(/'([^']+)'/g)].map(
      (match) => match[1],
    );
    expect(listed.sort()).toEqual(seedGameProviders.map((provider) => provider.slug).sort());
    expect(sql).toContain("'/images/providers/' || slug || '.svg'");
    expect(sql).toMatch(/WHERE logo IS NULL/);
  });

  it("migration 0055 moves exactly the seeded games' old cover paths", () => {
    const sql = readFileSync(path.join(migrationsDir, "0055_demo_game_covers.sql"), "utf8");
    const listed = [...(sql.match(/slug IN \(([^)]*)\)/)?.[1] ?? "").matchAll(/'([^']+)'/g)].map(
      (match) => match[1],
    );
    expect(listed.sort()).toEqual(seedGames.map((game) => game.slug).sort());
  });
});
