// The operator's quests (/api/operator/quests; rows of migration 0025, updated_at from 0030):
// tasks and rewards stored as the quest module reads them (amount tasks and minimum bets in minor
// units of the quest's currency, game and provider ids, reward bonuses by slug). Everything is
// checked before anything is written (422 with error.fields). Tasks and rewards are fixed once a
// player started the quest (runs point at them): a change of them then is a 409.
import {
  type CreateOperatorQuestBody,
  OperatorErrorCode,
  type OperatorQuest,
  type PatchOperatorQuestBody,
} from "@casino/contract/operator";
import { AMOUNT_TASK_TYPES, type QuestTaskType } from "@casino/contract/retention";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  createOnce,
  fieldProblems,
  iso,
  recordOperatorChange,
  rethrowUnique,
} from "../../lib/operator-keys";

interface QuestRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  currency: string;
  subunit_to_unit: string | null;
  available_from: Date | string | null;
  available_until: Date | string | null;
  duration_seconds: number | null;
  is_sequential: boolean;
  is_repeatable: boolean;
  is_enabled: boolean;
  position: number;
  runs: number;
  updated_at: Date | string | null;
}

interface TaskRow {
  id: string;
  quest_id: string;
  name: string;
  type: QuestTaskType;
  quantity: string;
  min_bet: string;
  games: string[];
  providers: string[];
}

interface RewardRow {
  id: string;
  quest_id: string;
  type: "points" | "bonus" | "freespins";
  name: string;
  points: string | null;
  bonus_id: string | null;
}

async function views(db: Queryable, where: string, params: unknown[]): Promise<OperatorQuest[]> {
  const quests = await db.query<QuestRow>(
    `SELECT q.id::text AS id, q.slug, q.name, q.description, q.image, q.currency,
            c.subunit_to_unit::text AS subunit_to_unit, q.available_from, q.available_until,
            q.duration_seconds, q.is_sequential, q.is_repeatable, q.is_enabled, q.position,
            (SELECT count(*)::int FROM player_quests pq WHERE pq.quest_id = q.id) AS runs,
            q.updated_at
       FROM quests q LEFT JOIN currencies c ON c.code = q.currency
      ${where}
      ORDER BY q.position, q.id`,
    params,
  );
  const ids = quests.map((quest) => quest.id);
  const tasks = ids.length
    ? await db.query<TaskRow>(
        `SELECT t.id::text AS id, t.quest_id::text AS quest_id, t.name, t.type,
                t.quantity::text AS quantity, t.min_bet::text AS min_bet,
                coalesce((SELECT array_agg(g.slug ORDER BY g.slug) FROM games g
                           WHERE g.id = ANY(t.game_ids)), '{}') AS games,
                coalesce((SELECT array_agg(p.slug ORDER BY p.slug) FROM game_providers p
                           WHERE p.id = ANY(t.provider_ids)), '{}') AS providers
           FROM quest_tasks t WHERE t.quest_id = ANY($1::bigint[])
          ORDER BY t.position, t.id`,
        [ids],
      )
    : [];
  const rewards = ids.length
    ? await db.query<RewardRow>(
        `SELECT r.id::text AS id, r.quest_id::text AS quest_id, r.type, r.name,
                r.points::text AS points, r.bonus_id
           FROM quest_rewards r WHERE r.quest_id = ANY($1::bigint[])
          ORDER BY r.position, r.id`,
        [ids],
      )
    : [];
  return quests.map((quest) => {
    const subunit = BigInt(quest.subunit_to_unit ?? "100");
    const money = (value: string) => formatAmount(BigInt(value), subunit);
    return {
      id: quest.id,
      slug: quest.slug,
      name: quest.name,
      description: quest.description,
      image: quest.image,
      currency: quest.currency,
      availableFrom: iso(quest.available_from),
      availableUntil: iso(quest.available_until),
      durationSeconds: quest.duration_seconds === null ? null : Number(quest.duration_seconds),
      isSequential: quest.is_sequential,
      isRepeatable: quest.is_repeatable,
      isEnabled: quest.is_enabled,
      position: Number(quest.position),
      tasks: tasks
        .filter((task) => task.quest_id === quest.id)
        .map((task) => ({
          id: task.id,
          name: task.name,
          type: task.type,
          quantity: AMOUNT_TASK_TYPES.includes(task.type) ? money(task.quantity) : task.quantity,
          minBet: money(task.min_bet),
          games: task.games ?? [],
          providers: task.providers ?? [],
        })),
      rewards: rewards
        .filter((reward) => reward.quest_id === quest.id)
        .map((reward) => ({
          id: reward.id,
          type: reward.type,
          name: reward.name,
          points: reward.points === null ? null : Number(reward.points),
          bonus: reward.bonus_id,
        })),
      runs: Number(quest.runs),
      updatedAt: iso(quest.updated_at),
    };
  });
}

