import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translate } from "../../lib/content/translate";
import { isGamePage, LEVEL_NOTIFICATION_MS, levelRose, questAlert } from "./retention-events";

describe("retention events", () => {
  it("QS-05 QS-06 a quest.updated to a state other than 3 raises stateChanged with the status name", () => {
    const updated = (state: number, previousState: number | null) => ({
      type: "quest.updated",
      quest: { name: "Warm-up", state },
      previousState,
    });
    expect(questAlert(updated(2, null))).toEqual({
      key: "questStateChanged",
      vars: { name: "Warm-up", status: "active" },
    });
    expect(questAlert(updated(4, 2))?.vars.status).toBe("cancelled");
    expect(questAlert(updated(5, 2))?.vars.status).toBe("expired");
    expect(questAlert(updated(6, 2))?.vars.status).toBe("expired");
  });

  it("QS-06 the status name is translated through alerts.questStateChanged.statuses (English fallback)", () => {
    const alerts = (locale: string) =>
      JSON.parse(
        readFileSync(
          new URL(`../../../../../content/${locale}/alerts.json`, import.meta.url),
          "utf8",
        ),
      );
    const tIn = (locale: string) => (key: string, fallback: string) =>
      translate({ alerts: alerts(locale) }, key, fallback);
    const updated = (state: number) => ({
      type: "quest.updated",
      quest: { name: "Warm-up", state },
      previousState: 1,
    });
    expect(questAlert(updated(2), tIn("en"))?.vars.status).toBe("active");
    expect(questAlert(updated(2), tIn("de"))?.vars.status).toBe("aktiv");
    expect(questAlert(updated(4), tIn("pt-br"))?.vars.status).toBe("cancelada");
    // A status without a text keeps its English name.
    expect(questAlert(updated(5), (_key, fallback) => fallback)?.vars.status).toBe("expired");
  });

  it("QS-07 a change to state 3 raises no stateChanged alert", () => {
    expect(
      questAlert({ type: "quest.updated", quest: { name: "Warm-up", state: 3 }, previousState: 2 }),
    ).toBeNull();
  });

  it("QS-08 a task update that completes the task raises taskCompleted with {taskName} and {questName}", () => {
    const task = (completedNow: boolean) => ({
      type: "quest.task.updated",
      quest: { name: "Warm-up" },
      task: { name: "Place 5 bets", isCompleted: completedNow },
      completedNow,
    });
    expect(questAlert(task(true))).toEqual({
      key: "taskCompleted",
      vars: { taskName: "Place 5 bets", questName: "Warm-up" },
    });
    expect(questAlert(task(false))).toBeNull();
  });

  it("LY-03 LY-04 a level-up is a rise of the level order; game pages are /games/{id} with or without a locale", () => {
    const account = (order: number, previousLevelOrder: number | null) => ({
      type: "loyalty.account.updated",
      account: { points: 100, currentLevel: { name: "Silver", order } },
      previousLevelOrder,
    });
    expect(levelRose(account(2, 1))).toBe(true);
    expect(levelRose(account(2, 2))).toBe(false);
    expect(levelRose({ type: "quest.updated" })).toBe(false);
    expect(isGamePage("/games/gold-rush")).toBe(true);
    expect(isGamePage("/de/games/gold-rush")).toBe(true);
    expect(isGamePage("/loyalty")).toBe(false);
    expect(isGamePage("/games")).toBe(false);
    expect(LEVEL_NOTIFICATION_MS).toBe(3000);
  });
});
