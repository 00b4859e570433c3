// Notifications and contact in the browser (spec §7 "Retention and notifications", §9 popover
// 3 items; NT-01..NT-07, PR-07): messages raised by the platform (an operator broadcast, a
// sandbox deposit) arrive live in the header popover, are read and deleted on
// /profile/notifications; a guest's contact message reaches the operator's mailbox (dev outbox).
import { randomBytes } from "node:crypto";
import type { Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { readOutbox } from "./support/accounts";
import { hydrated, useSite } from "./support/fixture";
import { subscribed } from "./support/realtime";
import { depositByApi, signedInPlayer, WAIT, WALLET_ENV } from "./support/wallet";

const OPERATOR_TOKEN = randomBytes(24).toString("hex");
const site = useSite({ ...WALLET_ENV, OPERATOR_API_TOKEN: OPERATOR_TOKEN });
const MESSAGES = "/api/notification/messenger/messages";

async function broadcast(playerId: string, title: string, text: string) {
  const response = await fetch(`${site.server.url}/api/operator/notifications/broadcasts`, {
    method: "POST",
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ kind: "service", title, text, playerIds: [playerId] }),
  });
  if (response.status !== 201)
    throw new Error(`broadcast ${response.status}: ${await response.text()}`);
}

/** The bell's accessible name with an unread count (the badge text follows the hidden label). */
const unread = (count: number) => new RegExp(`^Notifications\\W*${count} unread$`);

