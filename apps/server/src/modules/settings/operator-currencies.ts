// The operator's currencies (/api/operator/currencies; migration 0041): exchange rates to the
// base currency, symbol, visibility in the pickers and order. Every conversion reads the rate
// when it converts (bonus amounts given in the base currency, withdrawal approval thresholds,
// cashback views), so a new rate applies from the next one; amounts already converted (a bonus
// issued, a limit set) keep theirs. The base currency's rate is 1 and stays so.
import type { OperatorCurrency, PatchOperatorCurrencyBody } from "@casino/contract/operator";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { iso, recordOperatorChange } from "../../lib/operator-keys";

interface CurrencyRow {
  code: string;
  type: "fiat" | "crypto";
  symbol: string;
  subunit_to_unit: string;
  rate: string;
  is_base: boolean;
  is_enabled: boolean;
  is_visible: boolean;
  position: number;
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT code, type, symbol, subunit_to_unit::text AS subunit_to_unit, rate::text AS rate,
         is_base, is_enabled, is_visible, position, updated_at
    FROM currencies`;

function toView(row: CurrencyRow): OperatorCurrency {
  return {
    code: row.code,
    type: row.type,
    symbol: row.symbol,
    subunitToUnit: row.subunit_to_unit,
    rate: row.rate,
    isBase: row.is_base,
    isEnabled: row.is_enabled,
    isVisible: row.is_visible,
    position: Number(row.position),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorCurrencies(ctx: AppContext): Promise<OperatorCurrency[]> {
  const rows = await ctx.db.query<CurrencyRow>(
    `${SELECT} ORDER BY type = 'crypto', position, code`,
  );
  return rows.map(toView);
}

async function readOperatorCurrency(db: Queryable, code: string): Promise<OperatorCurrency> {
  const [row] = await db.query<CurrencyRow>(`${SELECT} WHERE code = $1`, [code]);
  if (!row) throw AppError.notFound("No currency with that code");
  return toView(row);
}

/** PATCH /api/operator/currencies/{code}. */
export async function patchOperatorCurrency(
  ctx: AppContext,
  code: string,
  patch: PatchOperatorCurrencyBody,
): Promise<OperatorCurrency> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT code FROM currencies WHERE code = $1 FOR UPDATE", [code]);
    const current = await readOperatorCurrency(tx, code);
    if (current.isBase && patch.rate !== undefined && Number(patch.rate) !== 1) {
      throw AppError.unprocessable({ rate: ["The base currency's rate is 1"] });
    }
    const next = { ...current, ...patch };
    await tx.query(
      `UPDATE currencies SET rate = $2::numeric, symbol = $3, is_visible = $4, position = $5,
         updated_at = $6 WHERE code = $1`,
      [code, next.rate, next.symbol, next.isVisible, next.position, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "currency",
      entityId: code,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorCurrency(ctx.db, code);
}
