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
import { issueOperatorKey, newRootKey, openDesk, signInWithKey } from "./support/backoffice";
import { hydrated, type Site, useSite } from "./support/fixture";

const WIDGET_URL = "https://chat.example.test/widget.js";
const TAG_MANAGER_URL = "https://tags.example.test/gtm.js?id=GTM-TEST";
const THIRD_PARTY_ENV = {
  ...ACCOUNT_ENV,
  CHAT_PROVIDER: "widget",
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
    await expect
      .poll(() => inits(page), { timeout: 30_000 })
      .toEqual([{ externalId: profileId, restoreId: null }]);
    // ST-13: the sign-in modal's SVG icons came from our server.
    expect(svgs.some((path) => path.endsWith(".svg"))).toBe(true);

    // ST-12: the widget's new restore id is saved on the profile...
    const request = await saved;
    expect(request.postDataJSON()).toEqual({ freshchatRestoreId: `restore-${profileId}` });
    expect((await request.response())?.status()).toBeLessThan(300);
    // ...and handed back to the widget on the next visit.
    await page.reload();
    await hydrated(page);
    // The chat starts after the reloaded page's session start-up (accounts, realtime): on a
    // loaded machine that is more than expect.poll's default second.
    await expect
      .poll(() => inits(page), { timeout: 30_000 })
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
    await expect
      .poll(() => warnings.some((text) => text.startsWith("Chat failed")), { timeout: 30_000 })
      .toBe(true);
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
    await expect.poll(() => inits(page), { timeout: 30_000 }).toEqual([{}]);
    expect(requested).toContain(WIDGET_URL);
  });
});

// ---- The built-in chat and the support desk (issue 26) ----------------------------------------
// A player (or a guest) on the site and a staff member in the back office, each in a browser
// context of their own, as two people on two machines would be.

const CHAT_ROOT = newRootKey();
const SUPPORT_ENV = {
  ...ACCOUNT_ENV,
  OPERATOR_API_TOKEN: CHAT_ROOT,
  CHAT_PROVIDER: "builtin",
  CHAT_GUEST_AVAILABLE: "true",
};

/** The player's launcher: its accessible name carries the unread count (", 2 unread"). */
const launcher = (page: Page) => page.getByRole("button", { name: /^Chat with us/ });
const chatWindow = (page: Page) => page.getByRole("dialog", { name: "Support chat" });
const chatLog = (page: Page) => chatWindow(page).getByRole("log", { name: "Messages" });

async function openChat(page: Page) {
  await launcher(page).click();
  await chatWindow(page).waitFor();
  await chatWindow(page).getByRole("textbox", { name: "Message" }).waitFor();
}

async function playerSends(page: Page, text: string) {
  const input = chatWindow(page).getByRole("textbox", { name: "Message" });
  await input.fill(text);
  const sent = page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      new URL(r.url()).pathname === "/api/chat/conversation/messages",
  );
  await chatWindow(page).getByRole("button", { name: "Send" }).click();
  expect((await sent).status()).toBe(201);
  await chatLog(page).getByText(text, { exact: true }).waitFor();
}

/** A staff member signed in to the back office with a support key, on the Support desk. */
async function staffDesk(site: Site, name: string) {
  const { token } = await issueOperatorKey(site, CHAT_ROOT, name, ["support", "players"]);
  const { page } = await site.open();
  await signInWithKey(page, token);
  await openDesk(page, "Support");
  await page.getByRole("heading", { level: 1, name: "Support" }).waitFor();
  return page;
}

const deskQueue = (desk: Page) => desk.getByRole("list", { name: "Conversations" });
const deskLog = (desk: Page) => desk.getByRole("log", { name: "Messages" });

async function staffReplies(desk: Page, text: string) {
  const reply = desk.getByRole("form", { name: "Reply" });
  await reply.getByRole("textbox", { name: "Message" }).fill(text);
  await reply.getByRole("button", { name: "Send reply" }).click();
  await reply.getByRole("status").getByText("Reply sent.").waitFor();
  await deskLog(desk).getByText(text, { exact: true }).waitFor();
}

