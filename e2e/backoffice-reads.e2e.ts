// The back office's pages per item read their item by id (GET /api/operator/<list>/{id}): a
// bonus's and a quest's page opened by their address show the item's values in their forms, and
// an unknown id shows the page that does not exist.
import { describe, expect, test } from "vitest";
import { issueOperatorKey, newRootKey, signInWithKey } from "./support/backoffice";
import { useSite } from "./support/fixture";

const ROOT = newRootKey();
const site = useSite({ OPERATOR_API_TOKEN: ROOT });

/** Creates through the operator API with the root key; the created item. */
async function created<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${site.server.url}/api/operator${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${ROOT}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

const suffix = Date.now().toString(36);

describe("back office: pages opened by their address", () => {
  test("a bonus's and a quest's page show their values pre-filled; unknown ids show that nothing is there", async () => {
    const target = await created<{ id: number; name: string }>("/bonuses", {
      slug: `reads-target-${suffix}`,
      type: 1,
      kind: "reward",
      name: "Spin winnings bonus",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "1.00" }] },
    });
    const bonus = await created<{ id: number }>("/bonuses", {
      slug: `reads-bonus-${suffix}`,
      type: 1,
      kind: "code",
      name: "Opened by address",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "12.50" }] },
      wagerMultiplier: "17",
      expiresInDays: 9,
      freespinWinningsBonusId: target.id,
    });
    const quest = await created<{ id: string }>("/quests", {
      slug: `reads-quest-${suffix}`,
      name: "Quest by address",
      currency: "EUR",
      tasks: [{ name: "Place 4 bets", type: "betCount", quantity: "4" }],
      rewards: [{ type: "points", name: "40 points", points: 40 }],
    });

    const { page } = await site.open();
    const calls: string[] = [];
    page.on("request", (request) => calls.push(new URL(request.url()).pathname));
    const { token } = await issueOperatorKey(site, ROOT, "Robin, reads", ["promotions"]);
    await signInWithKey(page, token);
    await page.getByRole("navigation", { name: "Desks" }).waitFor();

    await page.goto(`/backoffice/promotions/bonuses/${bonus.id}`);
    await page.getByRole("heading", { level: 1, name: "Opened by address" }).waitFor();
    const conditions = page.getByRole("form", { name: "Conditions of Opened by address" });
    expect(await conditions.getByLabel("Name", { exact: true }).inputValue()).toBe(
      "Opened by address",
    );
    expect(await conditions.getByLabel("Wager multiplier (× the bonus)").inputValue()).toBe("17");
    expect(await conditions.getByLabel("Valid for (days after issue)").inputValue()).toBe("9");
    expect(await conditions.getByLabel("Kind").inputValue()).toBe("code");
    // The other bonuses' list came with the page: the choice made is the one shown.
    expect(await conditions.getByLabel("Winnings become the bonus").inputValue()).toBe(
      String(target.id),
    );

    // Read by its id, not picked from the list.
    expect(calls).toContain(`/api/operator/bonuses/${bonus.id}`);

    await page.goto(`/backoffice/engagement/quests/${quest.id}`);
    await page.getByRole("heading", { level: 1, name: "Quest by address" }).waitFor();
    const edit = page.getByRole("form", { name: "Edit quest" });
    expect(await edit.getByLabel("Quest name").inputValue()).toBe("Quest by address");
    const task = edit.getByRole("group", { name: "Task 1" });
    expect(await task.getByLabel("Task name").inputValue()).toBe("Place 4 bets");
    expect(await task.getByLabel("Target").inputValue()).toBe("4");
    const reward = edit.getByRole("group", { name: "Reward 1" });
    expect(await reward.getByLabel("Points").inputValue()).toBe("40");
    expect(calls).toContain(`/api/operator/quests/${quest.id}`);
    expect(calls).not.toContain("/api/operator/quests");

    for (const path of ["/promotions/bonuses/999999999", "/engagement/quests/999999999"]) {
      await page.goto(`/backoffice${path}`);
      await page.getByRole("heading", { level: 1, name: "Nothing here" }).waitFor();
      expect(await page.getByRole("form").count()).toBe(0);
    }
  });

  test("a promotions key's forms suggest the catalogue's games as typed, the collections and the switched-on currencies, and a game rule is added by a suggested slug", async () => {
    const bonus = await created<{ id: number }>("/bonuses", {
      slug: `reads-rules-${suffix}`,
      type: 1,
      kind: "code",
      name: "Rules by suggestion",
      assignConditions: { amountItems: [{ currency: "EUR", amount: "5.00" }] },
    });
    const { page } = await site.open();
    const { token } = await issueOperatorKey(site, ROOT, "Kim, promotions", ["promotions"]);
    await signInWithKey(page, token);
    await page.getByRole("navigation", { name: "Desks" }).waitFor();
    /** The suggestions of a field (its datalist's values), once there are `atLeast`. */
    const suggestions = async (field: import("playwright-core").Locator, atLeast = 1) => {
      await field.evaluate(
        (input, least) =>
          new Promise<void>((resolve) => {
            const check = () =>
              ((input as HTMLInputElement).list?.options.length ?? 0) >= least
                ? resolve()
                : setTimeout(check, 50);
            check();
          }),
        atLeast,
      );
      return field.evaluate((input) =>
        [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
      );
    };

    await page.goto(`/backoffice/promotions/bonuses/${bonus.id}`);
    const add = page.getByRole("form", { name: "Add a game rule" });
    const game = add.getByRole("combobox", { name: "Game (slug)" });
    await game.fill("roulette");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("datalist option")].some((option) =>
        (option as HTMLOptionElement).value.includes("roulette"),
      ),
    );
    const games = await suggestions(game);
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((slug) => slug.includes("roulette"))).toBe(true);
    await game.fill(games[0]!);
    await add.getByLabel("Counts (% of a bet)").fill("10");
    await add.getByRole("button", { name: "Add rule" }).click();
    await add
      .getByRole("status")
      .filter({ hasText: `Rule for ${games[0]} saved.` })
      .waitFor();

    await page.goto("/backoffice/engagement");
    const rule = page.getByRole("form", { name: "New earn rule" });
    const currencies = await suggestions(rule.getByRole("combobox", { name: "Currency" }), 5);
    expect(currencies).toContain("EUR");
    expect(currencies).not.toContain("CLP");
    const collections = await suggestions(
      rule.getByRole("combobox", { name: "Game type (a collection's slug; empty: any)" }),
    );
    expect(collections.length).toBeGreaterThan(0);
  });
});
