// The rewards of a completed run (spec: bonus, free spins, loyalty points), granted in the
// transaction that completed it, once per run and reward (player_quest_rewards' key).
// - points: added to the player's loyalty account here (key quest:<run>:<reward>);
// - bonus and free spins: issued through the bonus module (issueBonus, idempotent by its source
//   `quest:<run>:<reward>`); quest_rewards.bonus_id names the bonus definition by slug. An
//   unknown slug, a definition that grants nothing in the run's currency, or a failure (rolled
//   back to a savepoint, so the completion and the other rewards stand) leaves the reward
//   'pending'; the pending-rewards job tries those again.
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { findBonusBySlug } from "../bonus/definitions";
import { issueBonus } from "../bonus/issue-bonus";
import { addLoyaltyPoints } from "./loyalty";
import { type PlayerQuestRow, questRepository, type RewardRow } from "./repository";

export async function grantQuestRewards(
  tx: Queryable,
  ctx: AppContext,
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
      const granted = await grantBonusReward(tx, ctx, run, reward);
      await repo.recordReward(run.id, reward.id, granted ? "granted" : "pending", now);
    }
  }
}

/** A bonus or free-spins reward through the bonus module; false when it stays pending. */
async function grantBonusReward(
  tx: Queryable,
  ctx: AppContext,
  run: Pick<PlayerQuestRow, "id" | "player_id" | "currency">,
  reward: Pick<RewardRow, "id" | "bonus_id">,
): Promise<boolean> {
  if (!reward.bonus_id) return false;
  await tx.exec("SAVEPOINT quest_reward");
  try {
    const bonus = await findBonusBySlug(tx, reward.bonus_id);
    const issued = bonus
      ? await issueBonus(tx, ctx, {
          playerId: run.player_id,
          bonusId: bonus.id,
          currency: run.currency,
          source: `quest:${run.id}:${reward.id}`,
        })
      : null;
    await tx.exec("RELEASE SAVEPOINT quest_reward");
    return issued !== null;
  } catch {
    await tx.exec("ROLLBACK TO SAVEPOINT quest_reward");
    return false;
  }
}

/** The job: pending bonus rewards granted once their definition exists; returns how many. */
export async function grantPendingRewards(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{
      player_quest_id: string;
      reward_id: string;
      player_id: string;
      currency: string;
      bonus_id: string | null;
    }>(
      `SELECT r.player_quest_id::text AS player_quest_id, r.reward_id::text AS reward_id,
              pq.player_id::text AS player_id, pq.currency, qr.bonus_id
         FROM player_quest_rewards r
         JOIN player_quests pq ON pq.id = r.player_quest_id
         JOIN quest_rewards qr ON qr.id = r.reward_id
        WHERE r.status = 'pending'
        ORDER BY r.created_at
        LIMIT 100
        FOR UPDATE OF r SKIP LOCKED`,
    );
    let granted = 0;
    for (const row of rows) {
      const run = { id: row.player_quest_id, player_id: row.player_id, currency: row.currency };
      if (!(await grantBonusReward(tx, ctx, run, { id: row.reward_id, bonus_id: row.bonus_id }))) {
        continue;
      }
      await tx.query(
        `UPDATE player_quest_rewards SET status = 'granted', granted_at = $3
          WHERE player_quest_id = $1 AND reward_id = $2`,
        [row.player_quest_id, row.reward_id, ctx.now()],
      );
      granted += 1;
    }
    return granted;
  });
}
