// SQL over the sports bets the provider wallet records (sport_bets, sport_bet_legs; migration
// 0077, written by the wallet calls of a sportsbook provider).
import type { Queryable } from "../../infra/db";

export interface SportBetRow {
  id: string;
  profile_id: string;
  bet_type: string;
  system: string | null;
  currency: string;
  total_odds: string;
  stake: string;
  potential_payout: string;
  payout: string;
  status: string;
  placed_at: Date | string;
  settled_at: Date | string | null;
}

export interface SportLegRow {
  bet_id: string;
  idx: number;
  event_id: string;
  event: string;
  sport: string;
  league: string;
  starts_at: Date | string;
  live: boolean;
  market: string;
  selection: string;
  odds: string;
  result: string | null;
}

const BET_COLUMNS = `b.id::text AS id, b.profile_id::text AS profile_id, b.bet_type, b.system,
  b.currency, b.total_odds::text AS total_odds, b.stake::text AS stake,
  b.potential_payout::text AS potential_payout, b.payout::text AS payout, b.status,
  b.placed_at, b.settled_at`;

/** open: status open; settled: every other status; null: all. */
export type SportBetFilter = "open" | "settled" | null;

export function sportRepository(db: Queryable) {
  return {
    /** A player's bets, newest first, with the total of the filter. */
    async listForPlayer(input: {
      profileId: string;
      status: SportBetFilter;
      limit: number;
      offset: number;
    }): Promise<{ bets: SportBetRow[]; total: number }> {
      const bets = await db.query<SportBetRow & { total: string }>(
        `SELECT ${BET_COLUMNS}, count(*) OVER () AS total
           FROM sport_bets b
          WHERE b.profile_id = $1
            AND ($2::text IS NULL OR (b.status = 'open') = ($2::text = 'open'))
          ORDER BY b.placed_at DESC, b.id DESC
          LIMIT $3 OFFSET $4`,
        [input.profileId, input.status, input.limit, input.offset],
      );
      let total = bets[0] ? Number(bets[0].total) : 0;
      if (bets.length === 0 && input.offset > 0) {
        const [count] = await db.query<{ total: string }>(
          `SELECT count(*) AS total FROM sport_bets b
            WHERE b.profile_id = $1
              AND ($2::text IS NULL OR (b.status = 'open') = ($2::text = 'open'))`,
          [input.profileId, input.status],
        );
        total = Number(count?.total ?? 0);
      }
      return { bets, total };
    },

    /** Bets by id (any order). */
    byIds(ids: readonly string[]): Promise<SportBetRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.query<SportBetRow>(
        `SELECT ${BET_COLUMNS} FROM sport_bets b WHERE b.id = ANY($1::bigint[])`,
        [ids],
      );
    },

    /** The legs of these bets, by bet and index. */
    legsOf(betIds: readonly string[]): Promise<SportLegRow[]> {
      if (betIds.length === 0) return Promise.resolve([]);
      return db.query<SportLegRow>(
        `SELECT l.bet_id::text AS bet_id, l.idx, l.event_id, l.event, l.sport, l.league,
                l.starts_at, l.live, l.market, l.selection, l.odds::text AS odds, l.result
           FROM sport_bet_legs l
          WHERE l.bet_id = ANY($1::bigint[])
          ORDER BY l.bet_id, l.idx`,
        [betIds],
      );
    },
  };
}
