// The operator API's audit trail (GET /api/operator/changes): every operator write, newest
// first, with what it changed and which key made it (operator_changes; migrations 0030, 0045).
import type {
  OperatorChange,
  OperatorChangeList,
  OperatorChangeQuery,
} from "@casino/contract/operator-access";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { iso } from "../../lib/operator-keys";

interface ChangeRow {
  id: string | number;
  kind: string;
  entity_id: string;
  action: OperatorChange["action"];
  changes: Record<string, unknown> | string;
  actor: string | null;
  actor_key_id: number | null;
  created_at: Date | string;
}

export async function listOperatorChanges(
  ctx: AppContext,
  query: OperatorChangeQuery,
): Promise<z.infer<typeof OperatorChangeList>> {
  const where = `WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR entity_id = $2)
                   AND ($3::int IS NULL OR actor_key_id = $3)`;
  const filters = [query.kind ?? null, query.entityId ?? null, query.actorKeyId ?? null];
  const rows = await ctx.db.query<ChangeRow>(
    `SELECT id, kind, entity_id, action, changes, actor, actor_key_id, created_at
       FROM operator_changes ${where}
      ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...filters, query.perPage, (query.page - 1) * query.perPage],
  );
  const [count] = await ctx.db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM operator_changes ${where}`,
    filters,
  );
  const total = Number(count?.total ?? 0);
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      entityId: row.entity_id,
      action: row.action,
      changes: typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes,
      actor: row.actor,
      actorKeyId: row.actor_key_id === null ? null : Number(row.actor_key_id),
      createdAt: iso(row.created_at)!,
    })),
    meta: { page: query.page, perPage: query.perPage, total },
  };
}
