// The operator's currencies (/api/operator/currencies; migration 0041): add a currency, its rate
// to the base currency, symbol, display sub-units (mBTC), visibility in the pickers, order and
// switch. Every conversion reads the rate when it converts (bonus amounts given in the base
// currency, withdrawal approval thresholds, cashback views), so a new rate applies from the next
// one; amounts already converted (a bonus issued, a limit set) keep theirs. The base currency's
// rate is 1 and stays so. A code's minor units are fixed once made: accounts and the ledger hold
// amounts in them.
//
// A new currency starts switched off. Off means not offered: no new wallet account, no deposit
// method, not a player's first currency. What players already hold in it stays theirs: their
// accounts, play and withdrawals go on. The base currency and a country's default currency stay
// on. The switch takes the currency's row lock and a country's new default takes a share lock on
// it (operator-countries.ts), so the two cannot cross.
import type {
  CreateOperatorCurrencyBody,
  OperatorCurrency,
  PatchOperatorCurrencyBody,
} from "@casino/contract/operator";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  type FieldFail,
  fieldProblems,
  iso,
  recordOperatorChange,
  rethrowUnique,
} from "../../lib/operator-keys";

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
  sub_currencies: { code: string; subunitToUnit: string }[];
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT c.code, c.type, c.symbol, c.subunit_to_unit::text AS subunit_to_unit, c.rate::text AS rate,
         c.is_base, c.is_enabled, c.is_visible, c.position, c.updated_at,
         COALESCE((SELECT json_agg(json_build_object('code', s.code,
                                   'subunitToUnit', s.subunit_to_unit::text) ORDER BY s.code)
                     FROM sub_currencies s WHERE s.currency_code = c.code), '[]') AS sub_currencies
    FROM currencies c`;

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
    subCurrencies: row.sub_currencies,
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorCurrencies(ctx: AppContext): Promise<OperatorCurrency[]> {
  const rows = await ctx.db.query<CurrencyRow>(
    `${SELECT} ORDER BY c.type = 'crypto', c.position, c.code`,
  );
  return rows.map(toView);
}

/** GET /api/operator/currencies/{code}; 404 for an unknown code. */
export async function readOperatorCurrency(db: Queryable, code: string): Promise<OperatorCurrency> {
  const [row] = await db.query<CurrencyRow>(`${SELECT} WHERE c.code = $1`, [code]);
  if (!row) throw AppError.notFound("No currency with that code");
  return toView(row);
}

type SubCurrencies = NonNullable<PatchOperatorCurrencyBody["subCurrencies"]>;

/** A sub-unit is no finer than a minor unit, and each code appears once. */
function checkSubCurrencies(subs: SubCurrencies, subunitToUnit: string, fail: FieldFail): void {
  const seen = new Set<string>();
  subs.forEach((sub, index) => {
    if (BigInt(sub.subunitToUnit) > BigInt(subunitToUnit)) {
      fail(
        `subCurrencies.${index}.subunitToUnit`,
        `Must be at most the currency's subunitToUnit (${subunitToUnit})`,
      );
    }
    if (seen.has(sub.code)) fail(`subCurrencies.${index}.code`, "Appears twice");
    seen.add(sub.code);
  });
}

async function replaceSubCurrencies(
  tx: Queryable,
  code: string,
  subs: SubCurrencies,
): Promise<void> {
  await tx.query("DELETE FROM sub_currencies WHERE currency_code = $1", [code]);
  for (const sub of subs) {
    await tx.query(
      "INSERT INTO sub_currencies (currency_code, code, subunit_to_unit) VALUES ($1, $2, $3)",
      [code, sub.code, sub.subunitToUnit],
    );
  }
}

/** POST /api/operator/currencies: 201, switched off; a code taken is a 422. */
export async function createOperatorCurrency(
  ctx: AppContext,
  body: CreateOperatorCurrencyBody,
): Promise<OperatorCurrency> {
  const { fail, check } = fieldProblems();
  checkSubCurrencies(body.subCurrencies, body.subunitToUnit, fail);
  check();
  try {
    await ctx.db.transaction(async (tx) => {
      const [taken] = await tx.query("SELECT 1 FROM currencies WHERE code = $1", [body.code]);
      if (taken) throw AppError.unprocessable({ code: ["Already taken"] });
      await tx.query(
        `INSERT INTO currencies (code, type, symbol, subunit_to_unit, rate, is_base, is_enabled,
                                 is_visible, position, updated_at)
         VALUES ($1, $2, $3, $4::numeric, $5::numeric, false, false, $6, $7, $8)`,
        [
          body.code,
          body.type,
          body.symbol,
          body.subunitToUnit,
          body.rate,
          body.isVisible,
          body.position,
          ctx.now(),
        ],
      );
      await replaceSubCurrencies(tx, body.code, body.subCurrencies);
      await recordOperatorChange(tx, {
        kind: "currency",
        entityId: body.code,
        action: "create",
        changes: body,
        now: ctx.now(),
      });
    });
  } catch (error) {
    throw rethrowUnique(error);
  }
  return readOperatorCurrency(ctx.db, body.code);
}

/** The countries whose default currency `code` is. */
async function countriesDefaulting(tx: Queryable, code: string): Promise<string[]> {
  const rows = await tx.query<{ code: string }>(
    "SELECT code FROM countries WHERE currency = $1 ORDER BY code",
    [code],
  );
  return rows.map((row) => row.code);
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
    const { fail, check } = fieldProblems();
    if (current.isBase && patch.rate !== undefined && Number(patch.rate) !== 1) {
      fail("rate", "The base currency's rate is 1");
    }
    if (patch.isEnabled === false && current.isEnabled) {
      if (current.isBase) fail("isEnabled", "The base currency stays switched on");
      const countries = await countriesDefaulting(tx, code);
      if (countries.length > 0) {
        fail(
          "isEnabled",
          `The default currency of ${countries.join(", ")}: give them another default first`,
        );
      }
    }
    if (patch.subCurrencies) checkSubCurrencies(patch.subCurrencies, current.subunitToUnit, fail);
    check();
    const next = { ...current, ...patch };
    await tx.query(
      `UPDATE currencies SET rate = $2::numeric, symbol = $3, is_visible = $4, position = $5,
         is_enabled = $6, updated_at = $7 WHERE code = $1`,
      [code, next.rate, next.symbol, next.isVisible, next.position, next.isEnabled, ctx.now()],
    );
    if (patch.subCurrencies) await replaceSubCurrencies(tx, code, patch.subCurrencies);
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
