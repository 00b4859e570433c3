import { describe, expect, test } from "vitest";
import { useSite } from "./support/fixture";

async function status(base: string, path: string): Promise<number> {
  return (await fetch(new URL(path, base), { redirect: "manual" })).status;
}

describe("route filtering with the default configuration", () => {
  const site = useSite();

  test("RT-28 betting is absent without a betting client host and id", async () => {
    expect(await status(site.server.url, "/betting")).toBe(404);
    expect(await status(site.server.url, "/de/betting")).toBe(404);
  });

  test("RT-14 RT-30 loyalty and profile documents are present by default", async () => {
    expect(await status(site.server.url, "/loyalty")).toBe(200);
    expect(await status(site.server.url, "/profile/documents")).toBe(200);
  });
});

describe("route filtering with betting configured, loyalty off, documents hidden", () => {
  const site = useSite({
    // A sportsbook provider's catalogue game (the sandbox's) with another client host and id.
    SANDBOX_GAMES: "true",
    BETTING_CLIENT_HOST: "https://sportsbook.example.test",
    BETTING_CLIENT_ID: "demo-client",
    LOYALTY_ENABLED: "false",
    VERIFICATION_PROVIDER: "sandbox",
    VERIFICATION_HIDE_DOCUMENTS: "true",
  });

  test("RT-06 RT-28 betting exists when both client host and client id are configured", async () => {
    expect(await status(site.server.url, "/betting")).toBe(200);
    expect(await status(site.server.url, "/pt-br/betting")).toBe(200);
  });

  test("RT-29 SEC-04 loyalty is absent when loyalty is disabled", async () => {
    expect(await status(site.server.url, "/loyalty")).toBe(404);
    const { page } = await site.open();
    await page.goto("/");
    await page.getByRole("navigation").first().waitFor();
    expect(await page.getByRole("link", { name: "Loyalty" }).count()).toBe(0);
  });

  test("RT-30 profile documents are absent when the verification provider hides them", async () => {
    expect(await status(site.server.url, "/profile/documents")).toBe(404);
    expect(await status(site.server.url, "/profile/verification")).toBe(200);
  });
});

describe("route filtering with only a betting client host", () => {
  const site = useSite({ BETTING_CLIENT_HOST: "https://sportsbook.example.test" });

  test("RT-28 betting stays absent with a client host but no client id", async () => {
    expect(await status(site.server.url, "/betting")).toBe(404);
  });
});

describe("route filtering with the sandbox sportsbook on but betting switched off", () => {
  const site = useSite({ SANDBOX_GAMES: "true", BETTING_CLIENT_HOST: "" });

  test("RT-28 an empty betting client host turns betting off even with a sportsbook game", async () => {
    expect(await status(site.server.url, "/betting")).toBe(404);
  });
});
