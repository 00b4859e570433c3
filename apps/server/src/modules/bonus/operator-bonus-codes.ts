// The operator's bonus codes (/api/operator/bonus-codes; BE-30). Codes are stored upper case.
// Disabling one (`isEnabled: false`) keeps its history: players who try it get status 4, not
// available, through the player API (POST /api/game/bonuses/bonuscodes); a stored trigger-3 code
// is found not available at the deposit.
import type {
  CreateOperatorBonusCodeBody,
  OperatorBonusCode,
  PatchOperatorBonusCodeBody,
} from "@casino/contract/operator";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { createOnce, iso, recordOperatorChange } from "../../lib/operator-keys";

interface CodeRow {
  id: number;
  code: string;
  bonus_id: number;
  bonus_slug: string;
  trigger: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  max_uses: number | null;
  uses: number;
  is_enabled: boolean;
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT c.id, c.code, c.bonus_id, b.slug AS bonus_slug, c.trigger, c.starts_at, c.ends_at,
         c.max_uses, c.uses, c.is_enabled, c.updated_at
    FROM bonus_codes c JOIN bonuses b ON b.id = c.bonus_id`;

function toView(row: CodeRow): OperatorBonusCode {
  return {
    id: Number(row.id),
    code: row.code,
    bonusId: Number(row.bonus_id),
    bonusSlug: row.bonus_slug,
    trigger: Number(row.trigger) as 1 | 3,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.uses),
    isEnabled: row.is_enabled,
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorBonusCodes(ctx: AppContext): Promise<OperatorBonusCode[]> {
  const rows = await ctx.db.query<CodeRow>(`${SELECT} ORDER BY c.id`);
  return rows.map(toView);
}

export async function readOperatorBonusCode(
  db: Queryable,
  id: number | string,
): Promise<OperatorBonusCode> {
  const [row] = await db.query<CodeRow>(`${SELECT} WHERE c.id = $1`, [Number(id)]);
  if (!row) throw AppError.notFound("No bonus code with that id");
  return toView(row);
}

interface CodeSettings {
  bonusId: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
}

async function checkSettings(
  tx: Queryable,
  settings: CodeSettings,
  fields: Record<string, string[]>,
) {
  const [bonus] = await tx.query<{ type: number }>("SELECT type FROM bonuses WHERE id = $1", [
    settings.bonusId,
  ]);
  if (!bonus) fields.bonusId = ["Unknown bonus"];
  if (
    settings.startsAt !== null &&
    settings.endsAt !== null &&
    new Date(settings.endsAt).getTime() <= new Date(settings.startsAt).getTime()
  ) {
    fields.endsAt = ["Must be after startsAt"];
  }
  if (Object.keys(fields).length > 0) throw AppError.unprocessable(fields);
}

/** POST /api/operator/bonus-codes. */
export async function createOperatorBonusCode(
  ctx: AppContext,
  body: CreateOperatorBonusCodeBody,
): Promise<{ data: OperatorBonusCode; replay: boolean }> {
  const now = ctx.now();
  const code = body.code.toUpperCase();
  return createOnce(ctx.db, {
    kind: "bonus-code",
    key: body.key,
    body,
    now,
    read: readOperatorBonusCode,
    create: async (tx) => {
      const fields: Record<string, string[]> = {};
      const taken = await tx.query("SELECT 1 FROM bonus_codes WHERE code = $1", [code]);
      if (taken.length > 0) fields.code = ["Already taken"];
      await checkSettings(tx, body, fields);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO bonus_codes (code, bonus_id, trigger, starts_at, ends_at, max_uses,
           is_enabled, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          code,
          body.bonusId,
          body.trigger,
          body.startsAt,
          body.endsAt,
          body.maxUses,
          body.isEnabled,
          now,
        ],
      );
      return row!.id;
    },
  });
}

/** PATCH /api/operator/bonus-codes/{id}: `{"isEnabled": false}` disables it. */
export async function patchOperatorBonusCode(
  ctx: AppContext,
  id: number,
  patch: PatchOperatorBonusCodeBody,
): Promise<OperatorBonusCode> {
  await ctx.db.transaction(async (tx) => {
    await tx.query("SELECT id FROM bonus_codes WHERE id = $1 FOR UPDATE", [id]);
    const current = await readOperatorBonusCode(tx, id);
    const next = { ...current, ...patch };
    await checkSettings(tx, next, {});
    await tx.query(
      `UPDATE bonus_codes SET bonus_id = $2, trigger = $3, starts_at = $4, ends_at = $5,
         max_uses = $6, is_enabled = $7, updated_at = $8
       WHERE id = $1`,
      [
        id,
        next.bonusId,
        next.trigger,
        next.startsAt,
        next.endsAt,
        next.maxUses,
        next.isEnabled,
        ctx.now(),
      ],
    );
    await recordOperatorChange(tx, {
      kind: "bonus-code",
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorBonusCode(ctx.db, id);
}
