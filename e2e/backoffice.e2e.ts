// The back office (/backoffice): an operator signs in with a named operator key and works the
// desks its scopes open, all through the operator API: the player desk (find, adjust a balance,
// grant a bonus, block), the withdrawal queue, and site content (a text and a page that the
// player site shows at once).
import { randomBytes } from "node:crypto";
import { TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { registerByApi, uniqueEmail } from "./support/accounts";
import { issueOperatorKey, newRootKey, openDesk, signInWithKey } from "./support/backoffice";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound } from "./support/games";
import { fundedPlayerTokens, WAIT, WALLET_ENV } from "./support/wallet";

const ROOT = newRootKey();
const site = useSite({
  ...WALLET_ENV,
  ...GAME_ENV,
  OPERATOR_API_TOKEN: ROOT,
  WITHDRAWAL_APPROVAL_ABOVE: "100",
});

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** A 2×2 PNG: documents are checked by signature and re-encoded; made here, not committed. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4oaEBRAwQCgAhLgRhHuBtwgAAAABJRU5ErkJggg==",
  "base64",
);

async function upload(token: string, type: string) {
  const form = new FormData();
  form.set("type", type);
  form.set("file", new Blob([PNG], { type: "image/png" }), `${type}.png`);
  const response = await fetch(`${site.server.url}/api/player/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-test-country": "DE" },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe("back office", () => {
  test("a support key finds a player, adjusts the balance, grants a bonus, approves a withdrawal and blocks the player", async () => {
    const url = site.server.url;
    const player = await fundedPlayerTokens(url, "300");
    const token = player.tokens.accessToken;
    const withdrawal = await fetch(`${url}/api/payment/invoices/withdrawal`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-test-country": "DE",
      },
      body: JSON.stringify({
        method: "sandbox-bank-payout",
        currency: "EUR",
        amount: "150",
        accountId: player.accountId,
        fields: { iban: "DE89370400440532013000", accountHolder: "Ada Lovelace" },
      }),
    });
    expect(withdrawal.status, await withdrawal.clone().text()).toBe(201);
    // A round that gives back its stake: the desk lists it, the balance stays.
    await playRound(url, await gameSession(url, token, "gold-rush"), "1.00", "1.00");
    // 20 small corrections, so the player's ledger has a second page.
    for (let n = 0; n < 20; n += 1) {
      const adjusted = await fetch(
        `${url}/api/operator/players/${player.tokens.profileId}/adjustments`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${ROOT}`, "content-type": "application/json" },
          body: JSON.stringify({
            key: `cent-${n}`,
            currency: "EUR",
            amount: "0.01",
            reason: "Rounding",
          }),
        },
      );
      expect(adjusted.status).toBe(201);
    }

    const { page } = await site.open();
    await signInWithKey(page, "op_not-a-real-key-0000000000000000000000000000000");
    await page.getByRole("alert").filter({ hasText: "That key is not valid" }).waitFor();
    await signInWithKey(
      page,
      (await issueKey("Sam, support", ["players", "payments", "promotions"])).token,
    );
    const desks = page.getByRole("navigation", { name: "Desks" });
    await desks.getByRole("link", { name: "Players" }).waitFor();
    expect(await desks.getByRole("link", { name: "Content" }).count()).toBe(0);
    await page.getByText("Signed in as Sam, support").waitFor();

    await page.getByLabel("E-mail, phone, nickname or id").fill(player.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: player.email }).click();
    await page.getByRole("heading", { level: 1, name: player.email }).waitFor();
    const accounts = page.getByRole("region", { name: "Accounts" });
    await accounts.getByRole("cell", { name: "150.20" }).first().waitFor();
    const rounds = page.getByRole("region", { name: "Game rounds" });
    await rounds.getByRole("table", { name: "1 round, newest first" }).waitFor();
    const round = rounds
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: /Gold Rush/ }) });
    expect(await round.getByRole("cell").allTextContents()).toEqual([
      expect.any(String),
      expect.stringMatching(/^round-/),
      "1.00 EUR",
      "1.00 EUR",
      "0.00 EUR",
      expect.stringMatching(/^Settled /),
    ]);
    const ledger = page.getByRole("region", { name: "Ledger" });
    await ledger.getByText("Page 1 of 2").waitFor();
    await ledger.getByRole("button", { name: "Older" }).click();
    await ledger.getByText("Page 2 of 2").waitFor();
    await ledger.getByRole("cell", { name: "payment.deposit" }).waitFor();

    const adjust = page.getByRole("form", { name: "Adjust balance" });
    await adjust.getByLabel("Amount (negative to debit)").fill("-25.50");
    await adjust.getByLabel("Reason").fill("Chargeback of a card deposit");
    await adjust.getByRole("button", { name: "Post adjustment" }).click();
    await adjust.getByRole("status").filter({ hasText: "Posted -25.50 EUR." }).waitFor();
    await accounts.getByRole("cell", { name: "124.70" }).first().waitFor();

    const grant = page.getByRole("form", { name: "Grant bonus" });
    await grant.getByLabel("Bonus").selectOption({ label: "Free bonus money" });
    await grant.getByLabel("Reason").fill("Sorry for the outage");
    await grant.getByRole("button", { name: "Grant bonus" }).click();
    await grant.getByRole("status").filter({ hasText: "Granted Free bonus money" }).waitFor();
    await page
      .getByRole("region", { name: "Bonuses" })
      .getByRole("rowheader", { name: "Free bonus money" })
      .waitFor();

    await openDesk(page, "Withdrawals");
    await page.getByRole("heading", { name: "Withdrawals waiting for approval" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: "150.00 EUR" });
    await row.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Nothing is waiting.").waitFor(WAIT);

    await page.goBack();
    const status = page.getByRole("form", { name: "Change status" });
    await status.getByLabel("New status").selectOption({ label: "Blocked" });
    await status.getByLabel("Reason").fill("Fraud review");
    await status.getByRole("button", { name: "Change status" }).click();
    await status.getByRole("status").filter({ hasText: "Status changed." }).waitFor();
    const refused = await fetch(`${url}/api/wallet/accounts`, {
      headers: { authorization: `Bearer ${token}`, "x-test-country": "DE" },
    });
    expect(refused.status).toBe(403);
  });

  test("a copywriter's key changes a text and writes a page; the site shows both at the next load; revoked, it is signed out", async () => {
    const { page } = await site.open();
    const kim = await issueKey("Kim, copy", ["content"]);
    await signInWithKey(page, kim.token);
    await page.getByRole("heading", { level: 1, name: "Content" }).waitFor();

    const texts = page.getByRole("region", { name: "Texts" });
    await texts.getByLabel("Group").selectOption("global-components");
    await texts.getByLabel("Find a text").fill("pages.contact.title");
    await texts.getByRole("button", { name: "Edit pages.contact.title" }).click();
    const change = page.getByRole("form", { name: "Change a text" });
    expect(await change.getByLabel("Key").inputValue()).toBe("pages.contact.title");
    await change.getByLabel("Text").fill("Talk to us");
    await change.getByRole("button", { name: "Save text" }).click();
    await change.getByRole("status").filter({ hasText: "Saved pages.contact.title." }).waitFor();

    const pages = page.getByRole("region", { name: "Pages" });
    await pages.getByLabel("Kind").selectOption("static");
    await pages.getByLabel("Identity (a-z, 0-9, - and _)").fill("vip-club");
    await pages.getByRole("button", { name: "Open new page" }).click();
    const editor = page.getByRole("form", { name: "Edit page vip-club" });
    await editor.getByLabel("Title").fill("VIP club");
    await editor.getByLabel("Markdown").fill("Welcome to the **VIP club**.");
    await editor.getByRole("button", { name: "Save page" }).click();
    await editor.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await pages.getByRole("button", { name: "VIP club" }).waitFor();

    const { page: player } = await site.open();
    await player.goto("/contact");
    await hydrated(player);
    await player.getByRole("heading", { level: 1, name: "Talk to us" }).waitFor();
    await player.goto("/static/vip-club");
    await hydrated(player);
    await player.getByRole("heading", { level: 1, name: "VIP club" }).waitFor();
    await player.getByText("Welcome to the").waitFor();

    const revoked = await fetch(`${site.server.url}/api/operator/api-keys/${kim.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${ROOT}` },
    });
    expect(revoked.status).toBeLessThan(300);
    await change.getByLabel("Text").fill("Too late");
    await change.getByRole("button", { name: "Save text" }).click();
    await page.getByRole("form", { name: "Sign in" }).getByLabel("E-mail").waitFor();
  });

  test("a compliance key reviews identity documents: sees the image, approves one, rejects one with a reason the player reads", async () => {
    const email = uniqueEmail("kyc");
    const tokens = await registerByApi(site.server.url, email);
    await upload(tokens.accessToken, "passport");
    await upload(tokens.accessToken, "proofOfAddress");

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Ada, compliance", ["players"])).token);
    await openDesk(page, "Documents");
    const passport = page.getByRole("region", { name: `passport of ${email}` });
    await passport.getByRole("button", { name: "Show file" }).click();
    const image = passport.getByRole("img", { name: `The passport of ${email}` });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await passport.getByRole("button", { name: "Approve" }).click();
    await passport.waitFor({ state: "detached" });

    const address = page.getByRole("region", { name: `proofOfAddress of ${email}` });
    await address.getByLabel("Reason the player reads").fill("The address is not readable");
    await address.getByRole("button", { name: "Reject" }).click();
    await page.getByText("No documents.").waitFor();

    const mine = await fetch(`${site.server.url}/api/player/documents`, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "DE" },
    });
    const { data } = (await mine.json()) as {
      data: { type: string; status: number; reviewReason: string | null }[];
    };
    expect(data.map((d) => [d.type, d.status, d.reviewReason]).sort()).toEqual([
      ["passport", 2, null],
      ["proofOfAddress", 3, "The address is not readable"],
    ]);
  });

  test("a marketing key creates and switches off a bonus code, switches a game off and on, and sends a broadcast a player reads", async () => {
    const url = site.server.url;
    const player = await registerByApi(url, uniqueEmail("news"));
    const { page } = await site.open();
    await signInWithKey(
      page,
      (await issueKey("Max, marketing", ["promotions", "games", "messages"])).token,
    );
    const desks = page.getByRole("navigation", { name: "Desks" });
    expect(await desks.getByRole("link", { name: "Players" }).count()).toBe(0);

    await desks.getByRole("link", { name: "Promotions" }).click();
    const create = page.getByRole("form", { name: "New bonus code" });
    await create.getByLabel("Code").fill("SPRING25");
    await create.getByLabel("Bonus").selectOption({ label: "Free bonus money" });
    await create.getByRole("button", { name: "Create code" }).click();
    await create.getByRole("status").filter({ hasText: "Created SPRING25." }).waitFor();
    await page
      .getByRole("form", { name: "Switch off SPRING25" })
      .getByRole("button", { name: "Switch off" })
      .click();
    await page.getByRole("form", { name: "Switch on SPRING25" }).waitFor();

    await desks.getByRole("link", { name: "Games" }).click();
    await page.getByLabel("Title, slug or code").fill("Fruit Lines");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("form", { name: "Switch off Fruit Lines" }).getByRole("button").click();
    await page.getByRole("form", { name: "Switch on Fruit Lines" }).waitFor();
    const listed = async () => {
      const response = await fetch(`${url}/api/game/games?search=Fruit%20Lines`, {
        headers: { "x-test-country": "DE" },
      });
      const { data } = (await response.json()) as { data: { title: string }[] };
      return data.map((game) => game.title);
    };
    expect(await listed()).not.toContain("Fruit Lines");
    await page.getByRole("form", { name: "Switch on Fruit Lines" }).getByRole("button").click();
    await page.getByRole("form", { name: "Switch off Fruit Lines" }).waitFor();
    await expect.poll(listed, { timeout: 20_000 }).toContain("Fruit Lines");

    await desks.getByRole("link", { name: "Messages" }).click();
    const broadcast = page.getByRole("form", { name: "New broadcast" });
    await broadcast.getByLabel("Title").fill("Maintenance tonight");
    await broadcast.getByLabel("Text").fill("The site pauses from 02:00 to 02:30 UTC.");
    await broadcast.getByLabel("Only these player ids (optional)").fill(player.profileId);
    await broadcast.getByRole("button", { name: "Send broadcast" }).click();
    await broadcast
      .getByRole("status")
      .filter({ hasText: "Sent to 1 player; 0 left out." })
      .waitFor();
    const inbox = await fetch(`${url}/api/notification/messenger/messages`, {
      headers: { authorization: `Bearer ${player.accessToken}`, "x-test-country": "DE" },
    });
    const { data } = (await inbox.json()) as { data: { title: string }[] };
    expect(data.map((message) => message.title)).toContain("Maintenance tonight");
  });

  test("an invited user sets a password through the link, signs in, sees their desks, turns on two-step sign-in, and signs in again with a code", async () => {
    const { page: admin } = await site.open();
    await signInWithKey(admin, ROOT);
    await openDesk(admin, "Users");
    const invite = admin.getByRole("form", { name: "Invite a user" });
    const login = `lee-${randomBytes(3).toString("hex")}@operator.example`;
    await invite.getByLabel("E-mail").fill(login);
    await invite.getByLabel("Name").fill("Lee, support");
    await invite.getByRole("checkbox", { name: "players" }).check();
    await invite.getByRole("button", { name: "Invite" }).click();
    await invite
      .getByRole("status")
      .filter({ hasText: `Invited ${login}.` })
      .waitFor();
    const link = await admin.getByLabel(/The set-password link for/).inputValue();
    expect(link).toContain("/backoffice/set-password#");

    const { page } = await site.open();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByLabel("New password (12 characters or more)").fill("a long enough password");
    await page.getByLabel("Repeat the password").fill("a long enough password");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByRole("link", { name: "Sign in" }).click();

    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("E-mail").fill(login);
    await form.getByLabel("Password").fill("not the password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await form.getByRole("alert").filter({ hasText: "Wrong e-mail or password" }).waitFor();
    await form.getByLabel("Password").fill("a long enough password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Signed in as Lee, support").waitFor();
    const desks = page.getByRole("navigation", { name: "Desks" });
    await desks.getByRole("link", { name: "Players" }).waitFor();
    expect(await desks.getByRole("link", { name: "Users" }).count()).toBe(0);

    await page.getByRole("link", { name: "Lee, support" }).click();
    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.locator("code").first().textContent()) ?? "";
    const totp = new TOTP({ secret, issuer: "Back office", label: login });
    const confirm = page.getByRole("form", { name: "Confirm two-step sign-in" });
    await confirm.getByLabel("Code from the app").fill(totp.generate());
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").filter({ hasText: "On: signing in asks for a code" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    const again = page.getByRole("form", { name: "Sign in" });
    await again.getByLabel("E-mail").fill(login);
    await again.getByLabel("Password").fill("a long enough password");
    await again.getByRole("button", { name: "Sign in" }).click();
    await again.getByRole("alert").filter({ hasText: "Enter the code" }).waitFor();
    // The next time step's code: the current one was spent confirming.
    await again
      .getByLabel("Code from your authenticator app")
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await again.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Signed in as").waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("form", { name: "Sign in" }).waitFor();
    const keys = async () => {
      const response = await fetch(`${site.server.url}/api/operator/api-keys`, {
        headers: { authorization: `Bearer ${ROOT}` },
      });
      const { data } = (await response.json()) as {
        data: { name: string; userId: number | null; revokedAt: string | null }[];
      };
      return data.filter((key) => key.name === "Lee, support").map((key) => key.revokedAt !== null);
    };
    await expect.poll(keys).toEqual([true, true]);
  });

  test("a user whose scopes need two-step sign-in (payments) sees only its setup until it is on, then their desks", async () => {
    const url = site.server.url;
    const login = `pat-${randomBytes(3).toString("hex")}@operator.example`;
    const invited = await fetch(`${url}/api/operator/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${ROOT}`, "content-type": "application/json" },
      body: JSON.stringify({ email: login, name: "Pat, payments", scopes: ["payments"] }),
    });
    expect(invited.status).toBe(201);
    const { inviteUrl } = ((await invited.json()) as { data: { inviteUrl: string } }).data;
    const password = await fetch(`${url}/api/operator/users/password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token: inviteUrl.slice(inviteUrl.indexOf("#") + 1),
        password: "a long enough password",
      }),
    });
    expect(password.status).toBe(204);

    const { page } = await site.open();
    await page.goto("/backoffice/withdrawals");
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("E-mail").fill(login);
    await form.getByLabel("Password").fill("a long enough password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Your scopes need two-step sign-in" })
      .waitFor();
    const desks = page.getByRole("navigation", { name: "Desks" });
    expect(await desks.getByRole("link").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Withdrawals" }).count()).toBe(0);

    await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await page.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await page.locator("code").first().textContent()) ?? "";
    const totp = new TOTP({ secret, issuer: "Back office", label: login });
    const confirm = page.getByRole("form", { name: "Confirm two-step sign-in" });
    await confirm.getByLabel("Code from the app").fill(totp.generate());
    await confirm.getByRole("button", { name: "Confirm" }).click();
    // The same session now has the user's scopes: the page asked for opens.
    await page.getByRole("heading", { name: "Withdrawals", level: 1 }).waitFor();
    await desks.getByRole("link", { name: "Withdrawals" }).waitFor();
  });
});
