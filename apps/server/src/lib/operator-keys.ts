// Idempotent operator creates (table operator_keys, migration 0030): with a `key`, the first
// request claims it before writing anything, so a concurrent one with the same key waits on the
// claim's row, then finds it taken and answers the first result; a replay later does the same.
// The same key with another body is refused (422 on `key`).
// Every operator write also leaves an audit row (operator_changes) in its transaction. Also the
// checks every operator write shares: problems collected by field, known countries.
import { createHash } from "node:crypto";
import { parseAmount } from "@casino/money/parse";
import type { Db, Queryable } from "../infra/db";
import { AppError } from "../infra/errors";
import { operatorActor } from "./operator-api";

/**
 * The kinds of idempotent operator creates (operator_keys.kind). The list lives here: the table
 * checks only the form (migration 0047).
 */
export type OperatorKeyKind =
  | "bonus"
  | "bonus-code"
  | "quest"
  | "game-provider"
  | "game"
  | "game-collection"
  | "loyalty-level"
  | "loyalty-earn-rule"
  | "game-provider-key"
  | "bonus-package"
  | "tournament";

class KeyTaken extends Error {}

/** SHA-256 of a request body without its key, its objects' fields in name order. */
function requestHash(body: object): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
          )
        : value;
  const { key: _key, ...request } = body as { key?: unknown };
  return createHash("sha256")
    .update(JSON.stringify(canonical(request)))
    .digest("hex");
}

/**
 * Runs `create` (which returns the new entity's id) once per (kind, key) in one transaction and
 * then `read`s the entity. `replay` is true when the key was used before: nothing was written.
 * Without a key, it simply creates. The key answers only the same body again (a hash of it,
 * without the key, is kept with the claim, migration 0054); another body is a 422 on `key`, so a
 * retry that changed what it asks for is never mistaken for the first request. Claims made before
 * 0054 have no hash and answer any body.
 */
export async function createOnce<T>(
  db: Db,
  input: {
    kind: OperatorKeyKind;
    key: string | undefined;
    now: Date;
    /** The request, for the audit trail (operator_changes). */
    body: object;
    create: (tx: Queryable) => Promise<string | number>;
    read: (db: Queryable, id: string) => Promise<T>;
  },
): Promise<{ data: T; replay: boolean }> {
  const { kind, key } = input;
  const hash = key === undefined ? null : requestHash(input.body);
  try {
    const id = await db.transaction(async (tx) => {
      if (key !== undefined) {
        const claimed = await tx.query(
          `INSERT INTO operator_keys (kind, key, entity_id, created_at, request_hash)
           VALUES ($1, $2, '', $3, $4)
           ON CONFLICT (kind, key) DO NOTHING RETURNING key`,
          [kind, key, input.now, hash],
        );
        if (claimed.length === 0) throw new KeyTaken();
      }
      const created = String(await input.create(tx));
      await recordOperatorChange(tx, {
        kind,
        entityId: created,
        action: "create",
        changes: input.body,
        now: input.now,
      });
      if (key !== undefined) {
        await tx.query("UPDATE operator_keys SET entity_id = $3 WHERE kind = $1 AND key = $2", [
          kind,
          key,
          created,
        ]);
      }
      return created;
    });
    return { data: await input.read(db, id), replay: false };
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw rethrowUnique(error);
    const [previous] = await db.query<{ entity_id: string; request_hash: string | null }>(
      "SELECT entity_id, request_hash FROM operator_keys WHERE kind = $1 AND key = $2",
      [kind, key],
    );
    if (!previous?.entity_id) {
      throw AppError.unprocessable({ key: ["This key is being used by another request"] });
    }
    if (previous.request_hash !== null && previous.request_hash !== hash) {
      throw AppError.unprocessable({ key: ["This key was used for another request"] });
    }
    return { data: await input.read(db, previous.entity_id), replay: true };
  }
}

