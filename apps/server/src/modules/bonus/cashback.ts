// Cashback (API-56, BN-12; README "Bonuses"): a percentage of the net loss of a period (stakes −
// refunds − wins of rounds created in it), capped at max_amount, nothing below min_amount. Periods
// are UTC calendar periods (ISO week from Monday).
// - GET /api/game/bonuses/cashback?currency: the configuration and what the current period would
//   pay so far.
// - payCashback (job): once a period has ended, each player who lost in it gets the amount as a
//   bonus of the config's linked definition (its wagering and expiry), issued once per player,
//   currency and window (issueBonus by source). A window (cashback_windows, migration 0040)
//   starts where the currency's last one ended, so a change of the period never pays a loss
//   twice. Players in a self-exclusion or cooling-off get none (it is a promotion).
import type { Cashback } from "@casino/contract/bonus";
import { formatAmount } from "@casino/money/format";
import { percentOf } from "@casino/money/percentage";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { trimDecimal } from "./definitions";
import { issueBonus } from "./issue-bonus";

type Period = Cashback["period"];

interface CashbackConfig {
  currency: string;
  percentage: string;
  period: Period;
  min_amount: string;
  max_amount: string | null;
  wager_multiplier: string;
  bonus_id: number | null;
}

const CONFIG_COLUMNS = `c.currency, c.percentage::text, c.period, c.min_amount::text,
  c.max_amount::text, COALESCE(b.wager_multiplier, c.wager_multiplier)::text AS wager_multiplier,
  c.bonus_id`;

export function periodOf(period: Period, now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  if (period === "daily")
    return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
  if (period === "monthly")
    return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  const back = (now.getUTCDay() + 6) % 7;
  return { start: new Date(Date.UTC(y, m, d - back)), end: new Date(Date.UTC(y, m, d - back + 7)) };
}

/** What a net loss (minor units) pays under a config: the percentage, capped, 0 below the minimum. */
export function cashbackAmount(netLoss: bigint, config: CashbackConfig): bigint {
  if (netLoss <= 0n) return 0n;
  let amount = percentOf(netLoss, config.percentage);
  const max = config.max_amount === null ? null : BigInt(config.max_amount);
  if (max !== null && amount > max) amount = max;
  return amount < BigInt(config.min_amount) ? 0n : amount;
}