export async function listOperatorQuests(ctx: AppContext): Promise<OperatorQuest[]> {
  return views(ctx.db, "", []);
}

/** One quest; 404 when there is none with that id. */
export async function readOperatorQuest(db: Queryable, id: string): Promise<OperatorQuest> {
  const [quest] = await views(db, "WHERE q.id = $1::bigint", [id]);
  if (!quest) throw AppError.notFound("No quest with that id");
  return quest;
}

type Tasks = CreateOperatorQuestBody["tasks"];
type Rewards = CreateOperatorQuestBody["rewards"];
interface CheckedTask {
  name: string;
  type: QuestTaskType;
  quantity: bigint;
  minBet: bigint;
  gameIds: number[];
  providerIds: number[];
}

/** The tasks and rewards checked against the currency, games, providers and bonuses. */
async function checkParts(
  tx: Queryable,
  currency: string,
  tasks: Tasks | undefined,
  rewards: Rewards | undefined,
  fail: (field: string, message: string) => void,
): Promise<CheckedTask[]> {
  const [info] = await tx.query<{ subunit_to_unit: string }>(
    "SELECT subunit_to_unit::text FROM currencies WHERE code = $1",
    [currency],
  );
  if (!info) fail("currency", "Unknown currency");
  const subunit = BigInt(info?.subunit_to_unit ?? "100");
  const checked: CheckedTask[] = [];
  for (const [index, task] of (tasks ?? []).entries()) {
    const at = `tasks.${index}`;
    let quantity: bigint | null = null;
    if (AMOUNT_TASK_TYPES.includes(task.type)) {
      const parsed = parseAmount(task.quantity, subunit);
      if (parsed.ok) quantity = parsed.value;
      else fail(`${at}.quantity`, `Not a valid amount in ${currency}`);
    } else if (/^\d+$/.test(task.quantity)) {
      quantity = BigInt(task.quantity);
    } else {
      fail(`${at}.quantity`, "Must be a whole count");
    }
    if (quantity === 0n) fail(`${at}.quantity`, "Must be above zero");
    const minBet = parseAmount(task.minBet, subunit);
    if (!minBet.ok) fail(`${at}.minBet`, `Not a valid amount in ${currency}`);
    const ids = async (table: string, slugs: string[], field: string) => {
      if (slugs.length === 0) return [];
      const rows = await tx.query<{ id: number; slug: string }>(
        `SELECT id, slug FROM ${table} WHERE slug = ANY ($1::text[])`,
        [slugs],
      );
      const unknown = slugs.filter((slug) => !rows.some((row) => row.slug === slug));
      if (unknown.length > 0) fail(field, `Unknown: ${unknown.join(", ")}`);
      return rows.map((row) => Number(row.id));
    };
    checked.push({
      name: task.name,
      type: task.type,
      quantity: quantity ?? 0n,
      minBet: minBet.ok ? minBet.value : 0n,
      gameIds: await ids("games", task.games, `${at}.games`),
      providerIds: await ids("game_providers", task.providers, `${at}.providers`),
    });
  }
  for (const [index, reward] of (rewards ?? []).entries()) {
    const at = `rewards.${index}`;
    if (reward.type === "points") {
      if (reward.points === null) fail(`${at}.points`, "Required for a points reward");
      if (reward.bonus !== null) fail(`${at}.bonus`, "Only for a bonus or free-spins reward");
      continue;
    }
    if (reward.points !== null) fail(`${at}.points`, "Only for a points reward");
    if (reward.bonus === null) {
      fail(`${at}.bonus`, "Required: the slug of a bonus definition");
      continue;
    }
    const [bonus] = await tx.query<{ type: number }>("SELECT type FROM bonuses WHERE slug = $1", [
      reward.bonus,
    ]);
    if (!bonus) fail(`${at}.bonus`, "Unknown bonus");
    else if ((reward.type === "freespins") !== (Number(bonus.type) === 3)) {
      fail(
        `${at}.bonus`,
        reward.type === "freespins"
          ? "Must be a free-spins bonus"
          : "Must not be a free-spins bonus",
      );
    }
  }
  return checked;
}

function checkWindow(
  from: string | null,
  until: string | null,
  fail: (field: string, message: string) => void,
) {
  if (from !== null && until !== null && new Date(until).getTime() <= new Date(from).getTime()) {
    fail("availableUntil", "Must be after availableFrom");
  }
}

