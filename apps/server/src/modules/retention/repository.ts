// SQL of the quests (migration 0025): the operator's quests, tasks and rewards, and the players'
// runs with their task progress. Amounts and quantities are numeric(78,0) strings here.
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";

export interface QuestRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  currency: string;
  available_from: Date | null;
  available_until: Date | null;
  duration_seconds: number | null;
  is_sequential: boolean;
  is_repeatable: boolean;
}

export interface TaskRow {
  id: string;
  quest_id: string;
  name: string;
  type: string;
  quantity: string;
  min_bet: string;
  game_ids: number[];
  provider_ids: number[];
  games: { slug: string; title: string }[];
  providers: { slug: string; name: string }[];
}

export interface RewardRow {
  id: string;
  quest_id: string;
  type: "points" | "bonus" | "freespins";
  name: string;
  points: string | null;
  bonus_id: string | null;
}

export interface PlayerQuestRow {
  id: string;
  player_id: string;
  quest_id: string;
  currency: string;
  state: number;
  activated_at: Date;
  expires_at: Date | null;
  ended_at: Date | null;
}

export interface PlayerTaskRow {
  player_quest_id: string;
  task_id: string;
  progress: string;
  completed_at: Date | null;
  last_day: string | null;
}

const QUEST_COLUMNS = `q.id::text AS id, q.slug, q.name, q.description, q.image, q.currency,
  q.available_from, q.available_until, q.duration_seconds, q.is_sequential, q.is_repeatable`;
const RUN_COLUMNS = `pq.id::text AS id, pq.player_id::text AS player_id, pq.quest_id::text AS quest_id,
  pq.currency, pq.state, pq.activated_at, pq.expires_at, pq.ended_at`;

