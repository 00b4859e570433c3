// Issue 31 item 4: a withdrawal while a bonus owes wagering. The withdrawal form shows the
// wagering progress, what can be withdrawn now, what cancelling the bonus forfeits and keeps,
// and cancels it after a confirmation; the form and /profile/wallet show the same
// "withdrawable" (the server's turn-over answer).
import { describe, expect, test } from "vitest";
import { hydrated, useSite } from "./support/fixture";
import {
  fundedPlayer,
  openWallet,
  playerApi,
  selectMethod,
  WAIT,
  WALLET_ENV,
} from "./support/wallet";

const site = useSite(WALLET_ENV);

describe("withdrawing with an active bonus (issue 31)", () => {
  test("WD-05 WD-06 BN-04 the withdrawal form shows progress, forfeit and keep, cancels the bonus on confirmation, and agrees with the profile wallet", async () => {
    const { page, tokens } = await fundedPlayer(site, "100");
    // WELCOME5: 5.00 EUR of bonus money at once, to wager 40 times (200.00 EUR).
    await playerApi(site.server.url, "/api/game/bonuses/bonuscodes", tokens.accessToken, {
      method: "POST",
      body: { bonusCode: "WELCOME5", trigger: 1 },
    });

    await page.goto("/profile/wallet");
    await hydrated(page);
    const accounts = page.getByRole("table", { name: "Your accounts" });
    await accounts.getByRole("cell", { name: "0.00 EUR (bonus wagering owed)" }).waitFor(WAIT);

    const dialog = await openWallet(page, "withdraw");
    await selectMethod(dialog, "Bank transfer");
    const panel = dialog.getByRole("region", { name: "Turnover requirement" });
    await panel.getByText("Wager 200.00 EUR more before you can withdraw.").waitFor(WAIT);
    await panel.getByText("Wagered 0.00 EUR of 200.00 EUR (0.00%)").waitFor(WAIT);
    await panel.getByText("Available to withdraw: 0.00 EUR").waitFor(WAIT);
    await panel
      .getByText(
        "Or cancel the bonus: you lose its 5.00 EUR of bonus money and keep 100.00 EUR, which you can then withdraw.",
      )
      .waitFor(WAIT);

    // The confirmation can be declined: nothing is sent.
    await panel.getByRole("button", { name: "Cancel bonus" }).click();
    const question = panel.getByRole("group", {
      name: "Cancel the bonus? 5.00 EUR of bonus money is lost for good.",
    });
    await question.waitFor(WAIT);
    await question.getByRole("button", { name: "No, keep the bonus" }).click();
    await question.waitFor({ state: "detached", ...WAIT });

    await panel.getByRole("button", { name: "Cancel bonus" }).click();
    const cancel = page.waitForRequest(
      (r) => r.method() === "PUT" && /\/api\/game\/player-bonuses\/\d+\/cancel$/.test(r.url()),
    );
    await question.getByRole("button", { name: "Yes, cancel the bonus" }).click();
    expect((await cancel).method()).toBe("PUT");
    // The bonus is gone: the withdrawal form takes its place, with the real balance withdrawable.
    await dialog.locator("input[name=amount]").waitFor(WAIT);
    await dialog.getByText("Available to withdraw: 100.00 EUR").waitFor(WAIT);
    expect(await panel.count()).toBe(0);

    await page.goto("/profile/wallet");
    await hydrated(page);
    const row = page
      .getByRole("table", { name: "Your accounts" })
      .getByRole("row", { name: /EUR/ });
    await row.getByRole("cell", { name: "100.00 EUR", exact: true }).first().waitFor(WAIT);
    expect(await row.getByText("(bonus wagering owed)").count()).toBe(0);
  }, 180_000); // a sign-in (Argon2id) and several page loads on a busy host
});
