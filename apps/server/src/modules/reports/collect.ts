// The figures behind the operator's reports (migrations 0052, 0053): the domain-event consumer
// "reports" adds each settled round, late refund (to its round's day), deposit, paid
// withdrawal and promotional cost (bonus money granted, forfeited and converted, tournament cash
// prizes, the operator's adjustments) to its UTC day's rows, in the dispatcher's transaction, so every event counts exactly once (ADR 0009). A batch
// of events becomes one upsert per table. On its first start the consumer fills the tables from
// what happened before it existed (backfillReports).

import type { Db, Queryable } from "../../infra/db";
import type {
  BetSettledPayload,
  BonusMoneyPayload,
  DomainEvent,
  InvoiceSucceededPayload,
  TournamentPrizePaidPayload,
  WalletAdjustedPayload,
} from "../../infra/domain-events";

export const REPORT_CONSUMER = "reports";
export const REPORT_EVENT_TYPES = [
  "game.bet.settled",
  "game.bet.refunded",
  "payment.deposit.succeeded",
  "payment.withdrawal.paid",
  "bonus.granted",
  "bonus.forfeited",
  "bonus.converted",
  "tournament.prize.paid",
  "wallet.adjusted",
] as const;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

interface DayRow {
  deposits: bigint;
  depositAmount: bigint;
  withdrawals: bigint;
  withdrawalAmount: bigint;
  rounds: bigint;
  stakes: bigint;
  wins: bigint;
  refunds: bigint;
  bonusGranted: bigint;
  bonusForfeited: bigint;
  bonusConverted: bigint;
  prizes: bigint;
  adjustmentCredits: bigint;
  adjustmentDebits: bigint;
}
type GameRow = Pick<DayRow, "rounds" | "stakes" | "wins" | "refunds">;

const emptyDay = (): DayRow => ({
  deposits: 0n,
  depositAmount: 0n,
  withdrawals: 0n,
  withdrawalAmount: 0n,
  rounds: 0n,
  stakes: 0n,
  wins: 0n,
  refunds: 0n,
  bonusGranted: 0n,
  bonusForfeited: 0n,
  bonusConverted: 0n,
  prizes: 0n,
  adjustmentCredits: 0n,
  adjustmentDebits: 0n,
});

/** The promotional cost columns (migration 0053) and the events that add to them. */
const BONUS_FIELD = {
  "bonus.granted": "bonusGranted",
  "bonus.forfeited": "bonusForfeited",
  "bonus.converted": "bonusConverted",
} as const;

/** The map's row of `key`, made empty when missing. */
function rowOf<T>(rows: Map<string, T>, key: string, empty: () => T): T {
  const found = rows.get(key);
  if (found) return found;
  const row = empty();
  rows.set(key, row);
  return row;
}

/** What a batch of events adds, summed per key in memory before one write per table. */
class Tally {
  readonly days = new Map<string, DayRow>();
  readonly games = new Map<string, GameRow>();
  readonly players = new Set<string>();
  /** player → [day, currency] of their first deposit in this batch. */
  readonly firstDeposits = new Map<string, [string, string]>();

  day(day: string, currency: string): DayRow {
    return rowOf(this.days, `${day}|${currency}`, emptyDay);
  }

  game(day: string, currency: string, gameId: number): GameRow {
    return rowOf(this.games, `${day}|${currency}|${gameId}`, () => ({
      rounds: 0n,
      stakes: 0n,
      wins: 0n,
      refunds: 0n,
    }));
  }

