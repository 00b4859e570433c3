// The rewards of a completed run (spec: bonus, free spins, loyalty points), granted in the
// transaction that completed it, once per run and reward (player_quest_rewards' key).
// - points: added to the player's loyalty account here (key quest:<run>:<reward>);
// - bonus and free spins: the bonus module's use case grants them. This tree has no bonus module
//   yet, so they are recorded as pending grants (player_quest_rewards.status = 'pending'), which
//   the bonus module's issueBonus grants once it is installed (grantPendingRewards below is the
//   one place to call it).
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { addLoyaltyPoints } from "./loyalty";
import { type PlayerQuestRow, questRepository } from "./repository";

export async function grantQuestRewards(
  tx: Queryable,
  ctx: Pick<AppContext, "now">,
  run: PlayerQuestRow,
): Promise<void> {
  const repo = questRepository(tx);
  const now = ctx.now();
  for (const reward of await repo.rewardsOf([run.quest_id])) {
    if (reward.type === "points") {
      if (!(await repo.recordReward(run.id, reward.id, "granted", now))) continue;
      await addLoyaltyPoints(tx, ctx, {
        playerId: run.player_id,
        millipoints: BigInt(reward.points ?? "0") * 1000n,
        key: `quest:${run.id}:${reward.id}`,
        reason: "quest",
      });
    } else {
      await repo.recordReward(run.id, reward.id, "pending", now);
    }
  }
}
