// The expiry job (ctx.jobs, every 30 s): active runs past their deadline end in state 5, runs of
// a quest whose window closed in state 6 (spec §4: 5 and 6 expired). Rows are claimed with
// SKIP LOCKED, so several nodes share the work; each run ends once, with its quest.updated.
import type { AppContext } from "../../context";
import { publishQuestUpdated } from "./quest-events";
import { questRepository } from "./repository";

const BATCH = 200;

/** Ends every due run; returns how many ended. */
export async function expireQuests(ctx: Pick<AppContext, "db" | "now">): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await ctx.db.transaction(async (tx) => {
      const repo = questRepository(tx);
      const now = ctx.now();
      const due = await repo.dueForExpiry(now, BATCH);
      for (const item of due) {
        const run = await repo.setState(item.id, item.state, now);
        await publishQuestUpdated(tx, now, run, 2);
      }
      return due.length;
    });
    total += ended;
    if (ended < BATCH) return total;
  }
}