  add(event: DomainEvent): void {
    switch (event.type) {
      case "game.bet.settled": {
        const bet = event.payload as unknown as BetSettledPayload;
        const day = utcDay(bet.closedAt ?? event.createdAt);
        for (const row of [this.day(day, bet.currency), this.game(day, bet.currency, bet.gameId)]) {
          row.rounds += 1n;
          row.stakes += BigInt(bet.betAmount);
          row.wins += BigInt(bet.winAmount);
          row.refunds += BigInt(bet.refundAmount);
        }
        this.players.add(`${day}|${bet.currency}|bettor|${bet.playerId}`);
        return;
      }
      case "game.bet.refunded": {
        // A late refund counts on the day its round settled, as the backfill counts it.
        const bet = event.payload as unknown as BetSettledPayload;
        const day = utcDay(bet.closedAt ?? event.createdAt);
        const refunded = BigInt(bet.refundedNow ?? "0");
        this.day(day, bet.currency).refunds += refunded;
        this.game(day, bet.currency, bet.gameId).refunds += refunded;
        return;
      }
      case "payment.deposit.succeeded": {
        const invoice = event.payload as unknown as InvoiceSucceededPayload;
        const day = utcDay(invoice.completedAt ?? event.createdAt);
        const row = this.day(day, invoice.currency);
        row.deposits += 1n;
        row.depositAmount += BigInt(invoice.amount);
        this.players.add(`${day}|${invoice.currency}|depositor|${invoice.playerId}`);
        if (!this.firstDeposits.has(invoice.playerId)) {
          this.firstDeposits.set(invoice.playerId, [day, invoice.currency]);
        }
        return;
      }
      case "payment.withdrawal.paid": {
        const invoice = event.payload as unknown as InvoiceSucceededPayload;
        const row = this.day(utcDay(invoice.completedAt ?? event.createdAt), invoice.currency);
        row.withdrawals += 1n;
        row.withdrawalAmount += BigInt(invoice.amount);
        return;
      }
      case "bonus.granted":
      case "bonus.forfeited":
      case "bonus.converted": {
        const bonus = event.payload as unknown as BonusMoneyPayload;
        const row = this.day(utcDay(bonus.at ?? event.createdAt), bonus.currency);
        row[BONUS_FIELD[event.type]] += BigInt(bonus.amount);
        return;
      }
      case "tournament.prize.paid": {
        const prize = event.payload as unknown as TournamentPrizePaidPayload;
        this.day(utcDay(prize.at ?? event.createdAt), prize.currency).prizes += BigInt(
          prize.amount,
        );
        return;
      }
      case "wallet.adjusted": {
        const adjusted = event.payload as unknown as WalletAdjustedPayload;
        const row = this.day(utcDay(adjusted.at ?? event.createdAt), adjusted.currency);
        const amount = BigInt(adjusted.amount);
        if (amount >= 0n) row.adjustmentCredits += amount;
        else row.adjustmentDebits -= amount;
        return;
      }
    }
  }

  async write(tx: Queryable): Promise<void> {
    if (this.days.size > 0) {
      const keys = [...this.days.keys()].map((key) => key.split("|"));
      const rows = [...this.days.values()];
      const column = (pick: (row: DayRow) => bigint) => rows.map((row) => pick(row).toString());
      await tx.query(
        `INSERT INTO report_daily AS r (day, currency, deposits, deposit_amount, withdrawals,
                                        withdrawal_amount, rounds, stakes, wins, refunds,
                                        bonus_granted, bonus_forfeited, bonus_converted, prizes,
                                        adjustment_credits, adjustment_debits)
         SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[], $4::numeric[], $5::bigint[],
                              $6::numeric[], $7::bigint[], $8::numeric[], $9::numeric[],
                              $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[],
                              $14::numeric[], $15::numeric[], $16::numeric[])
         ON CONFLICT (day, currency) DO UPDATE SET
           deposits = r.deposits + EXCLUDED.deposits,
           deposit_amount = r.deposit_amount + EXCLUDED.deposit_amount,
           withdrawals = r.withdrawals + EXCLUDED.withdrawals,
           withdrawal_amount = r.withdrawal_amount + EXCLUDED.withdrawal_amount,
           rounds = r.rounds + EXCLUDED.rounds,
           stakes = r.stakes + EXCLUDED.stakes,
           wins = r.wins + EXCLUDED.wins,
           refunds = r.refunds + EXCLUDED.refunds,
           bonus_granted = r.bonus_granted + EXCLUDED.bonus_granted,
           bonus_forfeited = r.bonus_forfeited + EXCLUDED.bonus_forfeited,
           bonus_converted = r.bonus_converted + EXCLUDED.bonus_converted,
           prizes = r.prizes + EXCLUDED.prizes,
           adjustment_credits = r.adjustment_credits + EXCLUDED.adjustment_credits,
           adjustment_debits = r.adjustment_debits + EXCLUDED.adjustment_debits`,
        [
          keys.map((key) => key[0]),
          keys.map((key) => key[1]),
          column((row) => row.deposits),
          column((row) => row.depositAmount),
          column((row) => row.withdrawals),
          column((row) => row.withdrawalAmount),
          column((row) => row.rounds),
          column((row) => row.stakes),
          column((row) => row.wins),
          column((row) => row.refunds),
          column((row) => row.bonusGranted),
          column((row) => row.bonusForfeited),
          column((row) => row.bonusConverted),
          column((row) => row.prizes),
          column((row) => row.adjustmentCredits),
          column((row) => row.adjustmentDebits),
        ],
      );
    }
    if (this.games.size > 0) {
      const keys = [...this.games.keys()].map((key) => key.split("|"));
      const rows = [...this.games.values()];
      const column = (pick: (row: GameRow) => bigint) => rows.map((row) => pick(row).toString());
      await tx.query(
        `INSERT INTO report_game_daily AS r (day, currency, game_id, rounds, stakes, wins, refunds)
         SELECT * FROM unnest($1::date[], $2::text[], $3::integer[], $4::bigint[],
                              $5::numeric[], $6::numeric[], $7::numeric[])
         ON CONFLICT (currency, day, game_id) DO UPDATE SET
           rounds = r.rounds + EXCLUDED.rounds,
           stakes = r.stakes + EXCLUDED.stakes,
           wins = r.wins + EXCLUDED.wins,
           refunds = r.refunds + EXCLUDED.refunds`,
        [
          keys.map((key) => key[0]),
          keys.map((key) => key[1]),
          keys.map((key) => Number(key[2])),
          column((row) => row.rounds),
          column((row) => row.stakes),
          column((row) => row.wins),
          column((row) => row.refunds),
        ],
      );
    }
    if (this.players.size > 0) {
      const keys = [...this.players].map((key) => key.split("|"));
      await tx.query(
        `INSERT INTO report_day_players (day, currency, kind, player_id)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::uuid[])
         ON CONFLICT DO NOTHING`,
        [0, 1, 2, 3].map((index) => keys.map((key) => key[index])),
      );
    }
    if (this.firstDeposits.size > 0) {
      const entries = [...this.firstDeposits];
      await tx.query(
        `INSERT INTO report_first_deposits (player_id, day, currency)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::text[])
         ON CONFLICT (player_id) DO NOTHING`,
        [
          entries.map(([player]) => player),
          entries.map(([, [day]]) => day),
          entries.map(([, [, currency]]) => currency),
        ],
      );
    }
  }
}

