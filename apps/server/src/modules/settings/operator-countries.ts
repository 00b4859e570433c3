// The operator's countries (/api/operator/countries; migration 0047): where the site may be
// used (restrict with restrictType 1: the geo-restricted layout; 2: sign-in and sign-up refused,
// 11010), whether a country is listed in the pickers, and its default locale and currency. Sign-in
// and sign-up read the restriction at each request, so a change applies at once there;
// GET /api/settings/countries and /api/player/init may be cached briefly by clients.
import type { OperatorCountry, PatchOperatorCountryBody } from "@casino/contract/operator";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, iso, recordOperatorChange } from "../../lib/operator-keys";

interface CountryRow {
  code: string;
  name: string;
  locale: string | null;
  currency: string | null;
  phone_prefix: string;
  is_restricted: boolean;
  restrict_type: number | null;
  is_listed: boolean;
  updated_at: Date | string | null;
}

const SELECT = `SELECT code, name, locale, currency, phone_prefix, is_restricted, restrict_type,
                       is_listed, updated_at FROM countries`;

function toView(row: CountryRow): OperatorCountry {
  return {
    code: row.code,
    name: row.name,
    locale: row.locale,
    currency: row.currency,
    phonePrefix: row.phone_prefix,
    restrict: row.is_restricted,
    restrictType: row.restrict_type === null ? null : (Number(row.restrict_type) as 1 | 2),
    isListed: row.is_listed,
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorCountries(ctx: AppContext): Promise<OperatorCountry[]> {
  const rows = await ctx.db.query<CountryRow>(`${SELECT} ORDER BY code`);
  return rows.map(toView);
}

/** GET /api/operator/countries/{code}; 404 for an unknown code. */
export async function readOperatorCountry(db: Queryable, code: string): Promise<OperatorCountry> {
  const [row] = await db.query<CountryRow>(`${SELECT} WHERE code = $1`, [code]);
  if (!row) throw AppError.notFound("No country with that code");
  return toView(row);
}

/** PATCH /api/operator/countries/{code}: every problem at once (422 error.fields). */
export async function patchOperatorCountry(
  ctx: AppContext,
  code: string,
  patch: PatchOperatorCountryBody,
): Promise<OperatorCountry> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT code FROM countries WHERE code = $1 FOR UPDATE", [code]);
    const current = await readOperatorCountry(tx, code);
    // Lifting a restriction lifts its type with it.
    const next = {
      ...current,
      ...patch,
      ...(patch.restrict === false && patch.restrictType === undefined
        ? { restrictType: null }
        : {}),
    };
    const { fail, check } = fieldProblems();
    if (!next.restrict && next.restrictType !== null) {
      fail("restrictType", "Only a restricted country has a restriction type");
    }
    if (patch.currency) {
      // A share lock: switching the currency off (operator-currencies.ts) waits for this change,
      // or this one sees it off.
      const [known] = await tx.query(
        "SELECT 1 FROM currencies WHERE code = $1 AND is_enabled FOR SHARE",
        [patch.currency],
      );
      if (!known) fail("currency", "Unknown or switched-off currency");
    }
    if (patch.locale) {
      const [known] = await tx.query("SELECT 1 FROM locales WHERE code = $1", [patch.locale]);
      if (!known) fail("locale", "Unknown locale");
    }
    check();
    await tx.query(
      `UPDATE countries SET is_restricted = $2, restrict_type = $3, locale = $4, currency = $5,
         is_listed = $6, updated_at = $7 WHERE code = $1`,
      [
        code,
        next.restrict,
        next.restrictType,
        next.locale,
        next.currency,
        next.isListed,
        ctx.now(),
      ],
    );
    await recordOperatorChange(tx, {
      kind: "country",
      entityId: code,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorCountry(ctx.db, code);
}
