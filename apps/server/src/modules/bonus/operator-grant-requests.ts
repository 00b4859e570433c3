// Operator bonus grants that wait for a second operator (issue 24; migration 0056): a grant worth
// more than OPERATOR_GRANT_APPROVAL_ABOVE is stored as a request (202) instead of issued. Another
// key, not of the same operator user, approves it (the grant is issued as asked, with the
// requester's key as its idempotency key) or rejects it. A zero-wager grant needs payments at
// approval too (operator-grant-rules.ts). GET/POST /api/operator/grant-requests.
import { ErrorCode } from "@casino/contract/errors";
import type {
  GrantOperatorBonusBody,
  OperatorGrantRequest,
} from "@casino/contract/operator-players";
import { formatAmount } from "@casino/money/format";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { type OperatorActor, operatorActor, ROOT_ACTOR } from "../../lib/operator-api";
import { recordOperatorChange } from "../../lib/operator-keys";
import { findBonusBySlug, loadCurrencies } from "./definitions";
import { requireAdjustmentScope, withoutWagering } from "./operator-grant-rules";
import { bonusRepository } from "./repository";

type Request = z.infer<typeof OperatorGrantRequest>;
type Status = Request["status"];

interface RequestRow {
  id: string;
  player_id: string;
  grant_key: string;
  bonus_slug: string;
  currency: string;
  amount: string;
  body: GrantOperatorBonusBody | string;
  without_wagering: boolean;
  status: Status;
  requested_by: string;
  requested_key_id: number | null;
  requested_user_id: number | null;
  decided_by: string | null;
  decision_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const COLUMNS = `id::text AS id, player_id, grant_key, bonus_slug, currency,
  amount::text AS amount, body, without_wagering, status, requested_by, requested_key_id,
  requested_user_id, decided_by, decision_reason, created_at, decided_at`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

async function toView(db: Queryable, row: RequestRow): Promise<Request> {
  const currency = (await loadCurrencies(db)).of(row.currency);
  const body = typeof row.body === "string" ? JSON.parse(row.body) : row.body;
  return {
    id: Number(row.id),
    playerId: row.player_id,
    key: row.grant_key,
    bonus: row.bonus_slug,
    currency: row.currency,
    amount: formatAmount(BigInt(row.amount), currency?.subunitToUnit ?? 100n),
    withoutWagering: row.without_wagering,
    reason: (body as GrantOperatorBonusBody).reason,
    status: row.status,
    requestedBy: row.requested_by,
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
  };
}

/** The operator user behind the calling key (null: the root key or a named key of no user). */
async function userOf(db: Queryable, actor: OperatorActor): Promise<number | null> {
  if (actor.keyId === null) return null;
  const [row] = await db.query<{ user_id: number | null }>(
    "SELECT user_id FROM operator_api_keys WHERE id = $1",
    [actor.keyId],
  );
  return row?.user_id ?? null;
}

const sameBody = (a: GrantOperatorBonusBody, b: GrantOperatorBonusBody) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Stores the grant as a request waiting for a second operator, in the caller's transaction;
 * a replay of the key answers the stored request. Null when the key's grant was already issued
 * (approved, or issued before the threshold applied): the caller answers it as a replay.
 */
export async function requestGrantApproval(
  tx: Queryable,
  ctx: AppContext,
  input: {
    playerId: string;
    body: GrantOperatorBonusBody;
    currency: string;
    amount: bigint;
    withoutWagering: boolean;
  },
): Promise<Request | null> {
  const { playerId, body } = input;
  const issued = await bonusRepository(tx).findPlayerBonusBySource(
    playerId,
    `operator:${body.key}`,
  );
  if (issued) return null;
  const actor = operatorActor() ?? ROOT_ACTOR;
  const [inserted] = await tx.query<RequestRow>(
    `INSERT INTO operator_grant_requests (player_id, grant_key, bonus_slug, currency, amount,
       body, without_wagering, requested_by, requested_key_id, requested_user_id, created_at)
     VALUES ($1, $2, $3, $4, $5::numeric, $6::jsonb, $7, $8, $9, $10, $11)
     ON CONFLICT (player_id, grant_key) DO NOTHING RETURNING ${COLUMNS}`,
    [
      playerId,
      body.key,
      body.bonus,
      input.currency,
      input.amount.toString(),
      JSON.stringify(body),
      input.withoutWagering,
      actor.name,
      actor.keyId,
      await userOf(tx, actor),
      ctx.now(),
    ],
  );
  if (inserted) {
    await recordOperatorChange(tx, {
      kind: "player-bonus",
      entityId: playerId,
      action: "create",
      changes: { ...body, currency: input.currency, grantRequestId: Number(inserted.id) },
      now: ctx.now(),
    });
    return toView(tx, inserted);
  }
  const [existing] = await tx.query<RequestRow>(
    `SELECT ${COLUMNS} FROM operator_grant_requests
      WHERE player_id = $1 AND grant_key = $2`,
    [playerId, body.key],
  );
  const stored = typeof existing!.body === "string" ? JSON.parse(existing!.body) : existing!.body;
  if (!sameBody(stored, body)) {
    throw AppError.unprocessable({ key: ["This key was used for another grant"] });
  }
  if (existing!.status === "approved") return null;
  return toView(tx, existing!);
}

/** GET /api/operator/grant-requests: newest first, of a status if given. */
export async function listGrantRequests(
  ctx: AppContext,
  status: Status | undefined,
): Promise<Request[]> {
  const rows = await ctx.db.query<RequestRow>(
    `SELECT ${COLUMNS} FROM operator_grant_requests
      WHERE $1::text IS NULL OR status = $1 ORDER BY operator_grant_requests.id DESC LIMIT 200`,
    [status ?? null],
  );
  return Promise.all(rows.map((row) => toView(ctx.db, row)));
}

/**
 * POST .../approve or .../reject, by another key than the requester's (and not the same
 * operator user's): 403 for the requester, 409 once decided. Approving issues the grant through
 * `issue` (operator-player-bonuses.ts) in the same transaction.
 */
export async function decideGrantRequest<T>(
  ctx: AppContext,
  id: number,
  decision: "approved" | "rejected",
  reason: string | undefined,
  issue: (
    tx: Queryable,
    grant: {
      playerId: string;
      body: GrantOperatorBonusBody;
      bonusId: number;
      currency: string;
      amount: bigint;
    },
  ) => Promise<T>,
): Promise<{ request: Request; grant: T | null }> {
  const actor = operatorActor() ?? ROOT_ACTOR;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<RequestRow>(
      `SELECT ${COLUMNS} FROM operator_grant_requests
        WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) throw AppError.notFound("No grant request with that id");
    if (row.status !== "pending") {
      throw new AppError(409, ErrorCode.Conflict, `The grant request was ${row.status} already`);
    }
    const user = await userOf(tx, actor);
    const sameKey = (row.requested_key_id ?? null) === actor.keyId;
    const sameUser = row.requested_user_id !== null && row.requested_user_id === user;
    if (sameKey || sameUser) {
      throw new AppError(
        403,
        ErrorCode.Forbidden,
        "A second operator decides a grant request: not the one who asked for it",
      );
    }
    let grant: T | null = null;
    if (decision === "approved") {
      const body = (
        typeof row.body === "string" ? JSON.parse(row.body) : row.body
      ) as GrantOperatorBonusBody;
      const definition = await findBonusBySlug(tx, row.bonus_slug);
      if (!definition) throw AppError.unprocessable({ bonus: ["The bonus is gone"] });
      if (row.without_wagering || withoutWagering(definition)) {
        requireAdjustmentScope("A bonus");
      }
      grant = await issue(tx, {
        playerId: row.player_id,
        body,
        bonusId: definition.id,
        currency: row.currency,
        amount: BigInt(row.amount),
      });
    }
    const [decided] = await tx.query<RequestRow>(
      `UPDATE operator_grant_requests SET status = $2, decided_by = $3, decided_key_id = $4,
         decided_user_id = $5, decision_reason = $6, decided_at = $7
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, decision, actor.name, actor.keyId, user, reason ?? null, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "player-bonus",
      entityId: row.player_id,
      action: "update",
      changes: { grantRequestId: id, status: decision, reason: reason ?? null },
      now: ctx.now(),
    });
    return { request: await toView(tx, decided!), grant };
  });
}