/** The consumer's batch handler: the batch's events, summed, in one write per table. */
export async function collectReportEvents(
  tx: Queryable,
  events: readonly DomainEvent[],
): Promise<void> {
  const tally = new Tally();
  for (const event of events) tally.add(event);
  await tally.write(tx);
}

/**
 * The consumer's first start: its cursor at the end of the event log, and the report tables
 * filled from the rounds, invoices and promotional postings before it (the last through
 * report_fill_promotions, migration 0053, which also filled them for installations whose first
 * start was before it), in one transaction, so each fact counts once:
 * what the backfill reads is what the events up to the cursor said. A second server starting at
 * the same time waits on the cursor row and then does nothing. Returns whether it filled them.
 */
export async function backfillReports(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const placed = await tx.query(
      `INSERT INTO domain_event_cursors (consumer, tx, event_id)
       SELECT $1, coalesce(last.tx, '0'), coalesce(last.id, 0)
         FROM (SELECT 1) one
         LEFT JOIN (SELECT tx, id FROM domain_events ORDER BY tx DESC, id DESC LIMIT 1) last
           ON true
       ON CONFLICT (consumer) DO NOTHING
       RETURNING consumer`,
      [REPORT_CONSUMER],
    );
    if (placed.length === 0) return false;
    const closed = `FROM game_rounds WHERE status = 'closed'`;
    const day = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;
    await tx.query(
      `INSERT INTO report_daily (day, currency, rounds, stakes, wins, refunds)
       SELECT ${day("closed_at")}, currency, count(*), sum(bet_amount), sum(win_amount),
              sum(refund_amount)
         ${closed} GROUP BY 1, 2`,
    );
    await tx.query(
      `INSERT INTO report_game_daily (day, currency, game_id, rounds, stakes, wins, refunds)
       SELECT ${day("closed_at")}, currency, game_id, count(*), sum(bet_amount), sum(win_amount),
              sum(refund_amount)
         ${closed} GROUP BY 1, 2, 3`,
    );
    await tx.query(
      `INSERT INTO report_day_players (day, currency, kind, player_id)
       SELECT DISTINCT ${day("closed_at")}, currency, 'bettor', player_id ${closed}`,
    );
    // Invoices: type 1 deposit, 2 withdrawal; status 2 succeeded.
    const succeeded = `FROM payment_invoices WHERE status = 2`;
    const completed = day("coalesce(completed_at, updated_at)");
    await tx.query(
      `INSERT INTO report_daily AS r (day, currency, deposits, deposit_amount, withdrawals,
                                      withdrawal_amount)
       SELECT ${completed}, currency,
              count(*) FILTER (WHERE type = 1), coalesce(sum(amount) FILTER (WHERE type = 1), 0),
              count(*) FILTER (WHERE type <> 1), coalesce(sum(amount) FILTER (WHERE type <> 1), 0)
         ${succeeded} GROUP BY 1, 2
       ON CONFLICT (day, currency) DO UPDATE SET
         deposits = EXCLUDED.deposits, deposit_amount = EXCLUDED.deposit_amount,
         withdrawals = EXCLUDED.withdrawals, withdrawal_amount = EXCLUDED.withdrawal_amount`,
    );
    await tx.query(
      `INSERT INTO report_day_players (day, currency, kind, player_id)
       SELECT DISTINCT ${completed}, currency, 'depositor', player_id ${succeeded} AND type = 1`,
    );
    await tx.query(
      `INSERT INTO report_first_deposits (player_id, day, currency)
       SELECT DISTINCT ON (player_id) player_id, ${completed}, currency
         ${succeeded} AND type = 1
        ORDER BY player_id, coalesce(completed_at, updated_at), id`,
    );
    await tx.query("SELECT report_fill_promotions()");
    return true;
  });
}
