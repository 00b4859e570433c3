// The book's SQL (tables sportsbook_*, migration 0084). Nothing here reads a platform table.
import type { Queryable } from "../../infra/db";
import type { EventOverride } from "./engine";
import type { SettlementCall } from "./platform-client";

export interface SessionRecord {
  tokenHash: string;
  playerId: string;
  platformToken: string;
  currency: string;
  decimals: number;
  expiresAt: Date;
}

export interface LegRecord {
  eventId: string;
  event: string;
  sport: string;
  league: string;
  startsAt: string;
  live: boolean;
  marketId: string;
  market: string;
  selectionId: string;
  selection: string;
  odds: string;
  result: "won" | "lost" | "void" | null;
}

export type BetStatus =
  | "placing"
  | "open"
  | "refused"
  | "cancelling"
  | "cancelled"
  | "settling"
  | "resettling"
  | "won"
  | "lost"
  | "void"
  | "cashed_out";

/** The settlement being sent: the call, and what the bet becomes once the platform takes it. */
export interface PendingSettlement {
  item: SettlementCall;
  status: "won" | "lost" | "void" | "cashed_out";
  payout: string;
  legs: LegRecord["result"][];
}

export interface BetRecord {
  id: string;
  playerId: string;
  requestId: string;
  platformToken: string;
  currency: string;
  decimals: number;
  type: "single" | "multiple" | "system";
  system: string | null;
  stake: bigint;
  totalOdds: string;
  potentialPayout: bigint;
  payout: bigint;
  status: BetStatus;
  legs: LegRecord[];
  pending: PendingSettlement | null;
  resettles: number;
  error: { code: number; message: string } | null;
  placedAt: Date;
  settledAt: Date | null;
  updatedAt: Date;
}

type Row = Record<string, unknown>;

function toBet(row: Row): BetRecord {
  return {
    id: row.id as string,
    playerId: row.player_id as string,
    requestId: row.request_id as string,
    platformToken: row.platform_token as string,
    currency: row.currency as string,
    decimals: Number(row.decimals),
    type: row.bet_type as BetRecord["type"],
    system: (row.system as string | null) ?? null,
    stake: BigInt(row.stake as string),
    totalOdds: Number(row.total_odds).toFixed(2),
    potentialPayout: BigInt(row.potential_payout as string),
    payout: BigInt(row.payout as string),
    status: row.status as BetStatus,
    legs: row.legs as LegRecord[],
    pending: (row.pending as PendingSettlement | null) ?? null,
    resettles: Number(row.resettles),
    error: (row.error as BetRecord["error"]) ?? null,
    placedAt: row.placed_at as Date,
    settledAt: (row.settled_at as Date | null) ?? null,
    updatedAt: row.updated_at as Date,
  };
}

export const SETTLED_STATUSES = ["won", "lost", "void", "cashed_out"] as const;
/** Statuses a player sees as "open" (a settlement may be on its way). */
export const OPEN_STATUSES = ["open", "settling"] as const;

