// The live chat widget and the tag manager (spec §4 "Chat", §7, §8; ST-11..ST-13, ER-21). Both
// are outside scripts, configured here with addresses that the browser never reaches: the test
// answers them with a stub widget (the Freshchat `fcWidget` API) and an empty tag manager.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  ACCOUNT_ENV,
  PASSWORD,
  registerByApi,
  signInWithModal,
  uniqueEmail,
} from "./support/accounts";
import { hydrated, type Site, useSite } from "./support/fixture";

const WIDGET_URL = "https://chat.example.test/widget.js";
const TAG_MANAGER_URL = "https://tags.example.test/gtm.js?id=GTM-TEST";
const THIRD_PARTY_ENV = {
  ...ACCOUNT_ENV,
  CHAT_WIDGET_URL: WIDGET_URL,
  TAG_MANAGER_URL: TAG_MANAGER_URL,
};

/**
 * A widget that records its init calls and, for a player without a restore id, announces the
 * new chat user with one (as the real widget does on the first conversation).
 */
const STUB_WIDGET = `
window.__chat = { inits: [] };
window.fcWidget = {
  handlers: [],
  init(options) {
    window.__chat.inits.push(options);
    if (options.externalId && !options.restoreId) {
      setTimeout(() => {
        for (const handler of this.handlers) {
          handler({ status: 200, data: { restoreId: "restore-" + options.externalId } });
        }
      }, 0);
    }
  },
  on(event, handler) {
    if (event === "user:created") this.handlers.push(handler);
  },
};`;

type Stub = { widget?: "ok" | "fails"; requested: string[] };

/** Answers the two outside scripts in this browser context; returns the URLs asked for. */
async function stubThirdParty(context: BrowserContext, widget: Stub["widget"] = "ok") {
  const requested: string[] = [];
  await context.route("https://chat.example.test/**", (route) => {
    requested.push(route.request().url());
    return widget === "ok"
      ? route.fulfill({ contentType: "text/javascript", body: STUB_WIDGET })
      : route.fulfill({ status: 500, contentType: "text/plain", body: "down" });
  });
  await context.route("https://tags.example.test/**", (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: "window.__tags = true;" });
  });
  return requested;
}

const inits = (page: Page) =>
  page.evaluate(() => (window as { __chat?: { inits: unknown[] } }).__chat?.inits ?? []);

async function openSite(site: Site, widget: Stub["widget"] = "ok") {
  const { page, context } = await site.open({ country: "IE" });
  const requested = await stubThirdParty(context, widget);
  return { page, context, requested };
}

describe("chat and tag manager, chat for players only", () => {
  const site = useSite(THIRD_PARTY_ENV);

  test("ST-11 ST-12 ST-13 a guest gets the tag manager but no chat; a player's chat starts and its restore id is saved and reused", async () => {
    const email = uniqueEmail("chat");
    const { profileId } = await registerByApi(site.server.url, email);
    const { page, requested } = await openSite(site);
    const svgs: string[] = [];
    page.on("response", (response) => {
      if ((response.headers()["content-type"] ?? "").startsWith("image/svg+xml")) {
        svgs.push(new URL(response.url()).pathname);
      }
    });
    const manifest = page.waitForResponse((r) => new URL(r.url()).pathname === "/version.json");
    const tags = page.waitForRequest((r) => r.url() === TAG_MANAGER_URL);
    await page.goto("/");
    await hydrated(page);
    // ST-13: the tag manager (with its start event), and the build manifest.
    await tags;
    await page.waitForFunction(() => (window as { __tags?: boolean }).__tags === true);
    expect(
      await page.evaluate(() => (window as { dataLayer?: { event?: string }[] }).dataLayer),
    ).toContainEqual(expect.objectContaining({ event: "gtm.js" }));
    expect((await manifest).status()).toBe(200);
    // ST-11: no chat for a guest while the guest setting is off.
    expect(requested).not.toContain(WIDGET_URL);

    // ST-11: signing in starts it for the player.
    const widget = page.waitForRequest((r) => r.url() === WIDGET_URL);
    const saved = page.waitForRequest(
      (r) => r.method() === "PUT" && new URL(r.url()).pathname === "/api/player/profile",
    );
    await signInWithModal(page, email, PASSWORD);
    await widget;
    await expect.poll(() => inits(page)).toEqual([{ externalId: profileId, restoreId: null }]);
    // ST-13: the sign-in modal's SVG icons came from our server.
    expect(svgs.some((path) => path.endsWith(".svg"))).toBe(true);

    // ST-12: the widget's new restore id is saved on the profile...
    const request = await saved;
    expect(request.postDataJSON()).toEqual({ freshchatRestoreId: `restore-${profileId}` });
    expect((await request.response())?.status()).toBeLessThan(300);
    // ...and handed back to the widget on the next visit.
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() => inits(page))
      .toEqual([{ externalId: profileId, restoreId: `restore-${profileId}` }]);
  });

  test("ER-21 a chat widget that fails to load is only logged; the player sees no error", async () => {
    const email = uniqueEmail("chat-down");
    await registerByApi(site.server.url, email);
    const { page } = await openSite(site, "fails");
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const widget = page.waitForResponse((r) => r.url() === WIDGET_URL);
    await signInWithModal(page, email, PASSWORD);
    expect((await widget).status()).toBe(500);
    await expect.poll(() => warnings.some((text) => text.startsWith("Chat failed"))).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
  });
});

describe("chat for guests too", () => {
  const site = useSite({ ...THIRD_PARTY_ENV, CHAT_GUEST_AVAILABLE: "true" });

  test("ST-11 with the guest setting on, a guest's chat starts without a player", async () => {
    const { page, requested } = await openSite(site);
    await page.goto("/");
    await hydrated(page);
    await expect.poll(() => inits(page)).toEqual([{}]);
    expect(requested).toContain(WIDGET_URL);
  });
});
