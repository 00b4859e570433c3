// The operator's API keys (/api/operator/api-keys; migration 0045). The root key
// (OPERATOR_API_TOKEN) or a key with the access scope issues named keys for the people and
// systems of the operator, each limited to scopes, and revokes them. A key is 32 random bytes
// ("op_" and base64url), shown once and stored as its SHA-256; a key cannot grant a scope it
// does not hold, nor revoke a key that holds one it lacks.
import { randomBytes } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import {
  type CreateOperatorApiKeyBody,
  type IssuedOperatorApiKey,
  OPERATOR_KEY_MAX_DAYS,
  type OperatorApiKey,
  type OperatorApiKeyQuery,
  type OperatorScope,
} from "@casino/contract/operator-access";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { type OperatorActor, operatorActor, operatorKeyHash } from "../../lib/operator-api";
import { fieldProblems, iso, recordOperatorChange } from "../../lib/operator-keys";

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scopes: OperatorScope[];
  created_at: Date | string;
  created_by: string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  expires_at: Date | string | null;
  user_id: number | null;
}

const COLUMNS =
  "id, name, prefix, scopes, created_at, created_by, last_used_at, revoked_at, expires_at, user_id";

function toView(row: KeyRow): OperatorApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
    expiresAt: iso(row.expires_at),
    userId: row.user_id === null ? null : Number(row.user_id),
  };
}

/**
 * Makes a key: 32 random bytes ("op_" and base64url), stored as its SHA-256. The answer is the
 * only place the key itself appears.
 */
export async function insertOperatorKey(
  tx: Queryable,
  input: {
    name: string;
    scopes: readonly OperatorScope[];
    createdBy: string;
    now: Date;
    /** A session key: its operator user and when it stops working. */
    session?: { userId: number; expiresAt: Date };
    /** When a named key stops working (null or absent: when revoked). */
    expiresAt?: Date | null;
  },
): Promise<IssuedOperatorApiKey> {
  const token = `op_${randomBytes(32).toString("base64url")}`;
  const [created] = await tx.query<KeyRow>(
    `INSERT INTO operator_api_keys (name, token_hash, prefix, scopes, created_at, created_by,
                                    user_id, expires_at)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      input.name,
      operatorKeyHash(token),
      token.slice(0, 11),
      [...input.scopes],
      input.now,
      input.createdBy,
      input.session?.userId ?? null,
      input.session?.expiresAt ?? input.expiresAt ?? null,
    ],
  );
  return { ...toView(created!), token };
}

/** The key making the request (operator routes always run as one). */
export function actorOf(): OperatorActor {
  const actor = operatorActor();
  if (!actor) throw new Error("operator key routes run only inside an operator request");
  return actor;
}

/** GET /api/operator/api-keys: every key, revoked ones too, newest first. */
export async function listOperatorApiKeys(
  ctx: AppContext,
  query: OperatorApiKeyQuery = {},
): Promise<OperatorApiKey[]> {
  const working = "revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $1)";
  const where =
    query.active === undefined ? "" : `WHERE ${query.active === "true" ? "" : "NOT "}(${working})`;
  const rows = await ctx.db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM operator_api_keys ${where} ORDER BY id DESC`,
    query.active === undefined ? [] : [ctx.now()],
  );
  return rows.map(toView);
}

/** POST /api/operator/api-keys: a new key with the key itself (the only answer that has it). */
export async function issueOperatorApiKey(
  ctx: AppContext,
  body: CreateOperatorApiKeyBody,
): Promise<IssuedOperatorApiKey> {
  const actor = actorOf();
  const { fail, check } = fieldProblems();
  const scopes = [...new Set(body.scopes)];
  for (const [index, scope] of body.scopes.entries()) {
    if (!actor.scopes.includes(scope)) {
      fail(`scopes.${index}`, "A key cannot grant a scope it does not hold");
    }
  }
  const now = ctx.now();
  const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
  if (expiresAt !== null && expiresAt.getTime() <= now.getTime()) {
    fail("expiresAt", "Must be in the future");
  } else if (
    expiresAt !== null &&
    expiresAt.getTime() > now.getTime() + OPERATOR_KEY_MAX_DAYS * 86_400_000
  ) {
    fail("expiresAt", `Must be at most ${OPERATOR_KEY_MAX_DAYS} days from now`);
  }
  check();
  return ctx.db.transaction(async (tx) => {
    const issued = await insertOperatorKey(tx, {
      name: body.name,
      scopes,
      createdBy: actor.name,
      now,
      expiresAt,
    });
    await recordOperatorChange(tx, {
      kind: "operator-api-key",
      entityId: issued.id,
      action: "create",
      changes: { name: body.name, scopes, expiresAt: expiresAt?.toISOString() ?? null },
      now,
    });
    return issued;
  });
}

/**
 * DELETE /api/operator/api-keys/{id}: refused (401) from now on, on every server (keys are read
 * at each request). Revoking a revoked key changes nothing.
 */
export async function revokeOperatorApiKey(ctx: AppContext, id: number): Promise<OperatorApiKey> {
  const actor = actorOf();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx: Queryable) => {
    const [key] = await tx.query<KeyRow>(
      `SELECT ${COLUMNS} FROM operator_api_keys WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!key) throw AppError.notFound("No operator key with that id");
    if (key.scopes.some((scope) => !actor.scopes.includes(scope))) {
      throw new AppError(
        403,
        ErrorCode.Forbidden,
        "A key cannot revoke a key holding a scope it lacks",
      );
    }
    if (key.revoked_at !== null) return key;
    const [revoked] = await tx.query<KeyRow>(
      `UPDATE operator_api_keys SET revoked_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, now],
    );
    await recordOperatorChange(tx, {
      kind: "operator-api-key",
      entityId: id,
      action: "delete",
      changes: {},
      now,
    });
    return revoked!;
  });
  return toView(row);
}
