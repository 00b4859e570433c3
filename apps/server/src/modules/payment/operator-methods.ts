// The operator's payment methods (/api/operator/payment-methods; migration 0042): title, logo,
// the countries that see a method, order, the switch, and each currency's limits and presets.
// Methods are read fresh at every list and every new invoice, so a change applies to the next
// one; invoices already made keep their method and amount. The processor, the form fields and
// which currencies a method takes follow the processor's integration (seed and deployment).
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

async function readOperatorMethod(db: Queryable, id: string): Promise<OperatorPaymentMethod> {
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

/**
 * PUT /api/operator/payment-methods/{id}/currencies/{currency}: the limits and presets of a
 * currency the method takes (404 for one it does not: adding a currency is the processor's).
 */
export async function putOperatorMethodCurrency(
  ctx: AppContext,
  id: string,
  currency: string,
  body: PutOperatorMethodCurrencyBody,
): Promise<OperatorPaymentMethod> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ subunit: string }>(
      `SELECT cu.subunit_to_unit::text AS subunit
         FROM payment_method_currencies c JOIN currencies cu ON cu.code = c.currency
        WHERE c.method_id = $1::bigint AND c.currency = $2 FOR UPDATE OF c`,
      [id, currency],
    );
    if (!row) throw AppError.notFound("The method does not take that currency");
    const money = { code: currency, subunit: BigInt(row.subunit) };
    const { fail, check } = fieldProblems();
    const minor = (value: string, field: string) => minorAmount(value, money, field, fail);
    const min = minor(body.amountMin, "amountMin");
    const max = minor(body.amountMax, "amountMax");
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
      `UPDATE payment_method_currencies SET amount_min = $3, amount_max = $4, presets = $5::jsonb
        WHERE method_id = $1::bigint AND currency = $2`,
      [id, currency, String(min), String(max), JSON.stringify(presets)],
    );
    await tx.query("UPDATE payment_methods SET updated_at = $2 WHERE id = $1::bigint", [
      id,
      ctx.now(),
    ]);
    await recordOperatorChange(tx, {
      kind: "payment-method-currency",
      entityId: `${id}:${currency}`,
      action: "put",
      changes: body,
      now: ctx.now(),
    });
  });
  return readOperatorMethod(ctx.db, id);
}
