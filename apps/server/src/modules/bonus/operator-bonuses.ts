// The operator's bonus definitions and game rules (/api/operator/bonuses; migration 0024 rows,
// updated_at from 0030). Every write checks the whole resulting definition first and answers
// 422 with error.fields (amounts per currency against the currency's subunit; unknown
// currencies, games and bonuses named by field). What a player bonus copies at issue (amount,
// wager total, max bet, expiry, package) stays as issued; game rules and the default
// contribution are read at each bet, so they apply to running bonuses too (README "Operator API").
import type {
  CreateOperatorBonusBody,
  OperatorBonus,
  PatchOperatorBonusBody,
  PutOperatorGameRuleBody,
} from "@casino/contract/operator";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  createOnce,
  type FieldFail,
  fieldProblems,
  iso,
  recordOperatorChange,
  rethrowUnique,
} from "../../lib/operator-keys";
import type { AmountItem, PerCurrency } from "./definitions";
import { type Currencies, loadCurrencies, trimDecimal } from "./definitions";
import { requireAdjustmentScope, withoutWagering } from "./operator-grant-rules";

/** The definition an operator writes: the create body without its key and identity. */
type Definition = Omit<CreateOperatorBonusBody, "key" | "slug">;

interface OperatorBonusRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  type: number;
  kind: OperatorBonus["kind"];
  package_id: number | null;
  package_position: number | null;
  assign_conditions: Record<string, unknown>;
  trigger_conditions: Record<string, unknown>;
  wager_multiplier: string;
  max_bet: PerCurrency | null;
  default_contribution: string;
  sport_contribution: string;
  sport_min_odds: string;
  expires_in_days: number;
  freespin_game: string | null;
  freespin_grants_url: string | null;
  freespin_game_on: boolean | null;
  freespin_bet: PerCurrency | null;
  freespin_winnings_bonus_id: number | null;
  auto_activate: boolean;
  is_enabled: boolean;
  position: number;
  updated_at: Date | string | null;
  game_rules: {
    game: string;
    game_title: string;
    contribution: string;
    is_restricted: boolean;
    updated_at: string | null;
  }[];
}

const SELECT = `
  SELECT b.id, b.slug, b.name, b.description, b.type, b.kind, b.package_id, b.package_position,
         b.assign_conditions, b.trigger_conditions, b.wager_multiplier::text AS wager_multiplier,
         b.max_bet, b.default_contribution::text AS default_contribution, b.expires_in_days,
         b.sport_contribution::text AS sport_contribution, b.sport_min_odds::text AS sport_min_odds,
         g.slug AS freespin_game, gp.free_spins_url AS freespin_grants_url,
         g.is_enabled AND gp.is_enabled AS freespin_game_on, b.freespin_bet, b.freespin_winnings_bonus_id, b.auto_activate,
         b.is_enabled, b.position, b.updated_at,
         coalesce((SELECT json_agg(json_build_object('game', rg.slug, 'game_title', rg.title,
                     'contribution', r.contribution::text, 'is_restricted', r.is_restricted,
                     'updated_at', r.updated_at) ORDER BY rg.slug)
                     FROM bonus_game_rules r JOIN games rg ON rg.id = r.game_id
                    WHERE r.bonus_id = b.id), '[]') AS game_rules
    FROM bonuses b LEFT JOIN games g ON g.id = b.freespin_game_id
    LEFT JOIN game_providers gp ON gp.id = g.provider_id`;

/** What an operator should know of a free-spins bonus's game (the bonus still saves). */
function warningsOf(row: OperatorBonusRow): string[] {
  if (row.freespin_game === null) return [];
  const warnings: string[] = [];
  if (row.freespin_grants_url === null) {
    warnings.push(
      "freespinGame: its provider takes no free-spin grants (no freeSpinsUrl), so the spins are only recorded",
    );
  }
  if (row.freespin_game_on === false) {
    warnings.push(
      "freespinGame: the game or its provider is switched off, so the spins cannot be played",
    );
  }
  return warnings;
}

/** JSON written by hand (seeds, SQL) as the exact shape of the contract. */
const items = (value: unknown): AmountItem[] =>
  Array.isArray(value)
    ? (value as Partial<AmountItem>[]).map((item) => ({
        currency: String(item.currency ?? ""),
        amount: String(item.amount ?? "0"),
      }))
    : [];
const text = (value: unknown): string | null =>
  value === null || value === undefined || value === "" ? null : String(value);
