// Sports bets kept by the platform (migration 0077; docs/provider-wallet-api.md "Sports
// betting"): a sportsbook's bet call carries `sportBet` (type, odds, legs); the platform inserts
// it in the transaction that takes the stake, and updates it in the transaction of every call
// that settles, voids, cashes out or resettles it. Each change raises the domain event
// sport.bet.updated { sportBetId, profileId } (ADR 0009) in the same statement, keyed by the
// bet's version: a replayed call changes nothing, so it raises nothing.
import type { SportBetMeta, SportSettlement } from "@casino/contract/game";
import type { Queryable } from "../../infra/db";
import type { MoneyCall } from "./wallet-calls";

/** A sports bet to keep: the call's metadata and what the platform knows of the call. */
export interface NewSportBet {
  roundId: string;
  providerId: number;
  profileId: string;
  accountId: string;
  currency: string;
  stake: bigint;
  potentialPayout: bigint;
  meta: SportBetMeta;
}

/** A change of a sports bet, by its round. */
export interface SportBetChange {
  roundId: string;
  /** Added to what the bet has given back (negative: a resettlement down). */
  payout: bigint;
  /** Added to what the player owes on it (resettle debit not covered; paid off by a credit). */
  shortfall?: bigint;
  /** The new status; null: won or lost by the payout when `close`, else unchanged. */
  status: SportSettlement["status"] | null;
  close: boolean;
  legs?: SportSettlement["legs"] | undefined;
}

export interface SportBetRow {
  id: string;
  stake: bigint;
  payout: bigint;
  shortfall: bigint;
  status: string;
}

/** The domain event of each changed row of `source` (id, profile_id, version). */
const RAISE = (source: string, at: string) => `
  SELECT raise_domain_event('sport.bet.updated',
           'sport.bet.updated:' || ${source}.id || ':' || ${source}.version, ${source}.profile_id,
           jsonb_build_object('sportBetId', ${source}.id::text,
                              'profileId', ${source}.profile_id::text), ${at})
    FROM ${source}`;