async function writeParts(tx: Queryable, questId: string, tasks: CheckedTask[], rewards: Rewards) {
  for (const [index, task] of tasks.entries()) {
    await tx.query(
      `INSERT INTO quest_tasks (quest_id, position, name, type, quantity, min_bet, game_ids,
         provider_ids)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::int[], $8::int[])`,
      [
        questId,
        index,
        task.name,
        task.type,
        task.quantity.toString(),
        task.minBet.toString(),
        task.gameIds,
        task.providerIds,
      ],
    );
  }
  for (const [index, reward] of rewards.entries()) {
    await tx.query(
      `INSERT INTO quest_rewards (quest_id, position, type, name, points, bonus_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [questId, index, reward.type, reward.name, reward.points, reward.bonus],
    );
  }
}

/** POST /api/operator/quests. */
export async function createOperatorQuest(
  ctx: AppContext,
  body: CreateOperatorQuestBody,
): Promise<{ data: OperatorQuest; replay: boolean }> {
  const now = ctx.now();
  return createOnce(ctx.db, {
    kind: "quest",
    key: body.key,
    body,
    now,
    read: readOperatorQuest,
    create: async (tx) => {
      const { fail, check } = fieldProblems();
      const taken = await tx.query("SELECT 1 FROM quests WHERE slug = $1", [body.slug]);
      if (taken.length > 0) fail("slug", "Already taken");
      checkWindow(body.availableFrom, body.availableUntil, fail);
      const tasks = await checkParts(tx, body.currency, body.tasks, body.rewards, fail);
      check();
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO quests (slug, name, description, image, currency, available_from,
           available_until, duration_seconds, is_sequential, is_repeatable, is_enabled, position,
           updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id::text AS id`,
        [
          body.slug,
          body.name,
          body.description,
          body.image,
          body.currency,
          body.availableFrom,
          body.availableUntil,
          body.durationSeconds,
          body.isSequential,
          body.isRepeatable,
          body.isEnabled,
          body.position,
          now,
        ],
      );
      await writeParts(tx, row!.id, tasks, body.rewards);
      return row!.id;
    },
  });
}

/** PATCH /api/operator/quests/{id}: the fields given; `isEnabled: false` hides it from players. */
export async function patchOperatorQuest(
  ctx: AppContext,
  id: string,
  patch: PatchOperatorQuestBody,
): Promise<OperatorQuest> {
  await ctx.db
    .transaction(async (tx) => {
      await tx.query("SELECT id FROM quests WHERE id = $1::bigint FOR UPDATE", [id]);
      const current = await readOperatorQuest(tx, id);
      const { fail, check } = fieldProblems();
      const next = { ...current, ...patch };
      checkWindow(next.availableFrom, next.availableUntil, fail);
      const replacing = patch.tasks !== undefined || patch.rewards !== undefined;
      const tasks = await checkParts(tx, current.currency, patch.tasks, patch.rewards, fail);
      check();
      if (replacing && current.runs > 0) throw questStarted();
      await tx.query(
        `UPDATE quests SET name = $2, description = $3, image = $4, available_from = $5,
           available_until = $6, duration_seconds = $7, is_sequential = $8, is_repeatable = $9,
           is_enabled = $10, position = $11, updated_at = $12
         WHERE id = $1::bigint`,
        [
          id,
          next.name,
          next.description,
          next.image,
          next.availableFrom,
          next.availableUntil,
          next.durationSeconds,
          next.isSequential,
          next.isRepeatable,
          next.isEnabled,
          next.position,
          ctx.now(),
        ],
      );
      if (patch.tasks !== undefined) {
        await tx.query("DELETE FROM quest_tasks WHERE quest_id = $1::bigint", [id]);
        await writeParts(tx, id, tasks, []);
      }
      if (patch.rewards !== undefined) {
        await tx.query("DELETE FROM quest_rewards WHERE quest_id = $1::bigint", [id]);
        await writeParts(tx, id, [], patch.rewards);
      }
      await recordOperatorChange(tx, {
        kind: "quest",
        entityId: id,
        action: "update",
        changes: patch,
        now: ctx.now(),
      });
    })
    .catch((error: unknown) => {
      // A player started the quest meanwhile: their run points at the old tasks.
      if ((error as { code?: string } | null)?.code === "23503") throw questStarted();
      throw rethrowUnique(error);
    });
  return readOperatorQuest(ctx.db, id);
}

function questStarted(): AppError {
  return new AppError(
    409,
    OperatorErrorCode.QuestStarted,
    "Players started this quest: its tasks and rewards are fixed; create a new quest instead",
  );
}
