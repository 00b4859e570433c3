// The operator's cashback (/api/operator/cashback; migration 0040): one configuration per
// currency, replaced as a whole by PUT. Payouts cover windows that start where the currency's
// last one ended (cashback.ts), so a change of the period pays no loss twice; a new
// configuration leaves a marker window at its creation, so it never pays for losses from before
// it existed. A change of percentage, amounts or bonus applies to the next payout.
import type { OperatorCashback, PutOperatorCashbackBody } from "@casino/contract/operator";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, iso, minorAmount, recordOperatorChange } from "../../lib/operator-keys";
import { trimDecimal } from "./definitions";

interface CashbackRow {
  currency: string;
  subunit_to_unit: string;
  percentage: string;
  period: OperatorCashback["period"];
  min_amount: string;
  max_amount: string | null;
  wager_multiplier: string;
  bonus: string | null;
  is_enabled: boolean;
  covered_until: Date | string | null;
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT c.currency, cu.subunit_to_unit::text AS subunit_to_unit, c.percentage::text AS percentage,
         c.period, c.min_amount::text AS min_amount, c.max_amount::text AS max_amount,
         c.wager_multiplier::text AS wager_multiplier, b.slug AS bonus, c.is_enabled,
         (SELECT max(w.ends_at) FROM cashback_windows w WHERE w.currency = c.currency)
           AS covered_until,
         c.updated_at
    FROM cashback_configs c
    JOIN currencies cu ON cu.code = c.currency
    LEFT JOIN bonuses b ON b.id = c.bonus_id`;

function toView(row: CashbackRow): OperatorCashback {
  const subunit = BigInt(row.subunit_to_unit);
  return {
    currency: row.currency,
    percentage: trimDecimal(row.percentage),
    period: row.period,
    minAmount: formatAmount(BigInt(row.min_amount), subunit),
    maxAmount: row.max_amount === null ? null : formatAmount(BigInt(row.max_amount), subunit),
    wagerMultiplier: trimDecimal(row.wager_multiplier),
    bonus: row.bonus,
    isEnabled: row.is_enabled,
    coveredUntil: iso(row.covered_until),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorCashback(ctx: AppContext): Promise<OperatorCashback[]> {
  const rows = await ctx.db.query<CashbackRow>(`${SELECT} ORDER BY c.currency`);
  return rows.map(toView);
}

async function readOperatorCashback(db: Queryable, currency: string): Promise<OperatorCashback> {
  const [row] = await db.query<CashbackRow>(`${SELECT} WHERE c.currency = $1`, [currency]);
  if (!row) throw AppError.notFound("No cashback for that currency");
  return toView(row);
}

/** PUT /api/operator/cashback/{currency}: creates (201) or replaces (200) the configuration. */
export async function putOperatorCashback(
  ctx: AppContext,
  currency: string,
  body: PutOperatorCashbackBody,
): Promise<{ data: OperatorCashback; created: boolean }> {
  const now = ctx.now();
  const created = await ctx.db.transaction(async (tx) => {
    const { fail, check } = fieldProblems();
    const [info] = await tx.query<{ subunit_to_unit: string }>(
      "SELECT subunit_to_unit::text FROM currencies WHERE code = $1",
      [currency],
    );
    if (!info) throw AppError.unprocessable({ currency: ["Unknown currency"] });
    const money = { code: currency, subunit: BigInt(info.subunit_to_unit) };
    const min = minorAmount(body.minAmount, money, "minAmount", fail, false);
    const max =
      body.maxAmount === null ? null : minorAmount(body.maxAmount, money, "maxAmount", fail);
    if (max !== null && min !== null && max < min) fail("maxAmount", "Must be at least minAmount");
    let bonusId: number | null = null;
    if (body.bonus !== null) {
      const [bonus] = await tx.query<{ id: number; type: number }>(
        "SELECT id, type FROM bonuses WHERE slug = $1",
        [body.bonus],
      );
      if (!bonus) fail("bonus", "Unknown bonus");
      else if (Number(bonus.type) !== 1) fail("bonus", "Must be a cash bonus (type 1)");
      bonusId = bonus?.id ?? null;
    }
    check();
    const [row] = await tx.query<{ inserted: boolean }>(
      `INSERT INTO cashback_configs (currency, percentage, period, min_amount, max_amount,
         wager_multiplier, bonus_id, is_enabled, updated_at)
       VALUES ($1, $2::numeric, $3, $4::numeric, $5::numeric, $6::numeric, $7, $8, $9)
       ON CONFLICT (currency) DO UPDATE SET percentage = EXCLUDED.percentage,
         period = EXCLUDED.period, min_amount = EXCLUDED.min_amount,
         max_amount = EXCLUDED.max_amount, wager_multiplier = EXCLUDED.wager_multiplier,
         bonus_id = EXCLUDED.bonus_id, is_enabled = EXCLUDED.is_enabled,
         updated_at = EXCLUDED.updated_at
       RETURNING (xmax = 0) AS inserted`,
      [
        currency,
        body.percentage,
        body.period,
        String(min ?? 0n),
        max === null ? null : String(max),
        body.wagerMultiplier,
        bonusId,
        body.isEnabled,
        now,
      ],
    );
    const inserted = row!.inserted;
    if (inserted) {
      // Covered until now: the first payout starts here, not at the period's start.
      await tx.query(
        `INSERT INTO cashback_windows (currency, starts_at, ends_at, pays, created_at)
         VALUES ($1, $2, $2, false, $2) ON CONFLICT (currency, ends_at) DO NOTHING`,
        [currency, now],
      );
    }
    await recordOperatorChange(tx, {
      kind: "cashback",
      entityId: currency,
      action: "put",
      changes: body,
      now,
    });
    return inserted;
  });
  return { data: await readOperatorCashback(ctx.db, currency), created };
}