export function sportBetRepository(db: Queryable) {
  return {
    /** Inserts bets with their legs and raises sport.bet.updated for each, in one statement. */
    async insert(bets: readonly NewSportBet[], now: Date): Promise<void> {
      if (bets.length === 0) return;
      await db.query(
        `WITH b AS (
           SELECT * FROM unnest($1::bigint[], $2::integer[], $3::uuid[], $4::uuid[], $5::text[],
                                $6::text[], $7::text[], $8::numeric[], $9::bigint[], $10::bigint[],
                                $11::jsonb[])
                    WITH ORDINALITY AS b(round_id, provider_id, profile_id, account_id, currency,
                                         bet_type, system, total_odds, stake, potential_payout,
                                         legs, n)
         ), ins AS (
           INSERT INTO sport_bets (round_id, provider_id, profile_id, account_id, currency,
             bet_type, system, total_odds, stake, potential_payout, placed_at, updated_at)
           SELECT round_id, provider_id, profile_id, account_id, currency, bet_type, system,
                  total_odds, stake, potential_payout, $12, $12
             FROM b ORDER BY n
           RETURNING id, round_id, profile_id, version
         ), legs AS (
           INSERT INTO sport_bet_legs (bet_id, idx, event_id, event, sport, league, starts_at,
             live, market, selection, odds)
           SELECT ins.id, (l.ord - 1)::smallint, l.v ->> 'eventId', l.v ->> 'event',
                  l.v ->> 'sport', l.v ->> 'league', (l.v ->> 'startsAt')::timestamptz,
                  (l.v ->> 'live')::boolean, l.v ->> 'market', l.v ->> 'selection',
                  (l.v ->> 'odds')::numeric
             FROM ins JOIN b ON b.round_id = ins.round_id
            CROSS JOIN LATERAL jsonb_array_elements(b.legs) WITH ORDINALITY AS l(v, ord)
         )
         ${RAISE("ins", "$12::timestamptz")}`,
        [
          bets.map((bet) => bet.roundId),
          bets.map((bet) => bet.providerId),
          bets.map((bet) => bet.profileId),
          bets.map((bet) => bet.accountId),
          bets.map((bet) => bet.currency),
          bets.map((bet) => bet.meta.type),
          bets.map((bet) => bet.meta.system),
          bets.map((bet) => bet.meta.totalOdds),
          bets.map((bet) => bet.stake.toString()),
          bets.map((bet) => bet.potentialPayout.toString()),
          bets.map((bet) => JSON.stringify(bet.meta.legs)),
          now,
        ],
      );
    },

    /**
     * Applies changes to the bets of these rounds (rounds without a sports bet are left alone),
     * each raising sport.bet.updated, in one statement.
     */
    async change(changes: readonly SportBetChange[], now: Date): Promise<void> {
      if (changes.length === 0) return;
      await db.query(
        `WITH w AS (
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[],
                                $5::boolean[], $6::jsonb[])
                    WITH ORDINALITY AS w(round_id, payout, shortfall, status, close, legs, n)
         ), u AS (
           UPDATE sport_bets s
              SET payout = s.payout + w.payout,
                  shortfall = s.shortfall + w.shortfall,
                  status = COALESCE(w.status,
                             CASE WHEN w.close AND s.status = 'open'
                                  THEN CASE WHEN s.payout + w.payout > 0 THEN 'won' ELSE 'lost' END
                                  ELSE s.status END),
                  settled_at = CASE WHEN w.close THEN COALESCE(s.settled_at, $7) ELSE s.settled_at END,
                  version = s.version + 1,
                  updated_at = $7
             FROM w WHERE s.round_id = w.round_id
           RETURNING s.id, s.profile_id, s.version
         ), l AS (
           UPDATE sport_bet_legs g SET result = r.v ->> 'result'
             FROM w JOIN sport_bets s ON s.round_id = w.round_id
            CROSS JOIN LATERAL jsonb_array_elements(w.legs) WITH ORDINALITY AS r(v, ord)
            WHERE g.bet_id = s.id AND g.idx = r.ord - 1
         )
         ${RAISE("u", "$7::timestamptz")}`,
        [
          changes.map((change) => change.roundId),
          changes.map((change) => change.payout.toString()),
          changes.map((change) => (change.shortfall ?? 0n).toString()),
          changes.map((change) => change.status),
          changes.map((change) => change.close),
          changes.map((change) => (change.legs ? JSON.stringify(change.legs) : null)),
          now,
        ],
      );
    },

    /** The sports bet of a round, locked (resettle reads what it paid so far). */
    async findByRound(roundId: string): Promise<SportBetRow | null> {
      const [row] = await db.query<{
        id: string;
        stake: string;
        payout: string;
        shortfall: string;
        status: string;
      }>(
        `SELECT id::text AS id, stake::text AS stake, payout::text AS payout,
                shortfall::text AS shortfall, status
           FROM sport_bets WHERE round_id = $1 FOR UPDATE`,
        [roundId],
      );
      if (!row) return null;
      return {
        id: row.id,
        stake: BigInt(row.stake),
        payout: BigInt(row.payout),
        shortfall: BigInt(row.shortfall),
        status: row.status,
      };
    },
  };
}

/**
 * What the bets and wins of a wallet batch (wallet-batch.ts) write about sports bets, after
 * their rounds were recorded (`roundIds`, in the order of `calls`): a bet with `sportBet` is
 * kept; a win of a sportsbook (or one with `settlement`) settles its round's bet. Two
 * statements for the whole batch at most, none when it has no sports bet.
 */
export async function recordSportCalls(
  tx: Queryable,
  calls: readonly MoneyCall[],
  roundIds: readonly string[],
  now: Date,
): Promise<void> {
  const bets: NewSportBet[] = [];
  const changes: SportBetChange[] = [];
  calls.forEach((call, index) => {
    const roundId = roundIds[index];
    if (roundId === undefined) return;
    const { body, session } = call;
    if (call.kind === "bet" && body.sportBet) {
      bets.push({
        roundId,
        providerId: call.provider.id,
        profileId: session.playerId,
        accountId: session.walletAccountId,
        currency: session.currency,
        stake: call.amount,
        potentialPayout: call.potentialPayout ?? 0n,
        meta: body.sportBet,
      });
    } else if (call.kind === "win" && (call.provider.sportsbook || body.settlement)) {
      changes.push({
        roundId,
        payout: call.amount,
        status: body.settlement?.status ?? null,
        close: body.closeRound,
        legs: body.settlement?.legs,
      });
    }
  });
  const sportBets = sportBetRepository(tx);
  await sportBets.insert(bets, now);
  await sportBets.change(changes, now);
}
