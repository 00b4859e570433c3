// Bonuses in the browser (issue 7 "Web"): a player applies a bonus code on /profile/bonuses,
// tries the deposit promo code toggle, deposits with the percent welcome bonus selected, cancels
// the code's bonus (its money leaves the balance), activates the welcome bonus, watches its
// wagering progress move while rounds are played through the signed provider wallet API,
// completes it (the bonus money turns into real money) and withdraws.
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import { GAME_ENV, gameSession, playRound } from "./support/games";
import { type RoutedRealtime, routeRealtime, subscribed } from "./support/realtime";
import {
  decideSandboxPayment,
  openWallet,
  selectMethod,
  signedInPlayer,
  WAIT,
  WALLET_ENV,
} from "./support/wallet";

const site = useSite({ ...WALLET_ENV, ...GAME_ENV });

const WELCOME = "Welcome bonus: 100% match";
const CODE_BONUS = "Free bonus money";
const IBAN = "DE89370400440532013000";

/** The bonus calls the page made, as "METHOD path?query". */
function watchBonusCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (
      url.pathname.startsWith("/api/game/bonuses") ||
      url.pathname.startsWith("/api/game/player-")
    ) {
      calls.push(`${request.method()} ${url.pathname}${decodeURIComponent(url.search)}`);
    }
  });
  return calls;
}

async function progressOf(page: Page, name: string): Promise<number> {
  const bar = page.getByRole("progressbar", { name: `Wagering of ${name}` });
  return Number((await bar.getAttribute("value")) ?? "0");
}

