// SQL of responsible-gambling limits (migration 0014_limits.sql). Every instant is a parameter
// (the caller's ctx.now()), never the database's now().
import type { LimitPeriod } from "@casino/contract/limits";
import type { Queryable } from "../../infra/db";

export type CashDefinition = 1 | 2 | 3;
export type BlockDefinition = 4 | 5;
export type Definition = CashDefinition | BlockDefinition;

export interface PendingRecord {
  remove: boolean;
  period: LimitPeriod | null;
  /** Minor units. */
  amount: bigint | null;
  requestedAt: Date;
  effectiveAt: Date;
}

export interface LimitRecord {
  id: string;
  playerId: string;
  definition: Definition;
  period: LimitPeriod | null;
  currency: string | null;
  /** Minor units. */
  amount: bigint | null;
  expiresAt: Date | null;
  createdAt: Date;
  pending: PendingRecord | null;
}

interface LimitRow {
  id: string;
  player_id: string;
  definition: number;
  period: LimitPeriod | null;
  currency: string | null;
  amount: string | null;
  expires_at: Date | null;
  created_at: Date;
  pending_remove: boolean;
  pending_period: LimitPeriod | null;
  pending_amount: string | null;
  pending_requested_at: Date | null;
  pending_effective_at: Date | null;
}

const COLUMNS = `id, player_id, definition, period, currency, amount, expires_at, created_at,
  pending_remove, pending_period, pending_amount, pending_requested_at, pending_effective_at`;

function toRecord(row: LimitRow): LimitRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    definition: row.definition as Definition,
    period: row.period,
    currency: row.currency,
    amount: row.amount === null ? null : BigInt(row.amount),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    pending:
      row.pending_requested_at && row.pending_effective_at
        ? {
            remove: row.pending_remove,
            period: row.pending_period,
            amount: row.pending_amount === null ? null : BigInt(row.pending_amount),
            requestedAt: row.pending_requested_at,
            effectiveAt: row.pending_effective_at,
          }
        : null,
  };
}

export type AuditAction =
  | "created"
  | "decreased"
  | "unchanged"
  | "increase_requested"
  | "change_requested"
  | "removal_requested"
  | "pending_dropped"
  | "confirmed"
  | "removed"
  | "extended"
  | "expired";

export interface AuditEntry {
  limit: Pick<LimitRecord, "id" | "playerId" | "definition" | "currency">;
  action: AuditAction;
  old?: { period?: LimitPeriod | null; amount?: bigint | null; expiresAt?: Date | null };
  new?: { period?: LimitPeriod | null; amount?: bigint | null; expiresAt?: Date | null };
  requestedAt: Date;
  effectiveAt: Date | null;
  recordedAt: Date;
}

const text = (value: bigint | null | undefined) =>
  value === null || value === undefined ? null : value.toString();

/** A player's play in one currency over [start, end). */
export interface PlayScope {
  playerId: string;
  currency: string;
  start: Date;
  end: Date;
}

/** Play sums come in quarter hours (migration 0035): a period on their bounds adds those up. */
const QUARTER_MS = 15 * 60_000;
const onQuarters = (scope: { start: Date; end: Date }) =>
  scope.start.getTime() % QUARTER_MS === 0 && scope.end.getTime() % QUARTER_MS === 0;

/**
 * The play of a wallet account `w` in [start, end) as rows `x` (staked, won), for
 * PLAY_TOTALS: its stakes (game.bet debits less the game.rollback refunds of them) and winnings
 * (game.win credits). From its quarter-hour sums when it keeps them (player_play_tracked,
 * migration 0036) and the period starts and ends on quarter hours (a limit's day, week or
 * month, in any time zone); else from its ledger entries (player_play_entries), entry by entry.
 */
function playRows(start: string, end: string, quarters: boolean): string {
  const entries = (also: string) =>
    `SELECT e.staked, e.won FROM player_play_entries e
      WHERE e.wallet_account_id = w.id AND e.created_at >= ${start} AND e.created_at < ${end}${also}`;
  if (!quarters) return `CROSS JOIN LATERAL (${entries("")}) x`;
  return `LEFT JOIN player_play_tracked k ON k.wallet_account_id = w.id
    CROSS JOIN LATERAL (
      SELECT q.stakes AS staked, q.winnings AS won FROM player_play_quarters q
       WHERE k.wallet_account_id IS NOT NULL AND q.wallet_account_id = w.id
         AND q.starts_at >= ${start} AND q.starts_at < ${end}
      UNION ALL
      ${entries(" AND k.wallet_account_id IS NULL")}) x`;
}
const PLAY_TOTALS = "COALESCE(sum(x.staked), 0) AS stakes, COALESCE(sum(x.won), 0) AS winnings";

