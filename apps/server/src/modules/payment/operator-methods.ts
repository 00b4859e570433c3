// The operator's payment methods (/api/operator/payment-methods; migration 0042): title, logo,
// the countries that see a method, order, the switch, and each currency's limits and presets.
// Methods are read fresh at every list and every new invoice, so a change applies to the next
// one; invoices already made keep their method and amount. The processor and the form fields
// follow the processor's integration (seed and deployment); a method takes a new currency when
// its processor's adapter says it takes it (PaymentProcessor.takesCurrency).
import type {
  OperatorPaymentMethod,
  PatchOperatorPaymentMethodBody,
  PutOperatorMethodCurrencyBody,
} from "@casino/contract/operator";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  checkCountries,
  fieldProblems,
  iso,
  minorAmount,
  recordOperatorChange,
} from "../../lib/operator-keys";
import type { PaymentProcessor } from "./processor";

interface MethodRow {
  id: string;
  direction: "deposit" | "withdrawal";
  method: string;
  title: string;
  type: "form" | "address";
  processing_type: string;
  processor: string;
  logo: string | null;
  countries: string[] | null;
  excluded_countries: string[];
  position: number;
  is_enabled: boolean;
  updated_at: Date | string | null;
  currencies: {
    currency: string;
    subunit: string;
    amount_min: string;
    amount_max: string;
    presets: { amount: string; default?: boolean }[];
  }[];
  fields: string[];
}

const SELECT = `
  SELECT m.id::text AS id, m.direction, m.method, m.title, m.type, m.processing_type,
         m.processor, m.logo, m.countries, m.excluded_countries, m.position, m.is_enabled,
         m.updated_at,
         COALESCE((SELECT jsonb_agg(jsonb_build_object(
                     'currency', c.currency, 'subunit', cu.subunit_to_unit::text,
                     'amount_min', c.amount_min::text, 'amount_max', c.amount_max::text,
                     'presets', c.presets) ORDER BY c.currency)
                     FROM payment_method_currencies c JOIN currencies cu ON cu.code = c.currency
                    WHERE c.method_id = m.id), '[]') AS currencies,
         ARRAY(SELECT f.key FROM payment_method_fields f WHERE f.method_id = m.id
                ORDER BY f.position, f.key) AS fields
    FROM payment_methods m`;

