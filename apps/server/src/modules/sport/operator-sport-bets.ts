// The operator's sports bets (GET /api/operator/sport-bets, scope players; .../liability, scopes
// players and reports): the bets a sportsbook provider recorded, searched by player, event and
// status, and the open liability per event and market.
import type {
  OperatorSportBet,
  OperatorSportBetQuery,
  OperatorSportLiability,
  OperatorSportLiabilityQuery,
} from "@casino/contract/operator-sport";
import type { PageMeta } from "@casino/contract/pagination";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { currencySubunits } from "../settings/list-currencies";
import type { SportBetRow } from "./repository";
import { sportBetViews } from "./view";

type OperatorRow = SportBetRow & {
  round_id: string;
  provider: string;
  email: string | null;
  total: string;
};

/** GET /api/operator/sport-bets. */
export async function listOperatorSportBets(
  ctx: AppContext,
  query: OperatorSportBetQuery,
): Promise<{ data: OperatorSportBet[]; meta: PageMeta }> {
  // An event filter matches a leg's event id exactly or every word of its name.
  const words = query.event ? query.event.toLowerCase().split(/\s+/).filter(Boolean) : null;
  const rows = await ctx.db.query<OperatorRow>(
    `SELECT b.id::text AS id, b.profile_id::text AS profile_id, b.bet_type, b.system, b.currency,
            b.total_odds::text AS total_odds, b.stake::text AS stake,
            b.potential_payout::text AS potential_payout, b.payout::text AS payout, b.status,
            b.placed_at, b.settled_at, b.round_id::text AS round_id, p.name AS provider,
            pl.email, count(*) OVER () AS total
       FROM sport_bets b
       JOIN game_providers p ON p.id = b.provider_id
       JOIN players pl ON pl.id = b.profile_id
      WHERE ($1::uuid IS NULL OR b.profile_id = $1::uuid)
        AND ($2::text IS NULL OR b.status = $2::text)
        AND ($3::text IS NULL OR EXISTS (
              SELECT 1 FROM sport_bet_legs l
               WHERE l.bet_id = b.id
                 AND (l.event_id = $3::text
                      OR (SELECT bool_and(strpos(lower(l.event), w) > 0)
                            FROM unnest($4::text[]) AS w))))
      ORDER BY b.placed_at DESC, b.id DESC
      LIMIT $5 OFFSET $6`,
    [
      query.player ?? null,
      query.status ?? null,
      query.event ?? null,
      words ?? [],
      query.perPage,
      (query.page - 1) * query.perPage,
    ],
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the count without the page.
    const [count] = await ctx.db.query<{ total: string }>(
      `SELECT count(*) AS total FROM sport_bets b
        WHERE ($1::uuid IS NULL OR b.profile_id = $1::uuid)
          AND ($2::text IS NULL OR b.status = $2::text)
          AND ($3::text IS NULL OR EXISTS (
                SELECT 1 FROM sport_bet_legs l
                 WHERE l.bet_id = b.id
                   AND (l.event_id = $3::text
                        OR (SELECT bool_and(strpos(lower(l.event), w) > 0)
                              FROM unnest($4::text[]) AS w))))`,
      [query.player ?? null, query.status ?? null, query.event ?? null, words ?? []],
    );
    total = Number(count?.total ?? 0);
  }
  const views = await sportBetViews(ctx.db, rows);
  return {
    data: views.map((view, n) => ({
      ...view,
      playerId: rows[n]!.profile_id,
      playerEmail: rows[n]!.email,
      provider: rows[n]!.provider,
      roundId: rows[n]!.round_id,
    })),
    meta: { page: query.page, perPage: query.perPage, total },
  };
}

/** GET /api/operator/sport-bets/liability: open bets per event, market and currency. */
export async function sportLiability(
  ctx: AppContext,
  query: OperatorSportLiabilityQuery,
): Promise<OperatorSportLiability[]> {
  const [rows, subunits] = await Promise.all([
    ctx.db.query<{
      event_id: string;
      event: string;
      sport: string;
      starts_at: Date | string;
      market: string;
      currency: string;
      open_bets: string;
      stakes: string;
      liability: string;
    }>(
      `SELECT l.event_id, max(l.event) AS event, max(l.sport) AS sport,
              min(l.starts_at) AS starts_at, l.market, b.currency,
              count(DISTINCT b.id) AS open_bets, sum(b.stake)::text AS stakes,
              sum(b.potential_payout)::text AS liability
         FROM sport_bets b
         JOIN sport_bet_legs l ON l.bet_id = b.id
        WHERE b.status = 'open'
          AND ($1::text IS NULL OR b.currency = $1::text)
          AND ($2::text IS NULL OR l.event_id = $2::text)
        GROUP BY l.event_id, l.market, b.currency
        ORDER BY sum(b.potential_payout) DESC, l.event_id, l.market, b.currency
        LIMIT $3`,
      [query.currency ?? null, query.event ?? null, query.limit],
    ),
    currencySubunits(ctx.db),
  ]);
  return rows.map((row) => {
    const units = subunits.get(row.currency) ?? 100;
    return {
      eventId: row.event_id,
      event: row.event,
      sport: row.sport,
      startsAt: new Date(row.starts_at).toISOString(),
      market: row.market,
      currency: row.currency,
      openBets: Number(row.open_bets),
      stakes: formatAmount(BigInt(row.stakes), units),
      liability: formatAmount(BigInt(row.liability), units),
    };
  });
}