/** Deposit invoices that use up room: pending (1) or successful (2); failed and declined free it. */
const COUNTED_INVOICE_STATUSES = [1, 2];

export function limitsRepository(db: Queryable) {
  return {
    /**
     * Locks the player's row for the rest of the transaction: limit changes, deposit checks and
     * bet checks of one player run one at a time (NO KEY UPDATE: rows that merely reference the
     * player, such as a new invoice, are not blocked).
     */
    async lockPlayer(playerId: string): Promise<boolean> {
      const rows = await db.query("SELECT id FROM players WHERE id = $1 FOR NO KEY UPDATE", [
        playerId,
      ]);
      return rows.length > 0;
    },

    /** timeZoneOf for several players. */
    async timeZonesOf(playerIds: readonly string[]): Promise<Map<string, string | null>> {
      const rows = await db.query<{ id: string; time_zone: string | null }>(
        "SELECT id, time_zone FROM players WHERE id = ANY($1::uuid[])",
        [playerIds],
      );
      return new Map(rows.map((row) => [row.id, row.time_zone]));
    },

    async timeZoneOf(playerId: string): Promise<string | null> {
      const [row] = await db.query<{ time_zone: string | null }>(
        "SELECT time_zone FROM players WHERE id = $1",
        [playerId],
      );
      return row?.time_zone ?? null;
    },

    /**
     * Cash limits, and blocks that have not ended at `now`: by definition, currency, then
     * daily, weekly, monthly.
     */
    async listCurrent(playerId: string, now: Date): Promise<LimitRecord[]> {
      const rows = await db.query<LimitRow>(
        `SELECT ${COLUMNS} FROM player_limits
          WHERE player_id = $1 AND (expires_at IS NULL OR expires_at > $2)
          ORDER BY definition, currency NULLS FIRST,
                   array_position(ARRAY['daily', 'weekly', 'monthly'], period), created_at, id`,
        [playerId, now],
      );
      return rows.map(toRecord);
    },

    /** listCurrent for several players, without the expiry filter (the caller has the times). */
    async listOfPlayers(playerIds: readonly string[]): Promise<Map<string, LimitRecord[]>> {
      const rows = await db.query<LimitRow>(
        `SELECT ${COLUMNS} FROM player_limits
          WHERE player_id = ANY($1::uuid[])
          ORDER BY player_id, definition, currency NULLS FIRST,
                   array_position(ARRAY['daily', 'weekly', 'monthly'], period), created_at, id`,
        [playerIds],
      );
      const byPlayer = new Map<string, LimitRecord[]>();
      for (const row of rows) {
        const record = toRecord(row);
        byPlayer.set(record.playerId, [...(byPlayer.get(record.playerId) ?? []), record]);
      }
      return byPlayer;
    },

    async find(playerId: string, limitId: string): Promise<LimitRecord | null> {
      const [row] = await db.query<LimitRow>(
        `SELECT ${COLUMNS} FROM player_limits WHERE id = $1 AND player_id = $2`,
        [limitId, playerId],
      );
      return row ? toRecord(row) : null;
    },

    async findBlock(playerId: string, definition: BlockDefinition): Promise<LimitRecord | null> {
      const [row] = await db.query<LimitRow>(
        `SELECT ${COLUMNS} FROM player_limits WHERE player_id = $1 AND definition = $2`,
        [playerId, definition],
      );
      return row ? toRecord(row) : null;
    },

    async existsCash(
      playerId: string,
      definition: CashDefinition,
      currency: string,
      period: LimitPeriod,
    ): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM player_limits
          WHERE player_id = $1 AND definition = $2 AND currency = $3 AND period = $4`,
        [playerId, definition, currency, period],
      );
      return rows.length > 0;
    },

    /** A new cash limit; null when one of that definition, currency and period exists. */
    async insertCash(input: {
      playerId: string;
      definition: CashDefinition;
      period: LimitPeriod;
      currency: string;
      amount: bigint;
      now: Date;
    }): Promise<LimitRecord | null> {
      const [row] = await db.query<LimitRow>(
        `INSERT INTO player_limits (player_id, definition, period, currency, amount, created_at,
           updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (player_id, definition, currency, period) WHERE definition IN (1, 2, 3)
         DO NOTHING
         RETURNING ${COLUMNS}`,
        [
          input.playerId,
          input.definition,
          input.period,
          input.currency,
          input.amount.toString(),
          input.now,
        ],
      );
      return row ? toRecord(row) : null;
    },

    async insertBlock(input: {
      playerId: string;
      definition: BlockDefinition;
      expiresAt: Date | null;
      now: Date;
    }): Promise<LimitRecord> {
      const [row] = await db.query<LimitRow>(
        `INSERT INTO player_limits (player_id, definition, expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $4)
         RETURNING ${COLUMNS}`,
        [input.playerId, input.definition, input.expiresAt, input.now],
      );
      return toRecord(row!);
    },

    async setExpiry(limitId: string, expiresAt: Date | null, now: Date): Promise<LimitRecord> {
      const [row] = await db.query<LimitRow>(
        `UPDATE player_limits SET expires_at = $2, updated_at = $3 WHERE id = $1
         RETURNING ${COLUMNS}`,
        [limitId, expiresAt, now],
      );
      return toRecord(row!);
    },

    /** Sets period and amount and drops any pending change. */
    async apply(
      limitId: string,
      values: { period: LimitPeriod; amount: bigint },
      now: Date,
    ): Promise<LimitRecord> {
      const [row] = await db.query<LimitRow>(
        `UPDATE player_limits
            SET period = $2, amount = $3, updated_at = $4, pending_remove = false,
                pending_period = NULL, pending_amount = NULL, pending_requested_at = NULL,
                pending_effective_at = NULL
          WHERE id = $1
          RETURNING ${COLUMNS}`,
        [limitId, values.period, values.amount.toString(), now],
      );
      return toRecord(row!);
    },

    /** Replaces the pending change (null drops it). */
    async setPending(
      limitId: string,
      pending: PendingRecord | null,
      now: Date,
    ): Promise<LimitRecord> {
      const [row] = await db.query<LimitRow>(
        `UPDATE player_limits
            SET pending_remove = $2, pending_period = $3, pending_amount = $4,
                pending_requested_at = $5, pending_effective_at = $6, updated_at = $7
          WHERE id = $1
          RETURNING ${COLUMNS}`,
        [
          limitId,
          pending?.remove ?? false,
          pending?.period ?? null,
          text(pending?.amount),
          pending?.requestedAt ?? null,
          pending?.effectiveAt ?? null,
          now,
        ],
      );
      return toRecord(row!);
    },

    async remove(limitId: string): Promise<void> {
      await db.query("DELETE FROM player_limits WHERE id = $1", [limitId]);
    },

    async audit(entry: AuditEntry): Promise<void> {
      await db.query(
        `INSERT INTO player_limit_audit (limit_id, player_id, definition, currency, action,
           old_period, old_amount, old_expires_at, new_period, new_amount, new_expires_at,
           requested_at, effective_at, recorded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          entry.limit.id,
          entry.limit.playerId,
          entry.limit.definition,
          entry.limit.currency,
          entry.action,
          entry.old?.period ?? null,
          text(entry.old?.amount),
          entry.old?.expiresAt ?? null,
          entry.new?.period ?? null,
          text(entry.new?.amount),
          entry.new?.expiresAt ?? null,
          entry.requestedAt,
          entry.effectiveAt,
          entry.recordedAt,
        ],
      );
    },

    /**
     * Gross deposits of a period (minor units): deposit invoices created in [start, end) that are
     * pending or successful. Withdrawals do not give room back; failed and declined deposits do.
     */
    async depositedIn(input: {
      playerId: string;
      currency: string;
      start: Date;
      end: Date;
      excludeInvoiceId?: string | null;
    }): Promise<bigint> {
      const [row] = await db.query<{ total: string }>(
        `SELECT COALESCE(sum(amount), 0) AS total FROM payment_invoices
          WHERE player_id = $1 AND type = 1 AND currency = $2 AND status = ANY($3::smallint[])
            AND created_at >= $4 AND created_at < $5
            AND ($6::uuid IS NULL OR id <> $6::uuid)`,
        [
          input.playerId,
          input.currency,
          COUNTED_INVOICE_STATUSES,
          input.start,
          input.end,
          input.excludeInvoiceId ?? null,
        ],
      );
      return BigInt(row!.total);
    },

    /**
     * depositedIn for every currency at once (DEPOSIT_LIMITS_ALL_CURRENCIES): the gross deposits
     * of [start, end) per currency, minor units of each.
     */
    async depositedByCurrency(input: {
      playerId: string;
      start: Date;
      end: Date;
      excludeInvoiceId?: string | null;
    }): Promise<Map<string, bigint>> {
      const rows = await db.query<{ currency: string; total: string }>(
        `SELECT currency, sum(amount)::text AS total FROM payment_invoices
          WHERE player_id = $1 AND type = 1 AND status = ANY($2::smallint[])
            AND created_at >= $3 AND created_at < $4
            AND ($5::uuid IS NULL OR id <> $5::uuid)
          GROUP BY currency`,
        [
          input.playerId,
          COUNTED_INVOICE_STATUSES,
          input.start,
          input.end,
          input.excludeInvoiceId ?? null,
        ],
      );
      return new Map(rows.map((row) => [row.currency, BigInt(row.total)]));
    },

    /**
     * Starts the quarter-hour play sums of the players' accounts in these currencies that do not
     * keep them yet, from the ledger (migration 0036); the game postings after this add to
     * them. The caller holds the players' locks, which every game posting takes, so no posting
     * runs between the backfill and the first one counted.
     */
    async startPlaySums(
      scopes: readonly { playerId: string; currency: string }[],
      now: Date,
    ): Promise<void> {
      if (scopes.length === 0) return;
      await db.query(
        `WITH started AS (
           INSERT INTO player_play_tracked (wallet_account_id, started_at)
           SELECT DISTINCT w.id, $3::timestamptz
             FROM unnest($1::uuid[], $2::text[]) AS s(player_id, currency)
             JOIN wallet_accounts w ON w.player_id = s.player_id AND w.currency = s.currency
            WHERE NOT EXISTS (SELECT 1 FROM player_play_tracked k WHERE k.wallet_account_id = w.id)
           ON CONFLICT DO NOTHING
           RETURNING wallet_account_id)
         INSERT INTO player_play_quarters (wallet_account_id, starts_at, stakes, winnings)
         SELECT e.wallet_account_id, e.quarter, sum(e.staked), sum(e.won)
           FROM started JOIN player_play_entries e ON e.wallet_account_id = started.wallet_account_id
          GROUP BY 1, 2`,
        [scopes.map((scope) => scope.playerId), scopes.map((scope) => scope.currency), now],
      );
    },

    /**
     * Stakes and winnings of a period (minor units): applied transactions of kind game.bet,
     * game.rollback and game.win on the player's accounts in the currency, by the transaction's
     * time. A bet takes money out of the player's accounts (negative entries), a win puts it in.
     */
    async playedIn(input: PlayScope): Promise<{ stakes: bigint; winnings: bigint }> {
      const [played] = await limitsRepository(db).playedInEach([input]);
      return played!;
    },

    /**
     * playedIn for any number of scopes, in their order: one statement for those on quarter
     * hours, one for the others.
     */
    async playedInEach(
      scopes: readonly PlayScope[],
    ): Promise<{ stakes: bigint; winnings: bigint }[]> {
      const played: { stakes: bigint; winnings: bigint }[] = new Array(scopes.length);
      for (const quarters of [true, false]) {
        const indexes = scopes.flatMap((scope, index) =>
          onQuarters(scope) === quarters ? [index] : [],
        );
        if (indexes.length === 0) continue;
        const chosen = indexes.map((index) => scopes[index]!);
        const rows = await db.query<{ stakes: string; winnings: string }>(
          `SELECT u.stakes::text AS stakes, u.winnings::text AS winnings
             FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[])
                    WITH ORDINALITY AS s(player_id, currency, start_at, end_at, n)
             CROSS JOIN LATERAL (
               SELECT ${PLAY_TOTALS}
                 FROM wallet_accounts w ${playRows("s.start_at", "s.end_at", quarters)}
                WHERE w.player_id = s.player_id AND w.currency = s.currency) u
            ORDER BY s.n`,
          [
            chosen.map((scope) => scope.playerId),
            chosen.map((scope) => scope.currency),
            chosen.map((scope) => scope.start),
            chosen.map((scope) => scope.end),
          ],
        );
        rows.forEach((row, i) => {
          played[indexes[i]!] = { stakes: BigInt(row.stakes), winnings: BigInt(row.winnings) };
        });
      }
      return played;
    },

    /** playedIn per currency (one currency when `currency` is given), in currency order. */
    async playedByCurrency(input: {
      playerId: string;
      currency?: string | null;
      start: Date;
      end: Date;
    }): Promise<{ currency: string; stakes: bigint; winnings: bigint }[]> {
      const rows = await db.query<{ currency: string; stakes: string; winnings: string }>(
        `SELECT w.currency, ${PLAY_TOTALS}
           FROM wallet_accounts w ${playRows("$3", "$4", onQuarters(input))}
          WHERE w.player_id = $1 AND ($2::text IS NULL OR w.currency = $2)
          GROUP BY w.currency
          ORDER BY w.currency`,
        [input.playerId, input.currency ?? null, input.start, input.end],
      );
      return rows.map((row) => ({
        currency: row.currency,
        stakes: BigInt(row.stakes),
        winnings: BigInt(row.winnings),
      }));
    },
  };
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