describe("bonuses", () => {
  test("WL-26 BN-01 BN-03 BN-04 BN-06 BN-08 BN-10 DP-13 DP-16 DP-17 DP-18 DP-19 DP-20 DP-21 MD-09 a code, a deposit with the percent bonus, a canceled bonus, wagering completed live, then a withdrawal", async () => {
    const { page, context, profileId, accessToken } = await signedInPlayer(site);
    const calls = watchBonusCalls(page);
    const listening = subscribed(page, `bonus:player-bonuses#${profileId}`);

    // BN-10: a code applied at once (trigger 1); status 2 issues the bonus, active at once.
    await page.goto("/profile/bonuses");
    await hydrated(page);
    await listening;
    await page.getByRole("textbox", { name: "Bonus code" }).fill("WELCOME5");
    await page.getByRole("button", { name: "Apply code" }).click();
    await page.getByText("Bonus code applied").first().waitFor(WAIT);
    const active = page.getByRole("region", { name: "Active bonuses" });
    await active.getByRole("listitem", { name: CODE_BONUS }).waitFor(WAIT);
    expect(calls).toContain("POST /api/game/bonuses/bonuscodes");
    expect(calls).toContain("GET /api/game/player-bonuses?status[]=1&status[]=2");

    // The deposit form: the first bonus fitting the amount is preselected (DP-13).
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    const amount = dialog.locator("input[name=amount]");
    await amount.waitFor(WAIT);
    const bonusList = dialog.getByRole("radiogroup", { name: "Deposit bonus" });
    const welcome = bonusList.getByRole("radio", { name: new RegExp(`^${WELCOME}`) });
    await welcome.waitFor(WAIT);
    await expect.poll(() => welcome.isChecked(), WAIT).toBe(true);
    // DP-16, DP-17: 5 EUR is below every bonus's minimum: they are disabled (after the 500 ms
    // debounce one list call for the settled amount, not one per keystroke).
    const before = calls.filter((call) => call.startsWith("GET /api/game/bonuses?")).length;
    await amount.fill("");
    await amount.pressSequentially("5");
    await expect.poll(() => welcome.isDisabled(), WAIT).toBe(true);
    await amount.fill("");
    await amount.pressSequentially("10");
    await expect.poll(() => welcome.isDisabled(), WAIT).toBe(false);
    const listCalls = calls
      .filter((call) => call.startsWith("GET /api/game/bonuses?"))
      .slice(before);
    expect(listCalls).not.toContain("GET /api/game/bonuses?currency=EUR&amount=1");
    // The preview: 100% of 10 EUR.
    await bonusList.getByText("10.00 EUR", { exact: true }).first().waitFor(WAIT);

    // DP-19..DP-21: the promo panel stores a code for the deposit (trigger 3), cancel removes it.
    await bonusList.getByRole("radio", { name: "I have a promo code" }).check();
    const promoInput = bonusList.getByRole("textbox", { name: "Promo code" });
    const addCode = bonusList.getByRole("button", { name: "Add code" });
    expect(await addCode.isDisabled()).toBe(true);
    await promoInput.fill("DEPOSIT50");
    await addCode.click();
    await bonusList.getByText("Code DEPOSIT50 applies to this deposit.").waitFor(WAIT);
    await expect
      .poll(() => calls, WAIT)
      .toEqual(expect.arrayContaining(["GET /api/game/bonuses/bonuscodes?trigger=3"]));
    const removed = page.waitForRequest(
      (r) =>
        r.method() === "DELETE" && new URL(r.url()).pathname === "/api/game/bonuses/bonuscodes",
    );
    await bonusList.getByRole("button", { name: "Cancel code" }).click();
    expect((await removed).postDataJSON()).toEqual({ playerBonusCodeId: expect.any(Number) });
    await promoInput.waitFor(WAIT);

    // Back to the welcome bonus; DP-18: the request carries its id.
    await welcome.check();
    const request = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/payment/invoices/deposit",
    );
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Deposit 10 EUR" }).click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      amount: "10",
      bonusId: expect.any(Number),
      isBonusDecline: false,
    });
    const payment = await popup;
    await payment.waitForURL(/\/sandbox\/payments\//, WAIT);
    await decideSandboxPayment(payment, "approve");
    await payment.close();

    // BN-06 1-1: the welcome bonus is issued (the code's bonus is the active one): 10 + 5 + 10.
    await page.goto("/profile/bonuses");
    await hydrated(page);
    const issued = page.getByRole("region", { name: "Bonuses to activate" });
    const welcomeCard = issued.getByRole("listitem", { name: WELCOME });
    await welcomeCard.waitFor(WAIT);
    const banner = page.getByRole("banner");
    await banner.getByText("25.00 EUR").waitFor(WAIT);

    // MD-09, BN-04: cancel the code's active bonus: its 5 EUR leave the balance.
    await active
      .getByRole("listitem", { name: CODE_BONUS })
      .getByRole("button", { name: "Cancel bonus" })
      .click();
    const confirm = page.getByRole("dialog", { name: "Cancel active bonus" });
    await confirm.getByRole("button", { name: "Cancel the bonus" }).click();
    await page.getByText("Bonus canceled").first().waitFor(WAIT);
    await banner.getByText("20.00 EUR").waitFor(WAIT);
    await active
      .getByRole("listitem", { name: CODE_BONUS })
      .waitFor({ state: "detached", ...WAIT });
    const history = page.getByRole("region", { name: "Bonus history" });
    await history.getByRole("row", { name: new RegExp(`${CODE_BONUS}.*Canceled`) }).waitFor(WAIT);

    // BN-04: activate the welcome bonus (10 EUR, wager ×35 = 350 EUR, max bet 5).
    await welcomeCard.getByRole("button", { name: "Activate" }).click();
    const activeWelcome = active.getByRole("listitem", { name: WELCOME });
    await activeWelcome.waitFor(WAIT);
    expect(await progressOf(page, WELCOME)).toBe(0);
    expect(
      calls.some((call) => /^PUT \/api\/game\/player-bonuses\/\d+\/activate$/.test(call)),
    ).toBe(true);

    // Rounds move the progress live (no reload): 10 × 5 EUR = 50 of 350.
    const token = await gameSession(site.server.url, accessToken);
    for (let i = 0; i < 10; i++) await playRound(site.server.url, token, "5", "5");
    await expect.poll(() => progressOf(page, WELCOME), WAIT).toBeGreaterThan(10);
    expect(await progressOf(page, WELCOME)).toBeLessThan(100);
    // The rest completes it (3-2): the bonus money turns into real money.
    for (let i = 0; i < 60; i++) await playRound(site.server.url, token, "5", "5");
    await page.getByText("Bonus completed").first().waitFor(WAIT);
    // The 350 EUR wagered also raised the loyalty level: its modal opens over the page.
    const level = page.getByRole("dialog", { name: "Loyalty level" });
    await level.getByRole("button", { name: "OK" }).click();
    await level.waitFor({ state: "detached", ...WAIT });
    await activeWelcome.waitFor({ state: "detached", ...WAIT });
    await history.getByRole("row", { name: new RegExp(`${WELCOME}.*Completed`) }).waitFor(WAIT);
    await banner.getByText("20.00 EUR").waitFor(WAIT);

    // Nothing owed any more: the withdraw form shows and a withdrawal of the whole 20 is taken.
    const wallet = await openWallet(page, "withdraw");
    await selectMethod(wallet, "Bank transfer");
    const withdrawAmount = wallet.locator("input[name=amount]");
    await withdrawAmount.waitFor(WAIT);
    await withdrawAmount.fill("20");
    await wallet.locator("input[name=iban]").fill(IBAN);
    await wallet.locator("input[name=accountHolder]").fill("Ann Example");
    await wallet.getByRole("button", { name: "Withdraw" }).click();
    await page.getByText("Withdrawal requested").first().waitFor(WAIT);
    await banner.getByText("0.00 EUR").waitFor(WAIT);
  }, 240_000);
  test("CN-08 a deposit bonus that grants money and free spins previews both, the spins marked FS", async () => {
    const { page } = await signedInPlayer(site);
    // The seeded bonuses grant money or spins, not both: the list is the server's, with free
    // spins added to the percent welcome bonus.
    await page.route(
      (url) => url.pathname === "/api/game/bonuses",
      async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as { data: { name: string; freespins: unknown }[] };
        for (const bonus of body.data) {
          if (bonus.name === WELCOME) {
            bonus.freespins = {
              count: 20,
              gameId: 1,
              gameSlug: "fruit-lines",
              gameTitle: "Fruit Lines",
              betAmount: "0.20",
            };
          }
        }
        await route.fulfill({ response: answer, json: body });
      },
    );
    const dialog = await openWallet(page);
    await selectMethod(dialog, "Card (hosted page)");
    const amount = dialog.locator("input[name=amount]");
    await amount.waitFor(WAIT);
    await amount.fill("40");
    const bonusList = dialog.getByRole("radiogroup", { name: "Deposit bonus" });
    const welcome = bonusList.getByRole("radio", { name: new RegExp(`^${WELCOME}`) });
    await welcome.waitFor(WAIT);
    await bonusList.getByText("40.00 EUR + 20 FS", { exact: true }).waitFor(WAIT);
  });
  test("ER-20 a free-spin alert shows its game's cover from the game info; when that fetch fails, it is logged and the alert shows without it", async () => {
    const routed: { realtime?: RoutedRealtime } = {};
    const { page, profileId } = await signedInPlayer(site, {
      beforeSignIn: async (page) => {
        routed.realtime = await routeRealtime(page);
      },
    });
    const realtime = routed.realtime!;
    const channel = `bonus:player-freespins#${profileId}`;
    await expect.poll(() => realtime.isSubscribed(channel), WAIT).toBe(true);
    const gameInfo = async (slug: string) =>
      (
        (await (await fetch(`${site.server.url}/api/game/games/${slug}`)).json()) as {
          data: { id: number; slug: string; title: string };
        }
      ).data;
    const issued = (id: number, game: { id: number; slug: string; title: string }) => ({
      type: "bonus.player-freespin.updated",
      playerFreespin: {
        id,
        status: 1,
        result: 1,
        count: 50,
        currency: "EUR",
        gameId: game.id,
        gameSlug: game.slug,
        gameTitle: game.title,
        name: "Welcome bonus: 50 free spins",
      },
    });
    const alert = (game: string) =>
      page.getByRole("status").filter({ hasText: `50 free spins on ${game} are waiting for you.` });

    const fruit = await gameInfo("fruit-lines");
    realtime.push(channel, issued(1, fruit));
    await alert("Fruit Lines").getByRole("img", { name: "Fruit Lines" }).waitFor(WAIT);

    // The game info answers 500: the error is logged, the alert comes without the cover.
    const gold = await gameInfo("gold-rush");
    await page.route(
      (url) => url.pathname === `/api/game/games/${gold.id}`,
      (route) => route.fulfill({ status: 500, json: { error: { code: 500, message: "down" } } }),
    );
    const logged = page.waitForEvent("console", {
      predicate: (message) =>
        message.type() === "error" && message.text().includes(`game ${gold.id}`),
      ...WAIT,
    });
    realtime.push(channel, issued(2, gold));
    await alert(gold.title).waitFor(WAIT);
    await logged;
    expect(await alert(gold.title).getByRole("img").count()).toBe(0);
    expect(await alert(gold.title).getByRole("link", { name: "Open my bonuses" }).count()).toBe(1);
  });

  test("ER-18 a code answered with status 3 or 4 raises the alert whose text is the site content's", async () => {
    const { page } = await signedInPlayer(site);
    await page.goto("/profile/bonuses");
    await hydrated(page);
    const code = page.getByRole("textbox", { name: "Bonus code" });
    const apply = page.getByRole("button", { name: "Apply code" });
    // Status 3 (incorrect): content alerts.bonusCodeIncorrect.
    await code.fill("NO-SUCH-CODE");
    await apply.click();
    await page.getByText("Incorrect promo code").first().waitFor(WAIT);
    await page.getByText("Please check the code and try again.").first().waitFor(WAIT);
    // Status 4 (not available: already used): content alerts.bonusCodeNotAvailable with {code}.
    await code.fill("WELCOME5");
    await apply.click();
    await page.getByText("Bonus code applied").first().waitFor(WAIT);
    await code.fill("WELCOME5");
    await apply.click();
    await page.getByText("Code not available").first().waitFor(WAIT);
    await page
      .getByText("Code WELCOME5 is not available to you (expired, used up or already used).")
      .first()
      .waitFor(WAIT);
  });
});