function toView(row: MethodRow): OperatorPaymentMethod {
  return {
    id: row.id,
    direction: row.direction,
    method: row.method,
    title: row.title,
    type: row.type,
    processingType: row.processing_type,
    processor: row.processor,
    logo: row.logo,
    countries: row.countries,
    excludedCountries: row.excluded_countries,
    position: Number(row.position),
    isEnabled: row.is_enabled,
    currencies: row.currencies.map((item) => {
      const subunit = BigInt(item.subunit);
      const major = (minor: string) => formatAmount(BigInt(minor), subunit);
      return {
        currency: item.currency,
        amountMin: major(item.amount_min),
        amountMax: major(item.amount_max),
        presets: item.presets.map((preset) => ({
          amount: major(String(preset.amount)),
          default: preset.default === true,
        })),
      };
    }),
    fields: row.fields,
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorMethods(ctx: AppContext): Promise<OperatorPaymentMethod[]> {
  const rows = await ctx.db.query<MethodRow>(`${SELECT} ORDER BY m.direction, m.position, m.id`);
  return rows.map(toView);
}

/** GET /api/operator/payment-methods/{id}; 404 for an unknown id. */
export async function readOperatorMethod(
  db: Queryable,
  id: string,
): Promise<OperatorPaymentMethod> {
  const [row] = await db.query<MethodRow>(`${SELECT} WHERE m.id = $1::bigint`, [id]);
  if (!row) throw AppError.notFound("No payment method with that id");
  return toView(row);
}

/** PATCH /api/operator/payment-methods/{id}. */
export async function patchOperatorMethod(
  ctx: AppContext,
  id: string,
  patch: PatchOperatorPaymentMethodBody,
): Promise<OperatorPaymentMethod> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT id FROM payment_methods WHERE id = $1::bigint FOR UPDATE", [id]);
    const next = { ...(await readOperatorMethod(tx, id)), ...patch };
    const { fail, check } = fieldProblems();
    const countries =
      next.countries === null ? null : await checkCountries(tx, next.countries, "countries", fail);
    const excluded = await checkCountries(tx, next.excludedCountries, "excludedCountries", fail);
    check();
    await tx.query(
      `UPDATE payment_methods SET title = $2, logo = $3, countries = $4::text[],
         excluded_countries = $5::text[], position = $6, is_enabled = $7, updated_at = $8
       WHERE id = $1::bigint`,
      [id, next.title, next.logo, countries, excluded, next.position, next.isEnabled, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "payment-method",
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorMethod(ctx.db, id);
}

/** A method's currency changed: the method's updated_at and the audit row. */
async function currencyChanged(
  ctx: AppContext,
  tx: Queryable,
  id: string,
  currency: string,
  action: "create" | "put" | "delete",
  changes: object,
): Promise<void> {
  await tx.query("UPDATE payment_methods SET updated_at = $2 WHERE id = $1::bigint", [
    id,
    ctx.now(),
  ]);
  await recordOperatorChange(tx, {
    kind: "payment-method-currency",
    entityId: `${id}:${currency}`,
    action,
    changes,
    now: ctx.now(),
  });
}

/**
 * PUT /api/operator/payment-methods/{id}/currencies/{currency}: the limits and presets of a
 * currency of the method. A currency the method does not take yet is added when the method's
 * processor takes it (422 otherwise); an address method's currencies are its networks' coins, so
 * they stay deployment data. A switched-off currency may be given limits before it is switched on.
 */
export async function putOperatorMethodCurrency(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  id: string,
  currency: string,
  body: PutOperatorMethodCurrencyBody,
): Promise<OperatorPaymentMethod> {
  await ctx.db.transaction(async (tx) => {
    const [method] = await tx.query<{ type: string; processor: string }>(
      "SELECT type, processor FROM payment_methods WHERE id = $1::bigint FOR UPDATE",
      [id],
    );
    if (!method) throw AppError.notFound("No payment method with that id");
    const [known] = await tx.query<{ subunit: string; type: "fiat" | "crypto"; taken: boolean }>(
      `SELECT cu.subunit_to_unit::text AS subunit, cu.type,
              EXISTS (SELECT 1 FROM payment_method_currencies c
                       WHERE c.method_id = $1::bigint AND c.currency = cu.code) AS taken
         FROM currencies cu WHERE cu.code = $2`,
      [id, currency],
    );
    if (!known) throw AppError.notFound("No currency with that code");
    if (!known.taken) {
      const processor = processors.get(method.processor);
      const refusal =
        method.type === "address"
          ? "An address method takes its networks' coins; they are deployment data"
          : !processor
            ? `The processor "${method.processor}" is not set up here`
            : !processor.takesCurrency({ code: currency, type: known.type })
              ? `The processor "${method.processor}" does not take ${currency}`
              : null;
      if (refusal) throw AppError.unprocessable({ currency: [refusal] });
    }
    const money = { code: currency, subunit: BigInt(known.subunit) };
    const { fail, check } = fieldProblems();
    const minor = (value: string, field: string) => minorAmount(value, money, field, fail);
    const min = minor(body.amountMin, "amountMin");
    const max = minor(body.amountMax, "amountMax");
    if (min !== null && min <= 0n) fail("amountMin", "Must be above zero");
    if (min !== null && max !== null && max < min) fail("amountMax", "Must be at least amountMin");
    const presets = body.presets.map((preset, index) => {
      const amount = minor(preset.amount, `presets.${index}.amount`);
      if (amount !== null && min !== null && max !== null && (amount < min || amount > max)) {
        fail(`presets.${index}.amount`, "Must be within amountMin and amountMax");
      }
      return { amount: String(amount ?? 0n), default: preset.default };
    });
    if (body.presets.filter((preset) => preset.default).length > 1) {
      fail("presets", "At most one preset is the default");
    }
    check();
    await tx.query(
      `INSERT INTO payment_method_currencies (method_id, currency, amount_min, amount_max, presets)
       VALUES ($1::bigint, $2, $3, $4, $5::jsonb)
       ON CONFLICT (method_id, currency)
       DO UPDATE SET amount_min = EXCLUDED.amount_min, amount_max = EXCLUDED.amount_max,
                     presets = EXCLUDED.presets`,
      [id, currency, String(min), String(max), JSON.stringify(presets)],
    );
    await currencyChanged(ctx, tx, id, currency, known.taken ? "put" : "create", body);
  });
  return readOperatorMethod(ctx.db, id);
}

/**
 * DELETE /api/operator/payment-methods/{id}/currencies/{currency}: the method stops taking the
 * currency (404 when it does not). Invoices already made in it go on: they keep their amount and
 * method, and their processor still reports on them.
 */
export async function deleteOperatorMethodCurrency(
  ctx: AppContext,
  id: string,
  currency: string,
): Promise<OperatorPaymentMethod> {
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx.query(
      `DELETE FROM payment_method_currencies WHERE method_id = $1::bigint AND currency = $2
       RETURNING currency`,
      [id, currency],
    );
    if (deleted.length === 0) throw AppError.notFound("The method does not take that currency");
    await currencyChanged(ctx, tx, id, currency, "delete", {});
  });
  return readOperatorMethod(ctx.db, id);
}
