// The operator's loyalty programme (/api/operator/loyalty/levels, /earn-rules; migration 0039).
// Levels: a higher order needs more points (checked over all levels after each write, under a
// table lock so two writes cannot each pass alone). A player keeps a level they hold (levels only
// rise); a new or lowered threshold shows in their account at once and is stored with their next
// points. Earn rules apply to bets settled from the next dispatch on (the loyalty consumer reads
// them once per dispatch).
import type {
  CreateOperatorLoyaltyEarnRuleBody,
  CreateOperatorLoyaltyLevelBody,
  OperatorLoyaltyEarnRule,
  OperatorLoyaltyLevel,
  PatchOperatorLoyaltyEarnRuleBody,
  PatchOperatorLoyaltyLevelBody,
} from "@casino/contract/operator-loyalty";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  createOnce,
  type FieldFail,
  fieldProblems,
  iso,
  minorAmount,
  recordOperatorChange,
} from "../../lib/operator-keys";

// ---------------------------------------------------------------------------------------------
// Levels

interface LevelRow {
  id: string;
  level_order: number;
  name: string;
  points: string;
  description: string;
  image: string | null;
  players: string;
  updated_at: Date | string | null;
}

const LEVEL_SELECT = `
  SELECT l.id::text AS id, l.level_order, l.name, l.points::text AS points, l.description, l.image,
         l.updated_at,
         (SELECT count(*) FROM loyalty_accounts a WHERE a.level_id = l.id)::text AS players
    FROM loyalty_levels l`;

