import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { registerByApi, uniqueEmail } from "./support/accounts";
import { issueOperatorKey, newRootKey, openDesk, signInWithKey } from "./support/backoffice";
import { useSite } from "./support/fixture";
import { playerApi } from "./support/wallet";

const ROOT = newRootKey();
const site = useSite({ OPERATOR_API_TOKEN: ROOT });

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** The Engagement desk of a fresh page signed in with a new `promotions` key (and `more`). */
async function engagementDesk(name: string, more: string[] = []): Promise<Page> {
  const { page } = await site.open();
  await signInWithKey(page, (await issueKey(name, ["promotions", ...more])).token);
  await openDesk(page, "Engagement");
  await page.getByRole("heading", { level: 1, name: "Engagement" }).waitFor();
  return page;
}

/** A datetime-local input's value for `hours` from now (the browser and Node share a zone). */
function hoursAhead(hours: number): string {
  const date = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

async function publicGet<T>(path: string): Promise<T> {
  const response = await fetch(`${site.server.url}${path}`, {
    headers: { "x-test-country": "DE" },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type PlayerQuest = {
  id: string;
  name: string;
  durationSeconds: number | null;
  tasks: { name: string; type: string; quantity: string; minBet: string }[];
  rewards: { type: string; name: string; points: number | null }[];
};

describe("back office: engagement", () => {
  test("a promotions key creates a quest with tasks and rewards, a player sees it, the key edits it pre-filled, and switches it off once a player started it", async () => {
    const page = await engagementDesk("Pat, engagement");
    await page.getByRole("link", { name: "New quest" }).click();
    const create = page.getByRole("form", { name: "New quest" });
    await create.getByLabel("Slug (a-z, 0-9 and -)").fill("spring-sprint");
    await create.getByLabel("Quest name").fill("Spring sprint");
    await create.getByLabel("Description").fill("Three bets and a wager before the weekend.");
    await create.getByLabel("Available until (your time)").fill(hoursAhead(24 * 7));
    await create.getByLabel("Time to finish after activating", { exact: false }).fill("2");
    await create.getByLabel("Unit").selectOption({ label: "days" });

    const task1 = create.getByRole("group", { name: "Task 1" });
    await task1.getByLabel("Task name").fill("Place 3 bets");
    await task1.getByLabel("Target").fill("3");
    await task1.getByLabel(/Smallest bet that counts/).fill("0.20");
    await create.getByRole("button", { name: "Add task" }).click();
    const task2 = create.getByRole("group", { name: "Task 2" });
    await task2.getByLabel("Task name").fill("Wager 10.00");
    await task2.getByLabel("Goal").selectOption("betAmount");
    await task2.getByLabel("Target").fill("10");

    await create.getByRole("button", { name: "Add reward" }).click();
    const reward1 = create.getByRole("group", { name: "Reward 1" });
    await reward1.getByLabel("Reward name (players read it)").fill("25 loyalty points");
    await reward1.getByLabel("Points").fill("25");
    await create.getByRole("button", { name: "Add reward" }).click();
    const reward2 = create.getByRole("group", { name: "Reward 2" });
    await reward2.getByLabel("Reward type").selectOption({ label: "Free spins" });
    await reward2.getByLabel("Reward name (players read it)").fill("Free spins on Fruit Lines");
    await reward2.getByLabel("Free-spins bonus").selectOption("welcome-3");
    await create.getByRole("button", { name: "Create quest" }).click();

    await page.getByRole("heading", { level: 1, name: "Spring sprint" }).waitFor();
    const edit = page.getByRole("form", { name: "Edit quest" });
    expect(await edit.getByLabel("Quest name").inputValue()).toBe("Spring sprint");
    expect(
      await edit.getByRole("group", { name: "Task 2" }).getByLabel("Target").inputValue(),
    ).toBe("10.00");
    expect(
      await edit
        .getByRole("group", { name: "Reward 2" })
        .getByLabel("Free-spins bonus")
        .inputValue(),
    ).toBe("welcome-3");

    const player = await registerByApi(site.server.url, uniqueEmail("quester"));
    const questsOf = async () =>
      (
        await playerApi<PlayerQuest[]>(
          site.server.url,
          "/api/retention/quests?currency=EUR",
          player.accessToken,
        )
      ).data;
    const created = (await questsOf()).find((quest) => quest.name === "Spring sprint");
    expect(created?.durationSeconds).toBe(2 * 86_400);
    expect(
      created?.tasks.map((task) => [task.name, task.type, task.quantity, task.minBet]),
    ).toEqual([
      ["Place 3 bets", "betCount", "3", "0.20"],
      ["Wager 10.00", "betAmount", "10.00", "0.00"],
    ]);
    expect(created?.rewards.map((reward) => [reward.type, reward.points])).toEqual([
      ["points", 25],
      ["freespins", null],
    ]);

    await edit.getByLabel("Quest name").fill("Spring sprint XL");
    await edit.getByRole("group", { name: "Task 1" }).getByLabel("Target").fill("5");
    await edit.getByRole("group", { name: "Reward 1" }).getByLabel("Points").fill("40");
    await edit.getByRole("button", { name: "Save quest" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved Spring sprint XL." }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Spring sprint XL" }).waitFor();
    const edited = (await questsOf()).find((quest) => quest.id === created?.id);
    expect(edited?.name).toBe("Spring sprint XL");
    expect(edited?.tasks.map((task) => task.quantity)).toEqual(["5", "10.00"]);
    expect(edited?.rewards[0]?.points).toBe(40);

    // A player starts it: its tasks and rewards stay as they are; the page says so.
    await playerApi(
      site.server.url,
      `/api/retention/quests/${created?.id}/activate`,
      player.accessToken,
      {
        method: "PUT",
      },
    );
    await page.reload();
    await page.getByText("Players started this quest 1 time").waitFor();
    expect(await edit.getByRole("group", { name: "Task 1" }).count()).toBe(0);
    await page.getByRole("rowheader", { name: "Place 3 bets" }).waitFor();

    await page
      .getByRole("form", { name: "Switch off Spring sprint XL" })
      .getByRole("button")
      .click();
    await page.getByRole("form", { name: "Switch on Spring sprint XL" }).waitFor();
    const other = await registerByApi(site.server.url, uniqueEmail("late"));
    const listed = await playerApi<PlayerQuest[]>(
      site.server.url,
      "/api/retention/quests?currency=EUR",
      other.accessToken,
    );
    expect(listed.data.map((quest) => quest.name)).not.toContain("Spring sprint XL");
  });

  test("a promotions key defines a tournament with prizes (a window that ends before it starts is refused), it is listed publicly, and its title and end move", async () => {
    // Cash prizes are real money: the key needs payments too (issue 24).
    const page = await engagementDesk("Robin, tournaments", ["payments"]);
    await page.getByRole("link", { name: "New tournament" }).click();
    const create = page.getByRole("form", { name: "New tournament" });
    await create.getByLabel("Identity (a-z, 0-9 and -; in its address)").fill("winter-cup");
    await create.getByLabel("Title", { exact: true }).fill("Winter cup");
    await create.getByLabel("Scoring").selectOption({ label: "Most won" });
    await create.getByLabel("Smallest bet that counts (in the currency)").fill("0.50");
    await create.getByLabel("Games (slugs)").fill("gold-rush, fruit-lines");
    await create.getByLabel("Starts (your time)").fill(hoursAhead(2));
    await create.getByLabel("Ends (your time)").fill(hoursAhead(1));
    const prize1 = create.getByRole("group", { name: "Prize 1" });
    await prize1.getByLabel("Amount (in the currency)").fill("100");
    await create.getByRole("button", { name: "Add prize" }).click();
    const prize2 = create.getByRole("group", { name: "Prize 2" });
    await prize2.getByLabel("Places to").fill("3");
    await prize2.getByLabel("Amount (in the currency)").fill("25");
    await create.getByRole("button", { name: "Create tournament" }).click();
    await create.getByRole("alert").filter({ hasText: "endsAt: Must be after startsAt" }).waitFor();

    await create.getByLabel("Ends (your time)").fill(hoursAhead(72));
    await create.getByRole("button", { name: "Create tournament" }).click();
    await page.getByRole("heading", { level: 1, name: "Winter cup" }).waitFor();
    await page.getByText("Upcoming", { exact: true }).waitFor();
    // Its page shows what the definition fixed: the prizes, and an empty board so far.
    const prizes = page.getByRole("table", { name: "Prizes" });
    await prizes.getByRole("row", { name: "1 100.00 EUR" }).waitFor();
    await prizes.getByRole("row", { name: "2–3 25.00 EUR" }).waitFor();

    type Listed = {
      identity: string;
      title: string;
      endsAt: string;
      prizePool: string;
      prizes: { placeFrom: number; placeTo: number; amount: string | null }[];
    };
    const upcoming = async () =>
      (await publicGet<{ data: Listed[] }>("/api/retention/tournaments?state=upcoming")).data.find(
        (tournament) => tournament.identity === "winter-cup",
      );
    const listed = await upcoming();
    expect(listed?.prizePool).toBe("150.00");
    expect(listed?.prizes.map((prize) => [prize.placeFrom, prize.placeTo, prize.amount])).toEqual([
      [1, 1, "100.00"],
      [2, 3, "25.00"],
    ]);

    const edit = page.getByRole("form", { name: "Edit tournament" });
    expect(await edit.getByLabel("Title").inputValue()).toBe("Winter cup");
    await edit.getByLabel("Title").fill("Winter cup final");
    const newEnd = hoursAhead(120);
    await edit.getByLabel("Ends (your time)").fill(newEnd);
    await edit.getByRole("button", { name: "Save tournament" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved Winter cup final." }).waitFor();
    const moved = await upcoming();
    expect(moved?.title).toBe("Winter cup final");
    expect(moved?.endsAt).toBe(new Date(newEnd).toISOString());

    await openDesk(page, "Engagement");
    const row = page
      .getByRole("region", { name: "Tournaments" })
      .getByRole("row")
      .filter({ hasText: "Winter cup final" });
    await row.getByRole("cell", { name: "Upcoming" }).waitFor();
  });

  test("a promotions key adds a loyalty level (a threshold out of order is refused), raises another, changes an earn rule and switches one off; the public loyalty API shows it all", async () => {
    const page = await engagementDesk("Sky, loyalty");
    const levels = page.getByRole("region", { name: "Loyalty levels" });
    await levels.getByRole("rowheader", { name: "Diamond" }).waitFor();
    const add = levels.getByRole("form", { name: "New loyalty level" });
    expect(await add.getByLabel("Order").inputValue()).toBe("6");
    await add.getByLabel("Level name").fill("Legend");
    await add.getByLabel("Points needed").fill("5000");
    await add.getByRole("button", { name: "Add level" }).click();
    await add
      .getByRole("alert")
      .filter({ hasText: "points: A level's points must rise" })
      .waitFor();
    await add.getByLabel("Points needed").fill("50000");
    await add.getByLabel("Description").fill("For the very few.");
    await add.getByRole("button", { name: "Add level" }).click();
    await add.getByRole("status").filter({ hasText: "Added Legend." }).waitFor();
    await levels.getByRole("rowheader", { name: "Legend" }).waitFor();

    await levels.getByRole("button", { name: "Edit Silver" }).click();
    const silver = levels.getByRole("form", { name: "Edit level Silver" });
    expect(await silver.getByLabel("Points needed").inputValue()).toBe("100");
    await silver.getByLabel("Points needed").fill("150");
    await silver.getByRole("button", { name: "Save level" }).click();
    await silver.getByRole("status").filter({ hasText: "Saved Silver." }).waitFor();

    const rules = page.getByRole("region", { name: "Earn rules" });
    await rules.getByRole("button", { name: "Edit EUR · any provider · any game" }).click();
    const rule = rules.getByRole("form", { name: "Edit rule EUR · any provider · any game" });
    expect(await rule.getByLabel("Wager (EUR)").inputValue()).toBe("1.00");
    await rule.getByLabel("Wager (EUR)").fill("2.00");
    await rule.getByLabel("Points").fill("3");
    await rule.getByRole("button", { name: "Save rule" }).click();
    await rule.getByRole("status").filter({ hasText: "Saved: 3 per 2.00 EUR." }).waitFor();
    await rules
      .getByRole("row")
      .filter({ hasText: "EUR · any provider · any game" })
      .getByRole("cell", { name: "3 points per 2.00 EUR wagered" })
      .waitFor();
    await rules
      .getByRole("form", { name: "Switch off EUR · any provider · live-casino" })
      .getByRole("button")
      .click();
    await rules.getByRole("form", { name: "Switch on EUR · any provider · live-casino" }).waitFor();

    const loyalty = await publicGet<{
      data: { name: string; points: number; order: number; description: string }[];
      meta: {
        earnRules: {
          currency: string;
          provider: string | null;
          gameType: string | null;
          wager: string;
          points: number;
        }[];
      };
    }>("/api/retention/levels?currency=EUR");
    expect(loyalty.data.map((level) => [level.order, level.name, level.points])).toEqual([
      [1, "Bronze", 0],
      [2, "Silver", 150],
      [3, "Gold", 500],
      [4, "Platinum", 2000],
      [5, "Diamond", 10000],
      [6, "Legend", 50000],
    ]);
    expect(loyalty.data.at(-1)?.description).toBe("For the very few.");
    expect(loyalty.meta.earnRules).toEqual([
      { currency: "EUR", provider: null, gameType: null, wager: "2.00", points: 3 },
    ]);
  });
});
