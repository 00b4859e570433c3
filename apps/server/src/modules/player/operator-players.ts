// The operator's player desk (/api/operator/players; migration 0046): find players by the start
// of their e-mail, phone or nickname, or by id; read one with their wallet accounts; change
// their status with a reason. Blocking (3) takes effect at the player's next request (every
// request reads the status): sign-in, the API and game bets (15004) are refused; limiting (2)
// refuses deposits. Each change leaves an audit row naming the operator key.
import type {
  OperatorPlayer,
  OperatorPlayerQuery,
  OperatorPlayerSummary,
  PatchOperatorPlayerBody,
} from "@casino/contract/operator-players";
import type { PageMeta } from "@casino/contract/pagination";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { iso, recordOperatorChange } from "../../lib/operator-keys";
import { enqueueDisconnect } from "../realtime/control";
import { currentWalletAccounts } from "../wallet/accounts";
import { sessionsRepository } from "./repository";

interface PlayerRow {
  id: string;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  country: string | null;
  currency: string | null;
  status: number;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  email_confirmed_at: Date | string | null;
}

const COLUMNS = `id, email, phone, nickname, country, currency, status, created_at, first_name,
  last_name, email_confirmed_at`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toSummary(row: PlayerRow): OperatorPlayerSummary {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    nickname: row.nickname,
    country: row.country,
    currency: row.currency,
    status: Number(row.status) as 1 | 2 | 3,
    registeredAt: iso(row.created_at)!,
  };
}

/** `LIKE` text matching `value` literally at the start. */
const startsWith = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /api/operator/players: newest first, filtered by search and status. */
export async function listOperatorPlayers(
  ctx: AppContext,
  query: OperatorPlayerQuery,
): Promise<{ data: OperatorPlayerSummary[]; meta: PageMeta }> {
  const search = query.search ?? null;
  const where = `WHERE ($1::text IS NULL
           OR ($2::uuid IS NOT NULL AND id = $2::uuid)
           OR lower(email) LIKE lower($3)
           OR phone LIKE $3
           OR lower(nickname) LIKE lower($3))
      AND ($4::smallint IS NULL OR status = $4)`;
  const filters = [
    search,
    search !== null && UUID.test(search) ? search : null,
    search === null ? null : startsWith(search),
    query.status ?? null,
  ];
  const rows = await ctx.db.query<PlayerRow>(
    `SELECT ${COLUMNS} FROM players ${where}
      ORDER BY created_at DESC, id LIMIT $5 OFFSET $6`,
    [...filters, query.perPage, (query.page - 1) * query.perPage],
  );
  const [count] = await ctx.db.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM players ${where}`,
    filters,
  );
  return {
    data: rows.map(toSummary),
    meta: { page: query.page, perPage: query.perPage, total: Number(count?.total ?? 0) },
  };
}

async function playerRow(db: Queryable, id: string, lock = false): Promise<PlayerRow> {
  const [row] = await db.query<PlayerRow>(
    `SELECT ${COLUMNS} FROM players WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!row) throw AppError.notFound("No player with that id");
  return row;
}

/**
 * The player of an operator request about them (their bonuses, ledger, limits), with the
 * currency they registered with; 404 for an unknown id.
 */
export async function requireOperatorPlayer(
  db: Queryable,
  id: string,
): Promise<{ currency: string | null }> {
  const [row] = await db.query<{ currency: string | null }>(
    "SELECT currency FROM players WHERE id = $1",
    [id],
  );
  if (!row) throw AppError.notFound("No player with that id");
  return row;
}

/** GET /api/operator/players/{id}: the player with their wallet accounts and sessions. */
export async function readOperatorPlayer(ctx: AppContext, id: string): Promise<OperatorPlayer> {
  const row = await playerRow(ctx.db, id);
  const [sessions] = await ctx.db.query<{ live: string | number; last_seen_at: Date | null }>(
    `SELECT count(*) FILTER (WHERE revoked_at IS NULL) AS live, max(last_seen_at) AS last_seen_at
       FROM player_sessions WHERE player_id = $1`,
    [id],
  );
  return {
    ...toSummary(row),
    firstName: row.first_name,
    lastName: row.last_name,
    emailConfirmed: row.email_confirmed_at !== null,
    accounts: await currentWalletAccounts(ctx.db, id),
    liveSessions: Number(sessions?.live ?? 0),
    lastSeenAt: iso(sessions?.last_seen_at ?? null),
  };
}

/**
 * POST /api/operator/players/{id}/sign-out {reason}: ends every live session of the player, so
 * their next request (on every device) is a 401 and they sign in again. Audited.
 */
export async function signOutOperatorPlayer(
  ctx: AppContext,
  id: string,
  reason: string,
): Promise<{ ended: number }> {
  return ctx.db.transaction(async (tx) => {
    await playerRow(tx, id, true);
    const ended = await sessionsRepository(tx).revokeAll(id, "operator", ctx.now());
    await enqueueDisconnect(tx, { profileId: id }, ctx.now());
    await recordOperatorChange(tx, {
      kind: "player-sessions",
      entityId: id,
      action: "delete",
      changes: { ended, reason },
      now: ctx.now(),
    });
    return { ended };
  });
}

/** PATCH /api/operator/players/{id} {status, reason}. */
export async function patchOperatorPlayer(
  ctx: AppContext,
  id: string,
  body: PatchOperatorPlayerBody,
): Promise<OperatorPlayer> {
  await ctx.db.transaction(async (tx) => {
    const current = await playerRow(tx, id, true);
    if (Number(current.status) === body.status) return;
    await tx.query("UPDATE players SET status = $2, updated_at = $3 WHERE id = $1", [
      id,
      body.status,
      ctx.now(),
    ]);
    await recordOperatorChange(tx, {
      kind: "player",
      entityId: id,
      action: "update",
      changes: { status: body.status, from: Number(current.status), reason: body.reason },
      now: ctx.now(),
    });
  });
  return readOperatorPlayer(ctx, id);
}
