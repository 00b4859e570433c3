// The turn-over wager (BE-28): what a player must wager before withdrawing, per currency.
//
// The requirement comes from wagering obligations (a bonus's wagering, an operator's
// deposit turn-over rule) and the progress from settled bets. Neither exists yet: bonuses and
// bets land with the bonus and games issues, which add their requirements here. Until then the
// answer is honestly zero owed, computed for a real, enabled currency.
import type { TurnOverWager } from "@casino/contract/risk";
import { min } from "@casino/money/arithmetic";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { settingsRepository } from "../settings/repository";

export interface TurnOverState {
  currency: string;
  subunitToUnit: bigint;
  /** Minor units. */
  required: bigint;
  wagered: bigint;
}

/** The player's turn-over state in a currency (minor units); 422 for an unknown currency. */
export async function turnOverState(
  ctx: AppContext,
  _playerId: string,
  currency: string,
): Promise<TurnOverState> {
  const record = (await settingsRepository(ctx.db).listCurrencies(false)).find(
    (item) => item.code === currency && item.isEnabled,
  );
  if (!record) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  return { currency, subunitToUnit: BigInt(record.subunitToUnit), required: 0n, wagered: 0n };
}

/** Minor units still to wager (never negative). */
export function owedOf(state: TurnOverState): bigint {
  return state.required > state.wagered ? state.required - state.wagered : 0n;
}

export function toTurnOverWager(state: TurnOverState): TurnOverWager {
  const text = (value: bigint) => formatAmount(value, state.subunitToUnit);
  return {
    total: text(state.required),
    turnOverWager: text(min(state.wagered, state.required)),
    turnOverWagerAmount: text(owedOf(state)),
    currency: state.currency,
  };
}