export async function getCashback(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<Cashback | null> {
  // A switched-off currency too: players may still play in it, and its cashback is still paid.
  const [currencyRow] = await ctx.db.query<{ subunit: string }>(
    "SELECT subunit_to_unit::text AS subunit FROM currencies WHERE code = $1",
    [currency],
  );
  if (!currencyRow) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  const [config] = await ctx.db.query<CashbackConfig>(
    `SELECT ${CONFIG_COLUMNS} FROM cashback_configs c LEFT JOIN bonuses b ON b.id = c.bonus_id
      WHERE c.currency = $1 AND c.is_enabled`,
    [currency],
  );
  if (!config) return null;
  const subunit = BigInt(currencyRow.subunit);
  const period = periodOf(config.period, ctx.now());
  // What the next payout will cover: from the period's start, or from where the last window
  // ended when that is later (the period was changed to a longer one mid-way).
  const covered = await coveredUntil(ctx.db, currency);
  const start = covered && covered.getTime() > period.start.getTime() ? covered : period.start;
  const { end } = period;
  const [played] = await ctx.db.query<{ net: string }>(
    `SELECT COALESCE(sum(bet_amount - refund_amount - win_amount), 0)::text AS net
       FROM game_rounds
      WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
    [playerId, currency, start, end],
  );
  const net = BigInt(played?.net ?? "0");
  const netLoss = net > 0n ? net : 0n;
  const text = (value: bigint) => formatAmount(value, subunit);
  return {
    currency,
    percentage: trimDecimal(config.percentage),
    period: config.period,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    netLoss: text(netLoss),
    amount: text(cashbackAmount(netLoss, config)),
    minAmount: text(BigInt(config.min_amount)),
    maxAmount: config.max_amount === null ? null : text(BigInt(config.max_amount)),
    wagerMultiplier: trimDecimal(config.wager_multiplier),
  };
}

/** The source that makes a payout once per player, currency and window (by its start). */
export const cashbackSource = (currency: string, start: Date) =>
  `cashback:${currency}:${start.toISOString()}`;

interface CashbackWindow {
  currency: string;
  starts_at: Date;
  ends_at: Date;
}

/** Where the currency's next window starts: the end of its last one, if any. */
export async function coveredUntil(db: Queryable, currency: string): Promise<Date | null> {
  const [last] = await db.query<{ ends_at: Date | string }>(
    "SELECT max(ends_at) AS ends_at FROM cashback_windows WHERE currency = $1",
    [currency],
  );
  return last?.ends_at ? new Date(last.ends_at) : null;
}

/**
 * Records the window of every config whose last period ended after its currency's last window:
 * from that window's end (or, for the first, the period's start) to the period's end. It pays
 * when the config is enabled and linked to a bonus; otherwise it only marks the time covered
 * (so switching on later pays nothing for the time it was off). Windows never overlap, so a
 * change of the period pays no loss twice, and leave no gap.
 */
async function recordWindows(ctx: AppContext, now: Date): Promise<void> {
  const currencies = await ctx.db.query<{ currency: string }>(
    "SELECT currency FROM cashback_configs ORDER BY currency",
  );
  for (const { currency } of currencies) {
    // Under the config's row lock, which the operator's PUT takes too: the period read and the
    // window written belong together, and a second run waits and finds the window written.
    await ctx.db.transaction(async (tx) => {
      const [config] = await tx.query<{ period: Period; pays: boolean }>(
        `SELECT period, is_enabled AND bonus_id IS NOT NULL AS pays
           FROM cashback_configs WHERE currency = $1 FOR UPDATE`,
        [currency],
      );
      if (!config) return;
      const current = periodOf(config.period, now);
      const ended = periodOf(config.period, new Date(current.start.getTime() - 1));
      const start = (await coveredUntil(tx, currency)) ?? ended.start;
      if (start.getTime() >= ended.end.getTime()) return;
      await tx.query(
        `INSERT INTO cashback_windows (currency, starts_at, ends_at, pays, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (currency, ends_at) DO NOTHING`,
        [currency, start, ended.end, config.pays, now],
      );
    });
  }
}

/**
 * Pays every window not yet completed: each player whose rounds of the window lost money gets
 * the configured share as a bonus of the linked definition; returns how many bonuses it issued.
 * Safe to run again and on several nodes: issueBonus is idempotent by source under the player's
 * lock, and players already paid are skipped by the scan; a crash mid-window leaves it open for
 * the next run.
 */
export async function payCashback(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  await recordWindows(ctx, now);
  const windows = await ctx.db.query<CashbackWindow & CashbackConfig>(
    `SELECT w.currency, w.starts_at, w.ends_at, ${CONFIG_COLUMNS}
       FROM cashback_windows w
       JOIN cashback_configs c ON c.currency = w.currency
       JOIN bonuses b ON b.id = c.bonus_id
      WHERE w.pays AND w.completed_at IS NULL
      ORDER BY w.currency, w.ends_at`,
  );
  let issued = 0;
  for (const window of windows) {
    const start = new Date(window.starts_at);
    const source = cashbackSource(window.currency, start);
    const losers = await ctx.db.query<{ player_id: string; net: string }>(
      `SELECT r.player_id, sum(r.bet_amount - r.refund_amount - r.win_amount)::text AS net
         FROM game_rounds r
        WHERE r.currency = $1 AND r.created_at >= $2 AND r.created_at < $3
          AND NOT EXISTS (SELECT 1 FROM player_bonuses pb
                           WHERE pb.player_id = r.player_id AND pb.source = $4)
          AND NOT EXISTS (SELECT 1 FROM player_limits l
                           WHERE l.player_id = r.player_id AND l.definition IN (4, 5)
                             AND (l.expires_at IS NULL OR l.expires_at > $5))
        GROUP BY r.player_id
       HAVING sum(r.bet_amount - r.refund_amount - r.win_amount) > 0`,
      [window.currency, start, new Date(window.ends_at), source, now],
    );
    for (const loser of losers) {
      const amount = cashbackAmount(BigInt(loser.net), window);
      if (amount === 0n) continue;
      const result = await ctx.db.transaction((tx) =>
        issueBonus(tx, ctx, {
          playerId: loser.player_id,
          bonusId: Number(window.bonus_id),
          currency: window.currency,
          source,
          amount,
        }),
      );
      if (result?.created) issued++;
    }
    await ctx.db.query(
      `UPDATE cashback_windows SET completed_at = $3
        WHERE currency = $1 AND ends_at = $2 AND completed_at IS NULL`,
      [window.currency, new Date(window.ends_at), now],
    );
  }
  return issued;
}