// Two people's pages each: longer than one page's test on this shared machine.
describe("built-in chat with the support desk", { timeout: 240_000 }, () => {
  const site = useSite(SUPPORT_ENV);

  test("a signed-in player and staff chat live both ways; unread badges count; markup stays text; notes stay on the desk; history survives reloads", async () => {
    const email = uniqueEmail("chat-player");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ country: "IE" });
    await signInWithModal(page, email, PASSWORD);
    await openChat(page);
    await chatWindow(page).getByText("No one is online right now", { exact: true }).waitFor();
    await playerSends(page, "Hello, my deposit is missing");

    // The desk: the navigation counts the unread conversation; the queue shows it waiting.
    const desk = await staffDesk(site, "Ana Support");
    const nav = desk.getByRole("navigation", { name: "Desks" });
    await nav.getByRole("link", { name: "Support (1 unread)" }).waitFor();
    const item = deskQueue(desk).getByRole("listitem").filter({ hasText: email });
    await item.getByText(/^Waiting (just now|\d+ min)$/).waitFor();
    await item.getByRole("link", { name: email }).click();
    await deskLog(desk).getByText("Hello, my deposit is missing", { exact: true }).waitFor();
    // Opening it read it: the count goes away.
    await nav.getByRole("link", { name: "Support", exact: true }).waitFor();

    // Staff online now: the player's window says so (the desk's heartbeat).
    await desk.getByRole("button", { name: "Assign to me" }).click();
    await desk.getByText(/Assigned to Ana Support/).waitFor();

    // Staff → player, live; the address becomes a link, nothing else does.
    await staffReplies(desk, "Hi! Let me check. See https://example.com/help for now.");
    await chatLog(page)
      .getByText(/^Hi! Let me check\./)
      .waitFor();
    const link = chatLog(page).getByRole("link", { name: "https://example.com/help" });
    expect(await link.getAttribute("href")).toBe("https://example.com/help");
    expect(await link.getAttribute("rel")).toContain("noopener");
    // The player's message shows seen once staff read it.
    await chatWindow(page).getByText("Seen").first().waitFor();

    // An internal note stays on the desk, marked apart.
    const reply = desk.getByRole("form", { name: "Reply" });
    await reply.getByRole("textbox", { name: "Message" }).fill("VIP player, be quick");
    await reply.getByRole("button", { name: "Add internal note" }).click();
    await deskLog(desk).getByText("Internal note ·", { exact: false }).waitFor();

    // Player closes the window: two more replies count on the launcher's badge.
    await chatWindow(page).getByRole("button", { name: "Close chat" }).click();
    await staffReplies(desk, "<script>window.__pwned = 1</script>");
    await staffReplies(desk, '<img src=x onerror="window.__pwned = 2">');
    await page.getByRole("button", { name: /^Chat with us\s*,\s*2 unread$/ }).waitFor();

    // Opened: markup shows as the characters typed, and nothing ran.
    await openChat(page);
    await chatLog(page).getByText("<script>window.__pwned = 1</script>", { exact: true }).waitFor();
    await chatLog(page)
      .getByText('<img src=x onerror="window.__pwned = 2">', { exact: true })
      .waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await chatWindow(page).locator("script, img[src=x]").count()).toBe(0);

    // Player → staff, live, as text too.
    await playerSends(page, "<b>thanks</b> 🙏");
    await deskLog(desk).getByText("<b>thanks</b> 🙏", { exact: true }).waitFor();
    expect(await deskLog(desk).locator("b").count()).toBe(0);

    // Both reload: the whole conversation is still there, the note only on the desk.
    await page.reload();
    await hydrated(page);
    await openChat(page);
    for (const text of [
      "Hello, my deposit is missing",
      "<script>window.__pwned = 1</script>",
      "<b>thanks</b> 🙏",
    ]) {
      await chatLog(page).getByText(text, { exact: true }).waitFor();
    }
    await chatLog(page)
      .getByText(/^Hi! Let me check\./)
      .waitFor();
    expect(await chatLog(page).getByText("VIP player, be quick").count()).toBe(0);
    // Read when shown: no badge after the reload.
    await chatWindow(page).getByRole("button", { name: "Close chat" }).click();
    await page.getByRole("button", { name: "Chat with us", exact: true }).waitFor();

    // The player's context beside it, with the link to the player page.
    const context = desk.getByRole("complementary", { name: "Player" });
    await context.getByText(email, { exact: true }).waitFor();
    await context.getByRole("link", { name: "Open the player page" }).waitFor();
    await desk.reload();
    await deskLog(desk).getByText("<b>thanks</b> 🙏", { exact: true }).waitFor();
    await deskLog(desk).getByText("VIP player, be quick", { exact: true }).waitFor();
    await deskLog(desk).getByText("Hello, my deposit is missing", { exact: true }).waitFor();
  });

  test("a guest chats with staff; after sign-up the conversation is on the account", async () => {
    const { page } = await site.open({ country: "IE" });
    await page.goto("/");
    await hydrated(page);
    await openChat(page);
    await playerSends(page, "Do you take crypto deposits?");

    const desk = await staffDesk(site, "Bo Support");
    const item = deskQueue(desk).getByRole("listitem").filter({ hasText: "Do you take crypto" });
    await item.getByText("Guest", { exact: true }).first().waitFor();
    await item.getByRole("link").first().click();
    await deskLog(desk).getByText("Do you take crypto deposits?", { exact: true }).waitFor();
    await desk.getByRole("complementary", { name: "Player" }).getByText("Guest").first().waitFor();
    await staffReplies(desk, "Yes: Bitcoin, Ether and more.");
    await chatLog(page).getByText("Yes: Bitcoin, Ether and more.", { exact: true }).waitFor();

    // The guest signs up: the conversation moves to the new account.
    const email = uniqueEmail("chat-guest");
    await page.goto("/?sign-up=true");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Sign up" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByLabel("Repeat password").fill(PASSWORD);
    await dialog.getByRole("checkbox", { name: /Terms and Conditions/ }).check();
    await dialog.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).waitFor();
    await page.keyboard.press("Escape");

    await openChat(page);
    await chatLog(page).getByText("Do you take crypto deposits?", { exact: true }).waitFor();
    await chatLog(page).getByText("Yes: Bitcoin, Ether and more.", { exact: true }).waitFor();
    await playerSends(page, "Signed up now");

    // The desk sees the player now, live, with their context.
    await deskLog(desk).getByText("Signed up now", { exact: true }).waitFor();
    await desk.getByRole("heading", { level: 2, name: email }).waitFor();
    await desk
      .getByRole("complementary", { name: "Player" })
      .getByText(email, { exact: true })
      .waitFor();
  });

  test("a player at phone width gets the chat on the whole screen", async () => {
    const email = uniqueEmail("chat-phone");
    await registerByApi(site.server.url, email);
    const { page } = await site.open({ country: "IE", width: 375, height: 700 });
    await page.goto("/?sign-in=true");
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Log in" }).click();
    await dialog.waitFor({ state: "detached" });

    const button = await launcher(page).boundingBox();
    expect(button).not.toBeNull();
    expect(button!.x + button!.width).toBeLessThanOrEqual(375);
    expect(button!.y + button!.height).toBeLessThanOrEqual(700);
    await openChat(page);
    // The whole screen: what a fixed element covering the viewport covers (a desktop Chromium
    // keeps its scroll bar's gutter beside it; a phone's scroll bars take no room).
    const screen = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.style.cssText = "position:fixed;inset:0;pointer-events:none";
      document.body.append(probe);
      const { width, height } = probe.getBoundingClientRect();
      probe.remove();
      return { width, height };
    });
    expect(screen.width).toBeGreaterThan(340);
    expect(await chatWindow(page).boundingBox()).toEqual({ x: 0, y: 0, ...screen });
    await playerSends(page, "Writing from my phone");
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await chatWindow(page).getByRole("button", { name: "Close chat" }).click();
    await launcher(page).waitFor();
  });
});