function dateOf(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

function normaliseRun(row: PlayerQuestRow): PlayerQuestRow {
  return {
    ...row,
    state: Number(row.state),
    activated_at: new Date(row.activated_at),
    expires_at: dateOf(row.expires_at),
    ended_at: dateOf(row.ended_at),
  };
}

function normaliseQuest(row: QuestRow): QuestRow {
  return {
    ...row,
    available_from: dateOf(row.available_from),
    available_until: dateOf(row.available_until),
    duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
  };
}

export function questRepository(db: Queryable) {
  /** The players' time zones (null: none set), by id. */
  async function playerTimeZones(ids: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await db.query<{ id: string; time_zone: string | null }>(
      "SELECT id::text AS id, time_zone FROM players WHERE id = ANY($1::uuid[])",
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row.time_zone]));
  }

  return {
    /** Enabled quests whose window contains `now`, in operator order. */
    async availableQuests(now: Date, currency: string | null): Promise<QuestRow[]> {
      const rows = await db.query<QuestRow>(
        `SELECT ${QUEST_COLUMNS} FROM quests q
          WHERE q.is_enabled
            AND (q.available_from IS NULL OR q.available_from <= $1)
            AND (q.available_until IS NULL OR q.available_until > $1)
            AND ($2::text IS NULL OR q.currency = $2)
          ORDER BY q.position, q.id`,
        [now, currency],
      );
      return rows.map(normaliseQuest);
    },

    async questsByIds(ids: readonly string[]): Promise<QuestRow[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<QuestRow>(
        `SELECT ${QUEST_COLUMNS} FROM quests q WHERE q.id = ANY($1::bigint[])`,
        [ids],
      );
      return rows.map(normaliseQuest);
    },

    /** Tasks of the quests in order, with the slugs of the games and providers they name. */
    async tasksOf(questIds: readonly string[]): Promise<TaskRow[]> {
      if (questIds.length === 0) return [];
      return db.query<TaskRow>(
        `SELECT t.id::text AS id, t.quest_id::text AS quest_id, t.name, t.type,
                t.quantity::text AS quantity, t.min_bet::text AS min_bet, t.game_ids, t.provider_ids,
                coalesce((SELECT json_agg(json_build_object('slug', g.slug, 'title', g.title)
                                          ORDER BY g.position, g.id)
                            FROM games g WHERE g.id = ANY(t.game_ids)), '[]') AS games,
                coalesce((SELECT json_agg(json_build_object('slug', p.slug, 'name', p.name)
                                          ORDER BY p.position, p.id)
                            FROM game_providers p WHERE p.id = ANY(t.provider_ids)), '[]')
                  AS providers
           FROM quest_tasks t
          WHERE t.quest_id = ANY($1::bigint[])
          ORDER BY t.quest_id, t.position, t.id`,
        [questIds],
      );
    },

    async rewardsOf(questIds: readonly string[]): Promise<RewardRow[]> {
      if (questIds.length === 0) return [];
      return db.query<RewardRow>(
        `SELECT r.id::text AS id, r.quest_id::text AS quest_id, r.type, r.name,
                r.points::text AS points, r.bonus_id
           FROM quest_rewards r
          WHERE r.quest_id = ANY($1::bigint[])
          ORDER BY r.quest_id, r.position, r.id`,
        [questIds],
      );
    },

    /** The player's runs, newest first, in the given states (empty: any) and currency. */
    async playerQuests(
      playerId: string,
      states: readonly number[],
      currency: string | null,
    ): Promise<PlayerQuestRow[]> {
      const rows = await db.query<PlayerQuestRow>(
        `SELECT ${RUN_COLUMNS} FROM player_quests pq
          WHERE pq.player_id = $1
            AND (cardinality($2::smallint[]) = 0 OR pq.state = ANY($2::smallint[]))
            AND ($3::text IS NULL OR pq.currency = $3)
          ORDER BY pq.activated_at DESC, pq.id
          LIMIT 200`,
        [playerId, states, currency],
      );
      return rows.map(normaliseRun);
    },

    /** The latest run of each of the given quests by the player. */
    async latestRuns(playerId: string, questIds: readonly string[]): Promise<PlayerQuestRow[]> {
      if (questIds.length === 0) return [];
      const rows = await db.query<PlayerQuestRow>(
        `SELECT DISTINCT ON (pq.quest_id) ${RUN_COLUMNS} FROM player_quests pq
          WHERE pq.player_id = $1 AND pq.quest_id = ANY($2::bigint[])
          ORDER BY pq.quest_id, (pq.state = 2) DESC, pq.activated_at DESC`,
        [playerId, questIds],
      );
      return rows.map(normaliseRun);
    },

    async hasCompleted(playerId: string, questId: string): Promise<boolean> {
      const rows = await db.query(
        "SELECT 1 FROM player_quests WHERE player_id = $1 AND quest_id = $2 AND state = 3 LIMIT 1",
        [playerId, questId],
      );
      return rows.length > 0;
    },

    async runForUpdate(id: string, playerId: string): Promise<PlayerQuestRow | null> {
      const [row] = await db.query<PlayerQuestRow>(
        `SELECT ${RUN_COLUMNS} FROM player_quests pq WHERE pq.id = $1 AND pq.player_id = $2
          FOR UPDATE`,
        [id, playerId],
      );
      return row ? normaliseRun(row) : null;
    },

    async activeRun(playerId: string, questId: string): Promise<PlayerQuestRow | null> {
      const [row] = await db.query<PlayerQuestRow>(
        `SELECT ${RUN_COLUMNS} FROM player_quests pq
          WHERE pq.player_id = $1 AND pq.quest_id = $2 AND pq.state = 2`,
        [playerId, questId],
      );
      return row ? normaliseRun(row) : null;
    },

    /**
     * The active runs of the facts' players that any of them can count for (in a currency they
     * name, activated before the latest, not past due at the earliest; the caller checks each
     * fact), locked in id order: two nodes handling events of one player queue up, and two
     * dispatches lock the runs they share in the same order.
     */
    async activeRunsForUpdate(
      facts: readonly { playerId: string; currency: string | null; at: Date }[],
    ): Promise<PlayerQuestRow[]> {
      const times = facts.map((fact) => fact.at.getTime());
      const currencies = facts.some((fact) => fact.currency === null)
        ? null
        : [...new Set(facts.map((fact) => fact.currency!))];
      const rows = await db.query<PlayerQuestRow>(
        `SELECT ${RUN_COLUMNS} FROM player_quests pq
          WHERE pq.player_id = ANY($1::uuid[]) AND pq.state = 2
            AND ($2::text[] IS NULL OR pq.currency = ANY($2::text[]))
            AND pq.activated_at <= $3
            AND (pq.expires_at IS NULL OR pq.expires_at > $4)
          ORDER BY pq.id
          FOR UPDATE`,
        [
          [...new Set(facts.map((fact) => fact.playerId))],
          currencies,
          new Date(Math.max(...times)),
          new Date(Math.min(...times)),
        ],
      );
      return rows.map(normaliseRun);
    },

    async insertRun(run: {
      playerId: string;
      questId: string;
      currency: string;
      now: Date;
      expiresAt: Date | null;
    }): Promise<PlayerQuestRow> {
      const [row] = await db.query<PlayerQuestRow>(
        `INSERT INTO player_quests AS pq (player_id, quest_id, currency, state, activated_at,
           expires_at, updated_at)
         VALUES ($1, $2, $3, 2, $4, $5, $4)
         RETURNING ${RUN_COLUMNS}`,
        [run.playerId, run.questId, run.currency, run.now, run.expiresAt],
      );
      return normaliseRun(row!);
    },

    async insertTasks(
      runId: string,
      tasks: readonly {
        taskId: string;
        progress: bigint;
        lastDay: string | null;
        done: Date | null;
      }[],
    ): Promise<void> {
      if (tasks.length === 0) return;
      await db.query(
        `INSERT INTO player_quest_tasks (player_quest_id, task_id, progress, last_day, completed_at)
         SELECT $1, * FROM unnest($2::bigint[], $3::numeric[], $4::date[], $5::timestamptz[])`,
        [
          runId,
          tasks.map((task) => task.taskId),
          tasks.map((task) => task.progress.toString()),
          tasks.map((task) => task.lastDay),
          tasks.map((task) => task.done),
        ],
      );
    },

    async playerTasks(runIds: readonly string[]): Promise<PlayerTaskRow[]> {
      if (runIds.length === 0) return [];
      const rows = await db.query<PlayerTaskRow>(
        `SELECT player_quest_id::text AS player_quest_id, task_id::text AS task_id,
                progress::text AS progress, completed_at, last_day::text AS last_day
           FROM player_quest_tasks WHERE player_quest_id = ANY($1::uuid[])`,
        [runIds],
      );
      return rows.map((row) => ({ ...row, completed_at: dateOf(row.completed_at) }));
    },

    /** Writes the tasks' progress (one statement for a dispatch's changes). */
    async updateTasks(rows: readonly PlayerTaskRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.query(
        `UPDATE player_quest_tasks t
            SET progress = v.progress, last_day = v.last_day, completed_at = v.completed_at
           FROM unnest($1::uuid[], $2::bigint[], $3::numeric[], $4::date[], $5::timestamptz[])
                  AS v(player_quest_id, task_id, progress, last_day, completed_at)
          WHERE t.player_quest_id = v.player_quest_id AND t.task_id = v.task_id`,
        [
          rows.map((row) => row.player_quest_id),
          rows.map((row) => row.task_id),
          rows.map((row) => row.progress),
          rows.map((row) => row.last_day),
          rows.map((row) => row.completed_at),
        ],
      );
    },

    async setState(runId: string, state: number, now: Date): Promise<PlayerQuestRow> {
      const [row] = await db.query<PlayerQuestRow>(
        `UPDATE player_quests pq SET state = $2::smallint,
                ended_at = CASE WHEN $2::smallint = 2 THEN NULL ELSE $3::timestamptz END,
                updated_at = $3
          WHERE pq.id = $1 RETURNING ${RUN_COLUMNS}`,
        [runId, state, now],
      );
      return normaliseRun(row!);
    },

    /**
     * Active runs past their deadline or whose quest's window closed, locked (SKIP LOCKED: one
     * node takes each), with the state they end in: 6 when the window closed, else 5.
     */
    async dueForExpiry(now: Date, limit: number): Promise<{ id: string; state: number }[]> {
      const rows = await db.query<{ id: string; state: number }>(
        `SELECT pq.id::text AS id,
                CASE WHEN q.available_until IS NOT NULL AND q.available_until <= $1
                          AND (pq.expires_at IS NULL OR pq.expires_at >= q.available_until)
                     THEN 6 ELSE 5 END AS state
           FROM player_quests pq JOIN quests q ON q.id = pq.quest_id
          WHERE pq.state = 2
            AND ((pq.expires_at IS NOT NULL AND pq.expires_at <= $1)
                 OR (q.available_until IS NOT NULL AND q.available_until <= $1))
          ORDER BY pq.expires_at NULLS LAST, pq.id
          LIMIT $2
          FOR UPDATE OF pq SKIP LOCKED`,
        [now, limit],
      );
      return rows.map((row) => ({ id: row.id, state: Number(row.state) }));
    },

    async runById(id: string): Promise<PlayerQuestRow | null> {
      const [row] = await db.query<PlayerQuestRow>(
        `SELECT ${RUN_COLUMNS} FROM player_quests pq WHERE pq.id = $1`,
        [id],
      );
      return row ? normaliseRun(row) : null;
    },

    /** Records a reward of a completed run once; false when it was recorded before. */
    async recordReward(
      runId: string,
      rewardId: string,
      status: "granted" | "pending",
      now: Date,
    ): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO player_quest_rewards (player_quest_id, reward_id, status, created_at, granted_at)
         VALUES ($1, $2, $3::text, $4::timestamptz, CASE WHEN $3::text = 'granted' THEN $4::timestamptz END)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [runId, rewardId, status, now],
      );
      return rows.length > 0;
    },

    async playerTimeZone(playerId: string): Promise<string | null> {
      return (await playerTimeZones([playerId])).get(playerId) ?? null;
    },

    playerTimeZones,

    async lockPlayer(playerId: string): Promise<boolean> {
      const rows = await db.query("SELECT 1 FROM players WHERE id = $1 FOR UPDATE", [playerId]);
      return rows.length > 0;
    },

    /** One realtime event in the outbox (infra/event-outbox.ts), in this transaction. */
    async enqueueEvent(channel: string, payload: unknown, now: Date): Promise<void> {
      await enqueueRealtimeEvents(db, [{ channel, payload }], now);
    },

    async subunits(): Promise<Map<string, bigint>> {
      const rows = await db.query<{ code: string; subunit_to_unit: string }>(
        "SELECT code, subunit_to_unit::text AS subunit_to_unit FROM currencies",
      );
      return new Map(rows.map((row) => [row.code, BigInt(row.subunit_to_unit)]));
    },
  };
}

export type QuestRepository = ReturnType<typeof questRepository>;