/** A unique violation that slipped past the checks (a concurrent create) as a 422. */
export function rethrowUnique(error: unknown): unknown {
  const { code, message, detail } = (error ?? {}) as {
    code?: string;
    message?: string;
    detail?: string;
  };
  if (code !== "23505") return error;
  const text = `${message ?? ""} ${detail ?? ""}`;
  const field = /\bcode\)/.test(text) ? "code" : /\(slug\)/.test(text) ? "slug" : "request";
  return AppError.unprocessable({ [field]: ["Already taken"] });
}

/** The kinds of audited operator writes (operator_changes.kind); see OperatorKeyKind. */
export type OperatorChangeKind =
  | OperatorKeyKind
  | "bonus-game-rule"
  | "game-collection-games"
  | "cashback"
  | "currency"
  | "payment-method"
  | "payment-method-currency"
  | "bonus-package-steps"
  | "operator-api-key"
  | "operator-user"
  | "player"
  | "player-adjustment"
  | "player-bonus"
  | "player-sessions"
  | "player-document"
  | "withdrawal"
  | "operator-session"
  | "country"
  | "broadcast"
  | "content-group"
  | "content-page"
  | "locale"
  | "chat-conversation"
  | "chat-message"
  | "chat-canned-reply";

/** A timestamp column as the operator API shows it (ISO 8601), or null. */
export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** Records a problem of a request's field (see fieldProblems). */
export type FieldFail = (field: string, message: string) => void;

/**
 * Collects the problems of an operator's request by field; `check` throws them all as one 422
 * (error.fields), so the operator sees every problem at once.
 */
export function fieldProblems() {
  const fields: Record<string, string[]> = {};
  const fail: FieldFail = (field, message) => {
    fields[field] = [...(fields[field] ?? []), message];
  };
  const check = () => {
    if (Object.keys(fields).length > 0) throw AppError.unprocessable(fields);
  };
  return { fail, check };
}

/** Each code of a restriction list must be a known country (the countries table). */
export async function checkCountries(
  tx: Queryable,
  codes: readonly string[],
  field: string,
  fail: FieldFail,
): Promise<string[]> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  const rows = await tx.query<{ code: string }>(
    "SELECT code FROM countries WHERE code = ANY ($1::text[])",
    [unique],
  );
  const known = new Set(rows.map((row) => row.code));
  for (const [index, code] of codes.entries()) {
    if (!known.has(code)) fail(`${field}.${index}`, "Unknown country");
  }
  return unique;
}

/**
 * A decimal amount of an operator's request in minor units of its currency (`subunit` minor
 * units per major unit), or null after a problem of `field`: not an amount of the currency, or
 * (with `positive`) not above zero.
 */
export function minorAmount(
  value: string,
  currency: { code: string; subunit: bigint },
  field: string,
  fail: FieldFail,
  positive = true,
): bigint | null {
  const parsed = parseAmount(value, currency.subunit);
  if (!parsed.ok) fail(field, `Not a valid amount in ${currency.code}`);
  else if (positive && parsed.value <= 0n) fail(field, "Must be above zero");
  else return parsed.value;
  return null;
}

/**
 * Appends the audit row of an operator write (operator_changes), in the write's transaction,
 * with the operator key that made it (operatorActor).
 */
export async function recordOperatorChange(
  tx: Queryable,
  change: {
    kind: OperatorChangeKind;
    entityId: string | number;
    action: "create" | "update" | "put" | "delete";
    changes: object;
    now: Date;
    /** Who, when the request runs as no key yet (an operator user's sign-in: its new session). */
    actor?: { name: string; keyId: number | null };
  },
): Promise<void> {
  const { key: _key, ...changes } = change.changes as { key?: unknown };
  const actor = change.actor ?? operatorActor();
  await tx.query(
    `INSERT INTO operator_changes (kind, entity_id, action, changes, created_at, actor, actor_key_id)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
    [
      change.kind,
      String(change.entityId),
      change.action,
      JSON.stringify(changes),
      change.now,
      actor?.name ?? null,
      actor?.keyId ?? null,
    ],
  );
}
