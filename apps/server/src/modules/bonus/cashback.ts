// GET /api/game/bonuses/cashback?currency (API-56, BN-12): the cashback configured for the
// currency (cashback_configs) and what the current period would pay: percentage of the net loss
// (stakes − refunds − wins of rounds created in the period), capped at max_amount, 0 below
// min_amount. Periods are UTC calendar periods (ISO week from Monday). Paying it out is not
// built yet (README "Bonuses").
import type { Cashback } from "@casino/contract/bonus";
import { formatAmount } from "@casino/money/format";
import { percentOf } from "@casino/money/percentage";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { trimDecimal } from "./definitions";

function periodOf(period: Cashback["period"], now: Date): { start: Date; end: Date } {
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

export async function getCashback(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<Cashback | null> {
  const [currencyRow] = await ctx.db.query<{ subunit: string }>(
    "SELECT subunit_to_unit::text AS subunit FROM currencies WHERE code = $1 AND is_enabled",
    [currency],
  );
  if (!currencyRow) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  const [config] = await ctx.db.query<{
    percentage: string;
    period: Cashback["period"];
    min_amount: string;
    max_amount: string | null;
    wager_multiplier: string;
  }>(
    `SELECT percentage::text, period, min_amount::text, max_amount::text,
            wager_multiplier::text FROM cashback_configs WHERE currency = $1 AND is_enabled`,
    [currency],
  );
  if (!config) return null;
  const subunit = BigInt(currencyRow.subunit);
  const { start, end } = periodOf(config.period, ctx.now());
  const [played] = await ctx.db.query<{ net: string }>(
    `SELECT COALESCE(sum(bet_amount - refund_amount - win_amount), 0)::text AS net
       FROM game_rounds
      WHERE player_id = $1 AND currency = $2 AND created_at >= $3 AND created_at < $4`,
    [playerId, currency, start, end],
  );
  const net = BigInt(played?.net ?? "0");
  const netLoss = net > 0n ? net : 0n;
  let amount = percentOf(netLoss, config.percentage);
  const min = BigInt(config.min_amount);
  const max = config.max_amount === null ? null : BigInt(config.max_amount);
  if (max !== null && amount > max) amount = max;
  if (amount < min) amount = 0n;
  const text = (value: bigint) => formatAmount(value, subunit);
  return {
    currency,
    percentage: trimDecimal(config.percentage),
    period: config.period,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    netLoss: text(netLoss),
    amount: text(amount),
    minAmount: text(min),
    maxAmount: max === null ? null : text(max),
    wagerMultiplier: trimDecimal(config.wager_multiplier),
  };
}
