// GET /api/player/limits/deposit-room?currency= (issue 31): what the player's deposit limits
// leave for a deposit in a currency, from the same rooms the deposit check uses
// (enforce-limits.ts depositLimitRooms), so the wallet can show the limit that applies instead of
// only the method's max. The tightest limit decides.
import type { DepositRoom } from "@casino/contract/limits";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { currencySubunits } from "../settings/list-currencies";
import { depositLimitRooms } from "./enforce-limits";
import { currencySubunitOf, depositLimitsCountAll } from "./limit-usage";

export async function depositRoom(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<DepositRoom> {
  const subunit = await currencySubunitOf(ctx.db, currency);
  const allCurrencies = await depositLimitsCountAll(ctx);
  const { block, rooms } = await depositLimitRooms(ctx.db, {
    playerId,
    currency,
    now: ctx.now(),
    allCurrencies,
  });
  const tightest = rooms.reduce<(typeof rooms)[number] | null>(
    (least, item) => (least === null || item.roomInCurrency < least.roomInCurrency ? item : least),
    null,
  );
  if (block || !tightest) {
    return {
      currency,
      allCurrencies,
      blocked: block !== null,
      room: block ? formatAmount(0n, subunit) : null,
      limit: null,
    };
  }
  const { limit, usage } = tightest;
  const limitSubunit = (await currencySubunits(ctx.db)).get(limit.currency!) ?? 1;
  return {
    currency,
    allCurrencies,
    blocked: false,
    room: formatAmount(tightest.roomInCurrency, subunit),
    limit: {
      limitId: limit.id,
      period: limit.period!,
      currency: limit.currency!,
      amount: formatAmount(limit.amount ?? 0n, limitSubunit),
      currentAmount: formatAmount(usage.used, limitSubunit),
      periodEndsAt: usage.bounds.end.toISOString(),
    },
  };
}
