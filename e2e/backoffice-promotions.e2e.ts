// The back office's Promotions desk: a marketing key creates a deposit bonus with its conditions
// and a player is offered it with them; changes of the wager and a game rule take effect; a
// bonus package's steps decide which bonus a player is offered; cashback edited per currency.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { registerByApi, uniqueEmail } from "./support/accounts";
import { issueOperatorKey, newRootKey, signInWithKey } from "./support/backoffice";
import { useSite } from "./support/fixture";

const ROOT = newRootKey();
const site = useSite({ OPERATOR_API_TOKEN: ROOT });

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** The player API's answer of a GET, as this player. */
async function asPlayer<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${site.server.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, "x-test-country": "DE" },
  });
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

type Offered = {
  id: number;
  name: string;
  type: number;
  package: { id: number } | null;
  assignConditions: {
    depositPercentage: string | null;
    maxAmountItems: { currency: string; amount: string }[];
  };
  minDeposit: string | null;
  maxDeposit: string | null;
  wagerMultiplier: string;
  maxBetAmount: string | null;
  expiresInDays: number;
};

/** The deposit bonuses the player is offered in EUR. */
const offered = (token: string) => asPlayer<Offered[]>(token, "/api/game/bonuses?currency=EUR");

const tag = () => randomBytes(3).toString("hex");