export function bookRepository(db: Queryable) {
  return {
    async createSession(session: SessionRecord, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO sportsbook_sessions (token_hash, player_id, platform_token, currency, decimals,
           created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          session.tokenHash,
          session.playerId,
          session.platformToken,
          session.currency,
          session.decimals,
          now,
          session.expiresAt,
        ],
      );
    },

    async findSession(tokenHash: string): Promise<SessionRecord | null> {
      const [row] = await db.query<Row>("SELECT * FROM sportsbook_sessions WHERE token_hash = $1", [
        tokenHash,
      ]);
      if (!row) return null;
      return {
        tokenHash: row.token_hash as string,
        playerId: row.player_id as string,
        platformToken: row.platform_token as string,
        currency: row.currency as string,
        decimals: Number(row.decimals),
        expiresAt: row.expires_at as Date,
      };
    },

    /** false: the player already has a bet with this request id. */
    async insertBet(bet: BetRecord): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO sportsbook_bets (id, player_id, request_id, platform_token, currency, decimals,
           bet_type, system, stake, total_odds, potential_payout, status, legs, event_ids,
           placed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb, $14::text[], $15, $15)
         ON CONFLICT (player_id, request_id) DO NOTHING RETURNING id`,
        [
          bet.id,
          bet.playerId,
          bet.requestId,
          bet.platformToken,
          bet.currency,
          bet.decimals,
          bet.type,
          bet.system,
          bet.stake.toString(),
          bet.totalOdds,
          bet.potentialPayout.toString(),
          bet.status,
          JSON.stringify(bet.legs),
          [...new Set(bet.legs.map((leg) => leg.eventId))],
          bet.placedAt,
        ],
      );
      return rows.length > 0;
    },

    async findBet(id: string): Promise<BetRecord | null> {
      const [row] = await db.query<Row>("SELECT * FROM sportsbook_bets WHERE id = $1", [id]);
      return row ? toBet(row) : null;
    },

    async findByRequest(playerId: string, requestId: string): Promise<BetRecord | null> {
      const [row] = await db.query<Row>(
        "SELECT * FROM sportsbook_bets WHERE player_id = $1 AND request_id = $2",
        [playerId, requestId],
      );
      return row ? toBet(row) : null;
    },

    /** Compare-and-set of the status with what changes along. */
    async move(
      id: string,
      from: BetStatus[],
      to: BetStatus,
      change: {
        now: Date;
        pending?: PendingSettlement | null;
        payout?: bigint;
        legs?: LegRecord[];
        settled?: boolean;
        resettled?: boolean;
        error?: object | null;
      },
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE sportsbook_bets SET status = $3, updated_at = $4,
           pending = CASE WHEN $5::boolean THEN $6::jsonb ELSE pending END,
           payout = COALESCE($7::bigint, payout),
           legs = COALESCE($8::jsonb, legs),
           settled_at = CASE WHEN $9::boolean THEN $4 ELSE settled_at END,
           resettles = resettles + CASE WHEN $10::boolean THEN 1 ELSE 0 END,
           error = CASE WHEN $11::boolean THEN $12::jsonb ELSE error END
         WHERE id = $1 AND status = ANY ($2::text[]) RETURNING id`,
        [
          id,
          from,
          to,
          change.now,
          change.pending !== undefined,
          change.pending ? JSON.stringify(change.pending) : null,
          change.payout?.toString() ?? null,
          change.legs ? JSON.stringify(change.legs) : null,
          change.settled ?? false,
          change.resettled ?? false,
          change.error !== undefined,
          change.error ? JSON.stringify(change.error) : null,
        ],
      );
      return rows.length > 0;
    },

    /** open → settling for many bets at once; returns the ids that moved. */
    async markSettling(
      items: { id: string; pending: PendingSettlement }[],
      now: Date,
    ): Promise<Set<string>> {
      if (items.length === 0) return new Set();
      const rows = await db.query<{ id: string }>(
        `UPDATE sportsbook_bets b SET status = 'settling', pending = u.pending::jsonb, updated_at = $3
           FROM unnest($1::text[], $2::text[]) AS u(id, pending)
          WHERE b.id = u.id AND b.status = 'open' RETURNING b.id`,
        [items.map((item) => item.id), items.map((item) => JSON.stringify(item.pending)), now],
      );
      return new Set(rows.map((row) => row.id));
    },

    /** settling | resettling → the final status the platform took, for many bets at once. */
    async finishMany(
      items: { id: string; status: BetStatus; payout: bigint; legs: LegRecord[] }[],
      now: Date,
    ): Promise<number> {
      if (items.length === 0) return 0;
      const rows = await db.query<{ id: string }>(
        `UPDATE sportsbook_bets b SET status = u.status, payout = u.payout::bigint,
             legs = u.legs::jsonb, pending = NULL, error = NULL, settled_at = $5, updated_at = $5
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(id, status, payout, legs)
          WHERE b.id = u.id AND b.status IN ('settling', 'resettling') RETURNING b.id`,
        [
          items.map((item) => item.id),
          items.map((item) => item.status),
          items.map((item) => item.payout.toString()),
          items.map((item) => JSON.stringify(item.legs)),
          now,
        ],
      );
      return rows.length;
    },

    async noteErrors(items: { id: string; error: object }[], now: Date): Promise<void> {
      if (items.length === 0) return;
      await db.query(
        `UPDATE sportsbook_bets b SET error = u.error::jsonb, updated_at = $3
           FROM unnest($1::text[], $2::text[]) AS u(id, error) WHERE b.id = u.id`,
        [items.map((item) => item.id), items.map((item) => JSON.stringify(item.error)), now],
      );
    },

    async noteError(id: string, error: object, now: Date): Promise<void> {
      await db.query(
        "UPDATE sportsbook_bets SET error = $2::jsonb, updated_at = $3 WHERE id = $1",
        [id, JSON.stringify(error), now],
      );
    },

    async playerBets(playerId: string, settled: boolean, limit: number): Promise<BetRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE player_id = $1 AND status = ANY ($2::text[])
         ORDER BY placed_at DESC, id LIMIT $3`,
        [playerId, settled ? [...SETTLED_STATUSES] : [...OPEN_STATUSES, "resettling"], limit],
      );
      return rows.map(toBet);
    },

    async consoleBets(filter: {
      eventId?: string;
      status?: "open" | "settled";
      limit: number;
    }): Promise<BetRecord[]> {
      const statuses =
        filter.status === "open"
          ? [...OPEN_STATUSES]
          : filter.status === "settled"
            ? [...SETTLED_STATUSES, "resettling"]
            : [...OPEN_STATUSES, ...SETTLED_STATUSES, "resettling"];
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE status = ANY ($1::text[])
           AND ($2::text IS NULL OR event_ids @> ARRAY[$2::text])
         ORDER BY placed_at DESC, id LIMIT $3`,
        [statuses, filter.eventId ?? null, filter.limit],
      );
      return rows.map(toBet);
    },

    /** Open bets with a leg on one of these events (all open bets when null). */
    async openBets(eventIds: string[] | null, limit: number, after: string): Promise<BetRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE status = 'open' AND id > $3
           AND ($1::text[] IS NULL OR event_ids && $1::text[])
         ORDER BY id LIMIT $2`,
        [eventIds, limit, after],
      );
      return rows.map(toBet);
    },

    /** Settled bets with a leg on this event (for a resettlement). */
    async settledBetsOn(eventId: string): Promise<BetRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE status IN ('won', 'lost') AND event_ids @> ARRAY[$1::text]
         ORDER BY id`,
        [eventId],
      );
      return rows.map(toBet);
    },

    /** Bets whose settlement call is to be sent (or sent again). */
    async sendingBets(limit: number, olderThan: Date | null): Promise<BetRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE status IN ('settling', 'resettling')
           AND ($2::timestamptz IS NULL OR updated_at <= $2)
         ORDER BY updated_at, id LIMIT $1`,
        [limit, olderThan],
      );
      return rows.map(toBet);
    },

    /** Bets a placement left unfinished (crash or no answer). */
    async stuckPlacements(olderThan: Date, limit: number): Promise<BetRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM sportsbook_bets WHERE status IN ('placing', 'cancelling') AND updated_at <= $1
         ORDER BY updated_at LIMIT $2`,
        [olderThan, limit],
      );
      return rows.map(toBet);
    },

    async overrides(eventIds: string[]): Promise<Map<string, EventOverride>> {
      const rows = await db.query<Row>(
        "SELECT * FROM sportsbook_event_states WHERE event_id = ANY ($1::text[])",
        [eventIds],
      );
      return new Map(
        rows.map((row) => [
          row.event_id as string,
          {
            endedAt: (row.ended_at as Date | null) ?? null,
            voidedAt: (row.voided_at as Date | null) ?? null,
          },
        ]),
      );
    },

    async endEvent(eventId: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO sportsbook_event_states (event_id, ended_at, updated_at) VALUES ($1, $2, $2)
         ON CONFLICT (event_id) DO UPDATE
           SET ended_at = COALESCE(sportsbook_event_states.ended_at, $2), updated_at = $2`,
        [eventId, now],
      );
    },

    async voidEvent(eventId: string, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO sportsbook_event_states (event_id, voided_at, updated_at) VALUES ($1, $2, $2)
         ON CONFLICT (event_id) DO UPDATE
           SET voided_at = COALESCE(sportsbook_event_states.voided_at, $2), updated_at = $2`,
        [eventId, now],
      );
    },

    /** Console results by event: market id → winning selection id (null: void). */
    async results(eventIds: string[]): Promise<Map<string, Map<string, string | null>>> {
      const rows = await db.query<Row>(
        "SELECT * FROM sportsbook_results WHERE event_id = ANY ($1::text[])",
        [eventIds],
      );
      const out = new Map<string, Map<string, string | null>>();
      for (const row of rows) {
        const event = row.event_id as string;
        if (!out.has(event)) out.set(event, new Map());
        out.get(event)!.set(row.market_id as string, (row.selection_id as string | null) ?? null);
      }
      return out;
    },

    async setResult(
      eventId: string,
      marketId: string,
      selectionId: string | null,
      now: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO sportsbook_results (event_id, market_id, selection_id, source, set_at)
         VALUES ($1, $2, $3, 'console', $4)
         ON CONFLICT (event_id, market_id) DO UPDATE SET selection_id = $3, set_at = $4`,
        [eventId, marketId, selectionId, now],
      );
    },
  };
}
