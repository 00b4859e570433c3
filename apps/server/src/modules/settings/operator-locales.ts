// The operator's locales (/api/operator/locales; scope content; migration 0049): add a language,
// switch it on, order the picker and choose the default. A new locale has no texts of its own:
// players get the default locale's (content fallback) until the operator writes them through
// /api/operator/content/{locale}/... or a content folder is deployed for it. Locale writes lock
// every locale row first, so two changes of the default cannot cross. Audited.
import { existsSync } from "node:fs";
import path from "node:path";
import type {
  CreateOperatorLocaleBody,
  OperatorLocale,
  PatchOperatorLocaleBody,
} from "@casino/contract/operator-content";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, iso, recordOperatorChange, rethrowUnique } from "../../lib/operator-keys";

interface LocaleRow {
  code: string;
  name: string;
  is_default: boolean;
  is_enabled: boolean;
  position: number;
  updated_at: Date | string | null;
}

const SELECT = "SELECT code, name, is_default, is_enabled, position, updated_at FROM locales";

function toView(ctx: AppContext, row: LocaleRow): OperatorLocale {
  return {
    code: row.code,
    name: row.name,
    isDefault: row.is_default,
    isEnabled: row.is_enabled,
    position: Number(row.position),
    hasFolder: existsSync(path.join(ctx.config.contentDir, row.code)),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorLocales(ctx: AppContext): Promise<OperatorLocale[]> {
  const rows = await ctx.db.query<LocaleRow>(`${SELECT} ORDER BY position, code`);
  return rows.map((row) => toView(ctx, row));
}

async function readOperatorLocale(ctx: AppContext, db: Queryable, code: string) {
  const [row] = await db.query<LocaleRow>(`${SELECT} WHERE code = $1`, [code]);
  if (!row) throw AppError.notFound("No locale with that code");
  return toView(ctx, row);
}

/** Every locale row locked: locale writes run one after another. */
async function lockLocales(tx: Queryable): Promise<void> {
  await tx.query("SELECT code FROM locales ORDER BY code FOR UPDATE");
}

/** POST /api/operator/locales: 201; a code taken is a 422. */
export async function createOperatorLocale(
  ctx: AppContext,
  body: CreateOperatorLocaleBody,
): Promise<OperatorLocale> {
  try {
    await ctx.db.transaction(async (tx) => {
      await lockLocales(tx);
      const [taken] = await tx.query("SELECT 1 FROM locales WHERE code = $1", [body.code]);
      if (taken) throw AppError.unprocessable({ code: ["Already taken"] });
      await tx.query(
        `INSERT INTO locales (code, name, is_default, is_enabled, position, updated_at)
         VALUES ($1, $2, false, $3, $4, $5)`,
        [body.code, body.name, body.isEnabled, body.position, ctx.now()],
      );
      await recordOperatorChange(tx, {
        kind: "locale",
        entityId: body.code,
        action: "create",
        changes: body,
        now: ctx.now(),
      });
    });
  } catch (error) {
    throw rethrowUnique(error);
  }
  return readOperatorLocale(ctx, ctx.db, body.code);
}

/** PATCH /api/operator/locales/{code}: the default stays switched on, and there is always one. */
export async function patchOperatorLocale(
  ctx: AppContext,
  code: string,
  patch: PatchOperatorLocaleBody,
): Promise<OperatorLocale> {
  await ctx.db.transaction(async (tx) => {
    await lockLocales(tx);
    const current = await readOperatorLocale(ctx, tx, code);
    const next = { ...current, ...patch };
    const { fail, check } = fieldProblems();
    if (!next.isEnabled && next.isDefault) {
      fail(
        patch.isDefault ? "isDefault" : "isEnabled",
        "The default locale stays switched on: make another locale the default first",
      );
    }
    check();
    if (patch.isDefault && !current.isDefault) {
      await tx.query("UPDATE locales SET is_default = false, updated_at = $1 WHERE is_default", [
        ctx.now(),
      ]);
    }
    await tx.query(
      `UPDATE locales SET name = $2, is_enabled = $3, position = $4, is_default = $5,
         updated_at = $6 WHERE code = $1`,
      [code, next.name, next.isEnabled, next.position, next.isDefault, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "locale",
      entityId: code,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorLocale(ctx, ctx.db, code);
}