describe("back office: promotions", () => {
  test("a marketing key creates a percent deposit bonus with its conditions, a player is offered it; a new wager and a game rule take effect", async () => {
    const player = await registerByApi(site.server.url, uniqueEmail("promo"));
    const name = `Autumn reload ${tag()}`;
    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Mia, marketing", ["promotions"])).token);
    await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();

    await page.getByRole("link", { name: "New bonus", exact: true }).click();
    const create = page.getByRole("form", { name: "New bonus" });
    await create.getByLabel("Slug (a-z, 0-9 and -)").fill(`autumn-${tag()}`);
    await create.getByLabel("Type").selectOption({ label: "Percent of deposit" });
    await create.getByLabel("Name", { exact: true }).fill(name);
    await create.getByLabel("Percent of the deposit").fill("100");
    await create.getByLabel("Wager multiplier (× the bonus)").fill("35");
    await create.getByLabel("Valid for (days after issue)").fill("14");
    await create.getByLabel("Largest bonus in EUR").fill("1.505");
    await create.getByRole("button", { name: "Create bonus" }).click();
    await create
      .getByRole("alert")
      .filter({ hasText: "Largest bonus in EUR: Not a valid amount in EUR" })
      .waitFor();
    await create.getByLabel("Largest bonus in EUR").fill("150");
    await create.getByLabel("Minimum deposit in EUR").fill("20");
    await create.getByLabel("Maximum deposit in EUR").fill("500");
    await create.getByLabel("Max bet in EUR").fill("5");
    await create.getByLabel("Add a currency").fill("usd");
    await create.getByRole("button", { name: "Add currency" }).click();
    await create.getByLabel("Minimum deposit in USD").fill("25");
    await create.getByRole("button", { name: "Create bonus" }).click();

    await page.getByRole("heading", { level: 1, name }).waitFor();
    const conditions = page.getByRole("form", { name: `Conditions of ${name}` });
    expect(await conditions.getByLabel("Largest bonus in EUR").inputValue()).toBe("150.00");
    expect(await conditions.getByLabel("Minimum deposit in USD").inputValue()).toBe("25.00");
    const bonus = (await offered(player.accessToken)).find((item) => item.name === name);
    expect(bonus).toMatchObject({
      type: 2,
      assignConditions: {
        depositPercentage: "100",
        maxAmountItems: [{ currency: "EUR", amount: "150.00" }],
      },
      minDeposit: "20.00",
      maxDeposit: "500.00",
      wagerMultiplier: "35",
      maxBetAmount: "5.00",
      expiresInDays: 14,
    });

    await conditions.getByLabel("Wager multiplier (× the bonus)").fill("30");
    await conditions.getByRole("button", { name: "Save conditions" }).click();
    await conditions
      .getByRole("status")
      .filter({ hasText: `Saved ${name}.` })
      .waitFor();
    await page.getByText("30× the bonus").waitFor();
    expect((await offered(player.accessToken)).find((item) => item.name === name)).toMatchObject({
      wagerMultiplier: "30",
    });

    const rules = page.getByRole("region", { name: "Game rules" });
    const add = rules.getByRole("form", { name: "Add a game rule" });
    await add.getByLabel("Game (slug)").fill("fruit-lines");
    await add.getByLabel("Counts (% of a bet)").fill("10");
    await add.getByRole("button", { name: "Add rule" }).click();
    const row = rules
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Fruit Lines" }) });
    await row.getByRole("cell", { name: "10%", exact: true }).waitFor();
    const rule = rules.getByRole("form", { name: "Rule for Fruit Lines" });
    await rule.getByLabel("Counts (% of a bet)").fill("0");
    await rule.getByLabel("Bets refused").check();
    await rule.getByRole("button", { name: "Save rule" }).click();
    await row.getByRole("cell", { name: "Refused" }).waitFor();
    await row.getByRole("cell", { name: "0%", exact: true }).waitFor();

    const response = await fetch(`${site.server.url}/api/operator/bonuses`, {
      headers: { authorization: `Bearer ${ROOT}` },
    });
    const { data } = (await response.json()) as {
      data: {
        name: string;
        gameRules: { game: string; contribution: string; isRestricted: boolean }[];
      }[];
    };
    expect(data.find((item) => item.name === name)?.gameRules).toMatchObject([
      { game: "fruit-lines", contribution: "0", isRestricted: true },
    ]);
  });

  test("a marketing key builds a bonus package, puts its steps in order, and a player is offered its first step only, until it is switched off", async () => {
    const player = await registerByApi(site.server.url, uniqueEmail("package"));
    const id = tag();
    const first = `First deposit ${id}`;
    const second = `Second deposit ${id}`;
    for (const [slug, name, amount] of [
      [`second-${id}`, second, "20"],
      [`first-${id}`, first, "10"],
    ] as const) {
      const made = await fetch(`${site.server.url}/api/operator/bonuses`, {
        method: "POST",
        headers: { authorization: `Bearer ${ROOT}`, "content-type": "application/json" },
        body: JSON.stringify({
          slug,
          name,
          type: 1,
          assignConditions: { amountItems: [{ currency: "EUR", amount }] },
          wagerMultiplier: "20",
        }),
      });
      expect(made.status, await made.clone().text()).toBe(201);
    }

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Noa, marketing", ["promotions"])).token);
    const packages = page.getByRole("region", { name: "Bonus packages" });
    const create = packages.getByRole("form", { name: "New bonus package" });
    const packageName = `Autumn package ${id}`;
    await create.getByLabel("Slug (a-z, 0-9 and -)").fill(`autumn-package-${id}`);
    await create.getByLabel("Name", { exact: true }).fill(packageName);
    await create.getByRole("button", { name: "Create package" }).click();
    await create
      .getByRole("status")
      .filter({ hasText: `Created ${packageName} with 0 steps.` })
      .waitFor();
    await packages.getByRole("link", { name: packageName }).click();
    await page.getByRole("heading", { level: 1, name: packageName }).waitFor();

    const steps = page.getByRole("form", { name: `Steps of ${packageName}` });
    await steps.getByLabel("Deposit bonus to add").selectOption({ label: second });
    await steps.getByRole("button", { name: "Add step" }).click();
    await steps.getByLabel("Deposit bonus to add").selectOption({ label: first });
    await steps.getByRole("button", { name: "Add step" }).click();
    await steps.getByRole("button", { name: `Move ${first} up` }).click();
    await steps.getByRole("button", { name: "Save steps" }).click();
    await steps.getByRole("status").filter({ hasText: "Saved 2 steps." }).waitFor();
    expect(await steps.getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining(first),
      expect.stringContaining(second),
    ]);

    const names = async () =>
      (await offered(player.accessToken))
        .filter((item) => item.package !== null)
        .map((item) => item.name);
    expect(await names()).toContain(first);
    expect(await names()).not.toContain(second);

    await page
      .getByRole("form", { name: `Switch off ${packageName}` })
      .getByRole("button", { name: "Switch off" })
      .click();
    await page.getByRole("form", { name: `Switch on ${packageName}` }).waitFor();
    expect(await names()).not.toContain(first);
  });

  test("a marketing key changes the EUR cashback and the player's cashback shows it; switched off, the player has none", async () => {
    const player = await registerByApi(site.server.url, uniqueEmail("cashback"));
    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Ola, marketing", ["promotions"])).token);
    const cashback = page.getByRole("region", { name: "Cashback" });
    await cashback.getByRole("button", { name: "Edit cashback EUR" }).click();
    const form = cashback.getByRole("form", { name: "Set cashback" });
    await expect.poll(() => form.getByLabel("Currency", { exact: true }).inputValue()).toBe("EUR");
    expect(await form.getByLabel("Percent of the net loss").inputValue()).toBe("10");
    await form.getByLabel("Percent of the net loss").fill("15");
    await form.getByLabel("Period").selectOption({ label: "Daily" });
    await form.getByLabel("Largest payout (optional)").fill("250");
    await form.getByRole("button", { name: "Save cashback" }).click();
    await form.getByRole("status").filter({ hasText: "Saved cashback EUR: 15% daily." }).waitFor();
    const row = cashback
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "EUR" }) });
    await row.getByText("15% of the net loss, every day").waitFor();

    type Cashback = { percentage: string; period: string; maxAmount: string | null } | null;
    const mine = () =>
      asPlayer<Cashback>(player.accessToken, "/api/game/bonuses/cashback?currency=EUR");
    expect(await mine()).toMatchObject({ percentage: "15", period: "daily", maxAmount: "250.00" });

    await cashback
      .getByRole("form", { name: "Switch off cashback EUR" })
      .getByRole("button", { name: "Switch off" })
      .click();
    await cashback.getByRole("form", { name: "Switch on cashback EUR" }).waitFor();
    expect(await mine()).toBeNull();
  });
});