function levelView(row: LevelRow): OperatorLoyaltyLevel {
  return {
    id: row.id,
    levelOrder: Number(row.level_order),
    name: row.name,
    points: Number(row.points),
    description: row.description,
    image: row.image,
    players: Number(row.players),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorLevels(ctx: AppContext): Promise<OperatorLoyaltyLevel[]> {
  const rows = await ctx.db.query<LevelRow>(`${LEVEL_SELECT} ORDER BY l.level_order`);
  return rows.map(levelView);
}

export async function readOperatorLevel(
  db: Queryable,
  id: number | string,
): Promise<OperatorLoyaltyLevel> {
  if (!/^\d{1,18}$/.test(String(id))) throw AppError.notFound("No loyalty level with that id");
  const [row] = await db.query<LevelRow>(`${LEVEL_SELECT} WHERE l.id = $1::bigint`, [String(id)]);
  if (!row) throw AppError.notFound("No loyalty level with that id");
  return levelView(row);
}

type LevelSettings = Omit<CreateOperatorLoyaltyLevelBody, "key">;

/**
 * Every level write: under the table's lock, the order and threshold free, then (once written)
 * thresholds rising with the order. `selfId` is the level changed (null: a new one).
 */
async function writeLevel(
  tx: Queryable,
  selfId: string | null,
  next: LevelSettings,
  now: Date,
): Promise<string> {
  await tx.query("LOCK TABLE loyalty_levels IN SHARE ROW EXCLUSIVE MODE");
  const { fail, check } = fieldProblems();
  const others = await tx.query<{ id: string; level_order: number; points: string }>(
    "SELECT id::text AS id, level_order, points::text AS points FROM loyalty_levels",
  );
  const rest = others.filter((level) => level.id !== selfId);
  if (rest.some((level) => Number(level.level_order) === next.levelOrder)) {
    fail("levelOrder", "Another level has this order");
  }
  if (rest.some((level) => Number(level.points) === next.points)) {
    fail("points", "Another level needs exactly these points");
  }
  const below = rest.filter((level) => Number(level.level_order) < next.levelOrder);
  const above = rest.filter((level) => Number(level.level_order) > next.levelOrder);
  const floor = Math.max(-1, ...below.map((level) => Number(level.points)));
  const ceiling = Math.min(Number.POSITIVE_INFINITY, ...above.map((level) => Number(level.points)));
  if (next.points <= floor || next.points >= ceiling) {
    fail(
      "points",
      `A level's points must rise with its order: above ${floor < 0 ? "nothing" : floor}` +
        (Number.isFinite(ceiling) ? ` and below ${ceiling}` : ""),
    );
  }
  check();
  const values = [next.levelOrder, next.name, next.points, next.description, next.image, now];
  if (selfId === null) {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO loyalty_levels (level_order, name, points, description, image, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      values,
    );
    return row!.id;
  }
  await tx.query(
    `UPDATE loyalty_levels SET level_order = $1, name = $2, points = $3, description = $4,
       image = $5, updated_at = $6 WHERE id = $7::bigint`,
    [...values, selfId],
  );
  return selfId;
}

/** POST /api/operator/loyalty/levels. */
export function createOperatorLevel(
  ctx: AppContext,
  body: CreateOperatorLoyaltyLevelBody,
): Promise<{ data: OperatorLoyaltyLevel; replay: boolean }> {
  return createOnce(ctx.db, {
    kind: "loyalty-level",
    key: body.key,
    body,
    now: ctx.now(),
    read: readOperatorLevel,
    create: (tx) => writeLevel(tx, null, body, ctx.now()),
  });
}

/** PATCH /api/operator/loyalty/levels/{id}. */
export async function patchOperatorLevel(
  ctx: AppContext,
  id: string,
  patch: PatchOperatorLoyaltyLevelBody,
): Promise<OperatorLoyaltyLevel> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("LOCK TABLE loyalty_levels IN SHARE ROW EXCLUSIVE MODE");
    const current = await readOperatorLevel(tx, id);
    await writeLevel(tx, current.id, { ...current, ...patch }, ctx.now());
    await recordOperatorChange(tx, {
      kind: "loyalty-level",
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorLevel(ctx.db, id);
}

// ---------------------------------------------------------------------------------------------
// Earn rules

interface RuleRow {
  id: string;
  currency: string;
  subunit_to_unit: string;
  provider: string | null;
  game_type: string | null;
  wager_amount: string;
  points: number;
  is_enabled: boolean;
  updated_at: Date | string | null;
}

const RULE_SELECT = `
  SELECT r.id::text AS id, r.currency, c.subunit_to_unit::text AS subunit_to_unit,
         p.slug AS provider, r.game_type, r.wager_amount::text AS wager_amount, r.points,
         r.is_enabled, r.updated_at
    FROM loyalty_earn_rules r
    JOIN currencies c ON c.code = r.currency
    LEFT JOIN game_providers p ON p.id = r.provider_id`;

function ruleView(row: RuleRow): OperatorLoyaltyEarnRule {
  return {
    id: row.id,
    currency: row.currency,
    provider: row.provider,
    gameType: row.game_type,
    wagerAmount: formatAmount(BigInt(row.wager_amount), BigInt(row.subunit_to_unit)),
    points: Number(row.points),
    isEnabled: row.is_enabled,
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorEarnRules(ctx: AppContext): Promise<OperatorLoyaltyEarnRule[]> {
  const rows = await ctx.db.query<RuleRow>(
    `${RULE_SELECT} ORDER BY r.currency, r.provider_id NULLS FIRST, r.game_type NULLS FIRST, r.id`,
  );
  return rows.map(ruleView);
}

export async function readOperatorEarnRule(
  db: Queryable,
  id: number | string,
): Promise<OperatorLoyaltyEarnRule> {
  if (!/^\d{1,18}$/.test(String(id))) throw AppError.notFound("No earn rule with that id");
  const [row] = await db.query<RuleRow>(`${RULE_SELECT} WHERE r.id = $1::bigint`, [String(id)]);
  if (!row) throw AppError.notFound("No earn rule with that id");
  return ruleView(row);
}

/** The wager amount in minor units of the currency, above zero (or a problem of the field). */
async function wagerMinor(tx: Queryable, currency: string, value: string, fail: FieldFail) {
  const [info] = await tx.query<{ subunit_to_unit: string }>(
    "SELECT subunit_to_unit::text FROM currencies WHERE code = $1",
    [currency],
  );
  if (!info) {
    fail("currency", "Unknown currency");
    return null;
  }
  return minorAmount(
    value,
    { code: currency, subunit: BigInt(info.subunit_to_unit) },
    "wagerAmount",
    fail,
  );
}

/** POST /api/operator/loyalty/earn-rules: one rule per currency, provider and game type. */
export function createOperatorEarnRule(
  ctx: AppContext,
  body: CreateOperatorLoyaltyEarnRuleBody,
): Promise<{ data: OperatorLoyaltyEarnRule; replay: boolean }> {
  return createOnce(ctx.db, {
    kind: "loyalty-earn-rule",
    key: body.key,
    body,
    now: ctx.now(),
    read: readOperatorEarnRule,
    create: async (tx) => {
      const { fail, check } = fieldProblems();
      const wager = await wagerMinor(tx, body.currency, body.wagerAmount, fail);
      let providerId: number | null = null;
      if (body.provider !== null) {
        const [provider] = await tx.query<{ id: number }>(
          "SELECT id FROM game_providers WHERE slug = $1",
          [body.provider],
        );
        if (!provider) fail("provider", "Unknown provider");
        providerId = provider?.id ?? null;
      }
      if (body.gameType !== null) {
        const known = await tx.query("SELECT 1 FROM game_collections WHERE slug = $1", [
          body.gameType,
        ]);
        if (known.length === 0) fail("gameType", "Unknown game collection");
      }
      const [same] = await tx.query<{ id: string }>(
        `SELECT id::text AS id FROM loyalty_earn_rules
          WHERE currency = $1 AND coalesce(provider_id, 0) = coalesce($2::int, 0)
            AND coalesce(game_type, '') = coalesce($3::text, '')`,
        [body.currency, providerId, body.gameType],
      );
      if (same) {
        fail("currency", `Rule ${same.id} already covers this currency, provider and game type`);
      }
      check();
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO loyalty_earn_rules
           (currency, provider_id, game_type, wager_amount, points, is_enabled, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [
          body.currency,
          providerId,
          body.gameType,
          wager!.toString(),
          body.points,
          body.isEnabled,
          ctx.now(),
        ],
      );
      return row!.id;
    },
  });
}

/** PATCH /api/operator/loyalty/earn-rules/{id}. */
export async function patchOperatorEarnRule(
  ctx: AppContext,
  id: string,
  patch: PatchOperatorLoyaltyEarnRuleBody,
): Promise<OperatorLoyaltyEarnRule> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT id FROM loyalty_earn_rules WHERE id = $1::bigint FOR UPDATE", [id]);
    const next = { ...(await readOperatorEarnRule(tx, id)), ...patch };
    const { fail, check } = fieldProblems();
    const wager = await wagerMinor(tx, next.currency, next.wagerAmount, fail);
    check();
    await tx.query(
      `UPDATE loyalty_earn_rules SET wager_amount = $2, points = $3, is_enabled = $4,
         updated_at = $5 WHERE id = $1::bigint`,
      [id, wager!.toString(), next.points, next.isEnabled, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "loyalty-earn-rule",
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorEarnRule(ctx.db, id);
}
