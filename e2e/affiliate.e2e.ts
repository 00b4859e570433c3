import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";

describe("affiliate tag, default expiration", () => {
  const site = useSite();

  test("AF-01 AF-03 AF-04 ?stag=X sets affiliateTag for 30 days and leaves the URL", async () => {
    const { page, context } = await site.open();
    const before = Date.now() / 1000;
    await page.goto("/?stag=partner-42&x=1");
    await hydrated(page);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("stag"));
    expect(new URL(page.url()).searchParams.get("x")).toBe("1");
    const cookie = (await context.cookies()).find((c) => c.name === "affiliateTag");
    expect(cookie?.value).toBe("partner-42");
    const lifetime = (cookie?.expires ?? 0) - before;
    expect(lifetime).toBeGreaterThan(2592000 - 60);
    expect(lifetime).toBeLessThan(2592000 + 60);
  });

  test("AF-02 an existing affiliateTag cookie is never overwritten", async () => {
    const { page, context } = await site.open({
      cookies: [{ name: "affiliateTag", value: "first" }],
    });
    await page.goto("/?stag=second");
    await hydrated(page);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("stag"));
    const cookie = (await context.cookies()).find((c) => c.name === "affiliateTag");
    expect(cookie?.value).toBe("first");
  });
});

describe("affiliate tag, configured expiration", () => {
  const site = useSite({ AFFILIATE_TAG_EXPIRATION_DAYS: "7" });

  test("AF-04 the lifetime is 86400 s times affiliateTagExpiration", async () => {
    const { page, context } = await site.open();
    const before = Date.now() / 1000;
    await page.goto("/?stag=seven");
    await hydrated(page);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has("stag"));
    const cookie = (await context.cookies()).find((c) => c.name === "affiliateTag");
    const lifetime = (cookie?.expires ?? 0) - before;
    expect(Math.round(lifetime / 86400)).toBe(7);
  });
});