const perCurrencyView = (value: PerCurrency | null) =>
  value === null
    ? null
    : { items: items(value.items), baseCurrencyAmount: text(value.baseCurrencyAmount) };

function toView(row: OperatorBonusRow): OperatorBonus {
  const assign = row.assign_conditions ?? {};
  const trigger = row.trigger_conditions ?? {};
  const presets = (assign.presets ?? {}) as { quantity?: number | null };
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    type: row.type as 1 | 2 | 3,
    kind: row.kind,
    packageId: row.package_id,
    packagePosition: row.package_position,
    assignConditions: {
      amountItems: items(assign.amountItems),
      baseCurrencyAmount: text(assign.baseCurrencyAmount),
      maxAmountItems: items(assign.maxAmountItems),
      baseCurrencyMaxAmount: text(assign.baseCurrencyMaxAmount),
      depositPercentage: text(assign.depositPercentage),
      presets: { quantity: presets.quantity ?? null },
    },
    triggerConditions: {
      invoiceAmountItems: Array.isArray(trigger.invoiceAmountItems)
        ? (trigger.invoiceAmountItems as Record<string, unknown>[]).map((item) => ({
            currency: String(item.currency ?? ""),
            amountFrom: text(item.amountFrom),
            amountTo: text(item.amountTo),
          }))
        : [],
      baseCurrencyInvoiceAmountFrom: text(trigger.baseCurrencyInvoiceAmountFrom),
      baseCurrencyInvoiceAmountTo: text(trigger.baseCurrencyInvoiceAmountTo),
    },
    wagerMultiplier: trimDecimal(row.wager_multiplier),
    maxBet: perCurrencyView(row.max_bet),
    defaultContribution: trimDecimal(row.default_contribution),
    sportContribution: trimDecimal(row.sport_contribution),
    sportMinOdds: trimDecimal(row.sport_min_odds),
    expiresInDays: row.expires_in_days,
    freespinGame: row.freespin_game,
    freespinBet: perCurrencyView(row.freespin_bet),
    freespinWinningsBonusId: row.freespin_winnings_bonus_id,
    autoActivate: row.auto_activate,
    isEnabled: row.is_enabled,
    position: row.position,
    gameRules: (row.game_rules ?? []).map((rule) => ({
      game: rule.game,
      gameTitle: rule.game_title,
      contribution: trimDecimal(rule.contribution),
      isRestricted: rule.is_restricted,
      updatedAt: iso(rule.updated_at),
    })),
    warnings: warningsOf(row),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorBonuses(ctx: AppContext): Promise<OperatorBonus[]> {
  const rows = await ctx.db.query<OperatorBonusRow>(`${SELECT} ORDER BY b.position, b.id`);
  return rows.map(toView);
}

/** One bonus; 404 when there is none with that id. */
export async function readOperatorBonus(
  db: Queryable,
  id: number | string,
): Promise<OperatorBonus> {
  const [row] = await db.query<OperatorBonusRow>(`${SELECT} WHERE b.id = $1`, [Number(id)]);
  if (!row) throw AppError.notFound("No bonus with that id");
  return toView(row);
}

/** A checked decimal string of one currency as a comparable integer (its digits, point dropped). */
function minorOf(value: string): bigint {
  const [whole = "0", fraction = ""] = value.split(".");
  return BigInt(whole + fraction.padEnd(78, "0").slice(0, 78));
}

/** Amount checks against the currencies table; each returns the canonical text or null. */
function amounts(currencies: Currencies, fail: FieldFail) {
  const inCurrency = (value: string, code: string, field: string, positive: boolean) => {
    const info = currencies.of(code);
    if (!info) return null;
    const parsed = parseAmount(value, info.subunitToUnit);
    if (!parsed.ok) {
      fail(field, `Not a valid amount in ${code}`);
      return null;
    }
    if (positive && parsed.value <= 0n) {
      fail(field, "Must be above zero");
      return null;
    }
    return formatAmount(parsed.value, info.subunitToUnit);
  };
  const list = (list: readonly AmountItem[], field: string, positive: boolean) => {
    const seen = new Set<string>();
    return list.map((item, index) => {
      const at = `${field}.${index}`;
      if (!currencies.of(item.currency)) fail(`${at}.currency`, "Unknown currency");
      else if (seen.has(item.currency)) fail(`${at}.currency`, "Listed twice");
      seen.add(item.currency);
      const amount = inCurrency(item.amount, item.currency, `${at}.amount`, positive);
      return { currency: item.currency, amount: amount ?? item.amount };
    });
  };
  const base = (value: string | null, field: string, positive: boolean) =>
    value === null ? null : (inCurrency(value, currencies.base.code, field, positive) ?? value);
  return { inCurrency, list, base };
}

/** Checks a whole definition; returns the JSON columns as stored. Throws 422 with every problem. */
async function checkDefinition(
  tx: Queryable,
  def: Definition,
  type: 1 | 2 | 3,
  selfId: number | null,
  slug?: string,
) {
  const { fail, check } = fieldProblems();
  if (slug !== undefined) {
    const taken = await tx.query("SELECT 1 FROM bonuses WHERE slug = $1", [slug]);
    if (taken.length > 0) fail("slug", "Already taken");
  }
  const currencies = await loadCurrencies(tx);
  const money = amounts(currencies, fail);
  const assign = def.assignConditions;
  const assignConditions = {
    amountItems: money.list(assign.amountItems, "assignConditions.amountItems", true),
    baseCurrencyAmount: money.base(
      assign.baseCurrencyAmount,
      "assignConditions.baseCurrencyAmount",
      true,
    ),
    maxAmountItems: money.list(assign.maxAmountItems, "assignConditions.maxAmountItems", true),
    baseCurrencyMaxAmount: money.base(
      assign.baseCurrencyMaxAmount,
      "assignConditions.baseCurrencyMaxAmount",
      true,
    ),
    depositPercentage: assign.depositPercentage,
    presets: { quantity: assign.presets.quantity },
  };
  const hasAmount = assign.amountItems.length > 0 || assign.baseCurrencyAmount !== null;
  if (type === 1 && def.kind !== "reward" && !hasAmount) {
    fail("assignConditions.amountItems", "A cash bonus needs an amount (or baseCurrencyAmount)");
  }
  if (type === 2) {
    const percent = Number(assign.depositPercentage ?? "0");
    if (!(percent > 0))
      fail("assignConditions.depositPercentage", "Required above zero for type 2");
  }
  if (type === 3 && assign.presets.quantity === null) {
    fail("assignConditions.presets.quantity", "Required for free spins (type 3)");
  }

  const trigger = def.triggerConditions;
  const seen = new Set<string>();
  const invoiceAmountItems = trigger.invoiceAmountItems.map((item, index) => {
    const at = `triggerConditions.invoiceAmountItems.${index}`;
    if (!currencies.of(item.currency)) fail(`${at}.currency`, "Unknown currency");
    else if (seen.has(item.currency)) fail(`${at}.currency`, "Listed twice");
    seen.add(item.currency);
    const from =
      item.amountFrom === null
        ? null
        : money.inCurrency(item.amountFrom, item.currency, `${at}.amountFrom`, false);
    const to =
      item.amountTo === null
        ? null
        : money.inCurrency(item.amountTo, item.currency, `${at}.amountTo`, true);
    if (from !== null && to !== null && minorOf(from) > minorOf(to)) {
      fail(`${at}.amountTo`, "Must not be below amountFrom");
    }
    return {
      currency: item.currency,
      amountFrom: from ?? item.amountFrom,
      amountTo: to ?? item.amountTo,
    };
  });
  const baseFrom = money.base(
    trigger.baseCurrencyInvoiceAmountFrom,
    "triggerConditions.baseCurrencyInvoiceAmountFrom",
    false,
  );
  const baseTo = money.base(
    trigger.baseCurrencyInvoiceAmountTo,
    "triggerConditions.baseCurrencyInvoiceAmountTo",
    true,
  );
  if (baseFrom !== null && baseTo !== null && minorOf(baseFrom) > minorOf(baseTo)) {
    fail("triggerConditions.baseCurrencyInvoiceAmountTo", "Must not be below the amount from");
  }

  const perCurrency = (value: Definition["maxBet"], field: string) =>
    value === null
      ? null
      : {
          items: money.list(value.items, `${field}.items`, true),
          baseCurrencyAmount: money.base(
            value.baseCurrencyAmount,
            `${field}.baseCurrencyAmount`,
            true,
          ),
        };
  const maxBet = perCurrency(def.maxBet, "maxBet");
  const freespinBet = perCurrency(def.freespinBet, "freespinBet");
  if (Number(def.defaultContribution) > 100) {
    fail("defaultContribution", "Must be between 0 and 100");
  }
  if (Number(def.sportContribution) > 100) {
    fail("sportContribution", "Must be between 0 and 100");
  }

  let freespinGameId: number | null = null;
  if (def.freespinGame !== null) {
    const [game] = await tx.query<{ id: number }>("SELECT id FROM games WHERE slug = $1", [
      def.freespinGame,
    ]);
    if (!game) fail("freespinGame", "Unknown game");
    freespinGameId = game?.id ?? null;
  }
  if (type === 3) {
    if (def.freespinGame === null) fail("freespinGame", "Required for free spins (type 3)");
    if (def.freespinBet === null) fail("freespinBet", "Required for free spins (type 3)");
  }
  if (def.freespinWinningsBonusId !== null) {
    const [winnings] = await tx.query<{ type: number }>("SELECT type FROM bonuses WHERE id = $1", [
      def.freespinWinningsBonusId,
    ]);
    if (!winnings || def.freespinWinningsBonusId === selfId) {
      fail("freespinWinningsBonusId", "Unknown bonus");
    } else if (Number(winnings.type) === 3) {
      fail("freespinWinningsBonusId", "Must be a cash or percent bonus, not free spins");
    }
  }
  check();
  return {
    assignConditions: JSON.stringify(assignConditions),
    triggerConditions: JSON.stringify({
      invoiceAmountItems,
      baseCurrencyInvoiceAmountFrom: baseFrom,
      baseCurrencyInvoiceAmountTo: baseTo,
    }),
    maxBet: maxBet === null ? null : JSON.stringify(maxBet),
    freespinBet: freespinBet === null ? null : JSON.stringify(freespinBet),
    freespinGameId,
  };
}

/** POST /api/operator/bonuses. */
export async function createOperatorBonus(
  ctx: AppContext,
  body: CreateOperatorBonusBody,
): Promise<{ data: OperatorBonus; replay: boolean }> {
  const now = ctx.now();
  return createOnce(ctx.db, {
    kind: "bonus",
    key: body.key,
    body,
    now,
    read: readOperatorBonus,
    create: async (tx) => {
      // A money bonus without wagering is withdrawable money: the payments desk's too (issue 24).
      if (withoutWagering({ type: body.type, wagerMultiplier: body.wagerMultiplier })) {
        requireAdjustmentScope("A bonus");
      }
      const columns = await checkDefinition(tx, body, body.type, null, body.slug);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO bonuses (slug, name, description, type, kind, assign_conditions,
           trigger_conditions, wager_multiplier, max_bet, default_contribution, expires_in_days,
           freespin_game_id, freespin_bet, freespin_winnings_bonus_id, auto_activate, is_enabled,
           position, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::numeric, $9::jsonb, $10::numeric,
                 $11, $12, $13::jsonb, $14, $15, $16, $17, $18)
         RETURNING id`,
        [
          body.slug,
          body.name,
          body.description,
          body.type,
          body.kind,
          columns.assignConditions,
          columns.triggerConditions,
          body.wagerMultiplier,
          columns.maxBet,
          body.defaultContribution,
          body.expiresInDays,
          columns.freespinGameId,
          columns.freespinBet,
          body.freespinWinningsBonusId,
          body.autoActivate,
          body.isEnabled,
          body.position,
          now,
        ],
      );
      await writeSportRules(tx, row!.id, body);
      return row!.id;
    },
  });
}

/** The sport wagering rules (migration 0080), written beside the definition's row. */
async function writeSportRules(
  tx: Queryable,
  id: number,
  def: Pick<Definition, "sportContribution" | "sportMinOdds">,
): Promise<void> {
  await tx.query(
    "UPDATE bonuses SET sport_contribution = $2::numeric, sport_min_odds = $3::numeric WHERE id = $1",
    [id, def.sportContribution, def.sportMinOdds],
  );
}

/** PATCH /api/operator/bonuses/{id}: the fields given; `isEnabled: false` switches it off. */
export async function patchOperatorBonus(
  ctx: AppContext,
  id: number,
  patch: PatchOperatorBonusBody,
): Promise<OperatorBonus> {
  await ctx.db
    .transaction(async (tx) => {
      await tx.query("SELECT id FROM bonuses WHERE id = $1 FOR UPDATE", [id]);
      const current = await readOperatorBonus(tx, id);
      const def: Definition = { ...current, ...patch };
      if (current.packageId !== null && def.kind !== "deposit") {
        throw AppError.unprocessable({
          kind: [
            "A step of a bonus package stays a deposit bonus; take it out of the package first",
          ],
        });
      }
      // A money bonus without wagering stays the payments desk's too (issue 24), except to
      // switch it off.
      const switchOffOnly = Object.keys(patch).every((field) => field === "isEnabled");
      const zeroWager = withoutWagering({
        type: current.type,
        wagerMultiplier: String(def.wagerMultiplier),
      });
      if (zeroWager && !(switchOffOnly && patch.isEnabled === false)) {
        requireAdjustmentScope("A bonus");
      }
      const columns = await checkDefinition(tx, def, current.type, id);
      await tx.query(
        `UPDATE bonuses SET name = $2, description = $3, kind = $4, assign_conditions = $5::jsonb,
           trigger_conditions = $6::jsonb, wager_multiplier = $7::numeric, max_bet = $8::jsonb,
           default_contribution = $9::numeric, expires_in_days = $10, freespin_game_id = $11,
           freespin_bet = $12::jsonb, freespin_winnings_bonus_id = $13, auto_activate = $14,
           is_enabled = $15, position = $16, updated_at = $17
         WHERE id = $1`,
        [
          id,
          def.name,
          def.description,
          def.kind,
          columns.assignConditions,
          columns.triggerConditions,
          def.wagerMultiplier,
          columns.maxBet,
          def.defaultContribution,
          def.expiresInDays,
          columns.freespinGameId,
          columns.freespinBet,
          def.freespinWinningsBonusId,
          def.autoActivate,
          def.isEnabled,
          def.position,
          ctx.now(),
        ],
      );
      await writeSportRules(tx, id, def);
      await recordOperatorChange(tx, {
        kind: "bonus",
        entityId: id,
        action: "update",
        changes: patch,
        now: ctx.now(),
      });
    })
    .catch((error: unknown) => {
      throw rethrowUnique(error);
    });
  return readOperatorBonus(ctx.db, id);
}

/** The game of a rule by slug: 404 for an unknown bonus, 422 (field game) for an unknown game. */
async function ruleTarget(tx: Queryable, bonusId: number, game: string) {
  await readOperatorBonus(tx, bonusId);
  const [row] = await tx.query<{ id: number }>("SELECT id FROM games WHERE slug = $1", [game]);
  if (!row) throw AppError.unprocessable({ game: ["Unknown game"] });
  return row.id;
}

/** PUT /api/operator/bonuses/{id}/game-rules/{game}: the game's contribution and restriction. */
export async function putGameRule(
  ctx: AppContext,
  bonusId: number,
  game: string,
  body: PutOperatorGameRuleBody,
): Promise<OperatorBonus> {
  if (Number(body.contribution) > 100) {
    throw AppError.unprocessable({ contribution: ["Must be between 0 and 100"] });
  }
  await ctx.db.transaction(async (tx) => {
    const gameId = await ruleTarget(tx, bonusId, game);
    await tx.query(
      `INSERT INTO bonus_game_rules (bonus_id, game_id, contribution, is_restricted, updated_at)
       VALUES ($1, $2, $3::numeric, $4, $5)
       ON CONFLICT (bonus_id, game_id) DO UPDATE
         SET contribution = EXCLUDED.contribution, is_restricted = EXCLUDED.is_restricted,
             updated_at = EXCLUDED.updated_at`,
      [bonusId, gameId, body.contribution, body.isRestricted, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "bonus-game-rule",
      entityId: `${bonusId}:${game}`,
      action: "put",
      changes: body,
      now: ctx.now(),
    });
  });
  return readOperatorBonus(ctx.db, bonusId);
}

/** DELETE /api/operator/bonuses/{id}/game-rules/{game}: the game counts as the default again. */
export async function deleteGameRule(
  ctx: AppContext,
  bonusId: number,
  game: string,
): Promise<OperatorBonus> {
  await ctx.db.transaction(async (tx) => {
    const gameId = await ruleTarget(tx, bonusId, game);
    const deleted = await tx.query(
      "DELETE FROM bonus_game_rules WHERE bonus_id = $1 AND game_id = $2 RETURNING game_id",
      [bonusId, gameId],
    );
    if (deleted.length === 0) throw AppError.notFound("This bonus has no rule for that game");
    await tx.query("UPDATE bonuses SET updated_at = $2 WHERE id = $1", [bonusId, ctx.now()]);
    await recordOperatorChange(tx, {
      kind: "bonus-game-rule",
      entityId: `${bonusId}:${game}`,
      action: "delete",
      changes: {},
      now: ctx.now(),
    });
  });
  return readOperatorBonus(ctx.db, bonusId);
}