const isCall = (method: string, path: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname === path;

describe("notifications (messenger)", () => {
  test("NT-01 NT-02 NT-07 a new message arrives live in the header popover (3 items, unread badge); NT-03 NT-04 NT-05 NT-06 it is read and deleted on /profile/notifications", async () => {
    const { page, profileId, accessToken } = await signedInPlayerWithWatch();
    const header = page.getByRole("banner");
    const bell = header.getByRole("button", { name: /^Notifications/ });
    await bell.waitFor(WAIT);

    // NT-07: a broadcast while the page is open raises the newNotification alert with its title.
    await broadcast(profileId, "Tournament week", "Play any slot to climb the leaderboard.");
    const toast = page.getByRole("status").filter({ hasText: "New notification" });
    await toast.filter({ hasText: "Tournament week" }).waitFor(WAIT);
    // NT-02: the badge is meta.totalUnread.
    await header.getByRole("button", { name: unread(1) }).waitFor(WAIT);

    // A sandbox deposit and two more messages: four in all, three in the popover.
    await depositByApi(site.server.url, accessToken, "25");
    await header.getByRole("button", { name: unread(2) }).waitFor(WAIT);
    await broadcast(profileId, "Maintenance tonight", "The site is down from 02:00 to 03:00 UTC.");
    await broadcast(profileId, "New games", "Three new slots are live.");
    await header.getByRole("button", { name: unread(4) }).waitFor(WAIT);

    // NT-01: the popover shows the three newest of its call (page 1, perPage 3: the call the
    // header made when it mounted, awaited in signedInPlayerWithWatch, and refetched since).
    await header.getByRole("button", { name: /^Notifications/ }).click();
    const panel = header.getByRole("region", { name: "Notifications" });
    const items = panel.getByRole("list", { name: "Latest notifications" }).getByRole("listitem");
    await items.nth(2).waitFor(WAIT);
    expect(await items.count()).toBe(3);
    expect(await items.first().textContent()).toContain("New games");
    await panel.getByText("Deposit received").waitFor();
    await panel.getByText("Your deposit of 25.00 EUR is on your balance.").waitFor();

    // NT-03: marking one read sends its id.
    const readCall = page.waitForRequest(isCall("POST", `${MESSAGES}/read`));
    await panel.getByRole("button", { name: "Mark “Maintenance tonight” as read" }).click();
    expect((await readCall).postDataJSON()).toEqual({ messageIds: [expect.any(String)] });
    await header.getByRole("button", { name: unread(3) }).waitFor(WAIT);

    await panel.getByRole("link", { name: "All notifications" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/notifications");
    const list = page.getByRole("main").getByRole("list", { name: "Your messages" });
    await list.getByRole("listitem").nth(3).waitFor(WAIT);
    // NT-06: state 2 shows as read.
    const maintenance = list.getByRole("listitem", { name: "Maintenance tonight" });
    await maintenance.getByText("Read", { exact: true }).waitFor();
    await list
      .getByRole("listitem", { name: "Tournament week" })
      .getByText("Unread", { exact: true })
      .waitFor();
    await page.getByText("3 unread", { exact: true }).waitFor();

    // NT-04: deleting sends the message id.
    const deleteCall = page.waitForRequest(isCall("DELETE", MESSAGES));
    await maintenance.getByRole("button", { name: "Delete “Maintenance tonight”" }).click();
    expect((await deleteCall).postDataJSON()).toEqual({ messageIds: [expect.any(String)] });
    await maintenance.waitFor({ state: "detached", ...WAIT });
    expect(await list.getByRole("listitem").count()).toBe(3);

    // NT-05: read all; the badge goes.
    const readAllCall = page.waitForRequest(isCall("POST", `${MESSAGES}/read/all`));
    await page.getByRole("main").getByRole("button", { name: "Mark all as read" }).click();
    await readAllCall;
    await page.getByText("0 unread", { exact: true }).waitFor(WAIT);
    await header.getByRole("button", { name: "Notifications", exact: true }).waitFor(WAIT);
    expect(await list.getByText("Unread", { exact: true }).count()).toBe(0);

    // And live on this page too: a new message shows in the list without reloading.
    await broadcast(profileId, "Weekend reload", "A reload bonus waits on Saturday.");
    await list.getByRole("listitem", { name: "Weekend reload" }).waitFor(WAIT);
  });
});

describe("contact (PR-07)", () => {
  test("PR-07 VR-19 a guest sends the contact form; the message reaches the operator's mailbox in the dev outbox", async () => {
    const { page } = await site.open({ cookies: [{ name: "user-language", value: "en" }] });
    await page.goto("/contact");
    await hydrated(page);
    const form = page.getByRole("main").getByRole("region", { name: "Write to us" });

    // The shared rules before anything is sent.
    await form.getByRole("button", { name: "Send message" }).click();
    await form.getByText("Value is required").first().waitFor();

    // VR-19: the message is a textarea; captcha is a field no person sees or reaches.
    expect(
      await form.getByRole("textbox", { name: "Message" }).evaluate((element) => element.tagName),
    ).toBe("TEXTAREA");
    const captcha = form.locator("input[name=captcha]");
    expect(await captcha.count()).toBe(1);
    expect(await captcha.getAttribute("tabindex")).toBe("-1");
    expect(
      await captcha.evaluate((input) => {
        const hidden = input.closest<HTMLElement>("[aria-hidden=true]");
        const box = hidden?.getBoundingClientRect();
        return box !== undefined && box.width <= 1 && box.height <= 1;
      }),
    ).toBe(true);

    const message = `Where is my withdrawal? Reference ${randomBytes(4).toString("hex")}.`;
    await form.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
    await form.getByRole("textbox", { name: "E-mail" }).fill("ada@example.com");
    await form.getByRole("textbox", { name: "Subject" }).fill("Withdrawal");
    await form.getByRole("textbox", { name: "Message" }).fill(message);
    const sent = page.waitForRequest(isCall("POST", "/api/notification/communications"));
    await form.getByRole("button", { name: "Send message" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Withdrawal",
      message,
      captcha: "",
    });
    await form
      .getByRole("status")
      .filter({ hasText: "Your message has been sent to our support team." })
      .waitFor(WAIT);

    const mail = await readOutbox(page, "support@localhost");
    expect(mail.body).toContain(message);
    expect(mail.body).toContain("ada@example.com");
  });
});

// A signed-in player whose page has subscribed to its messenger channel (so a message raised
// now is sure to arrive over the socket, not only on a later refetch).
async function signedInPlayerWithWatch() {
  const player = await signedInPlayer(site, {});
  // Only the reloaded document's socket counts: the one opened at sign-in may subscribe while
  // the reload starts, and a message published before the new socket subscribes is not replayed.
  const watch = subscribed(player.page, `notification:messenger#${player.profileId}`);
  // The header's lazy badge listens once it has mounted, which is when it asks for the popover's
  // first page (NT-01).
  const badge = player.page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === MESSAGES &&
      new URL(response.url()).search === "?page=1&perPage=3",
  );
  // The socket opened during sign-in may already have subscribed: a reload makes a fresh one.
  await player.page.reload();
  await hydrated(player.page);
  await Promise.all([watch, badge]);
  return player;
}
