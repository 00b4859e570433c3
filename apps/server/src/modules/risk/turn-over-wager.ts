// The turn-over wager (BE-28): what a player must wager before withdrawing, per currency.
//
// The requirement is the wagering of the player's active bonuses in the currency (bonus module,
// player_bonuses.wager_total, and player_bonus_wagering moved by settled bets; ADR 0010): while some is
// owed, withdrawals in that currency are refused (create-withdrawal).
import type { TurnOverWager } from "@casino/contract/risk";
import { min } from "@casino/money/arithmetic";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { settingsRepository } from "../settings/repository";
import { walletRepository } from "../wallet/repository";

export interface TurnOverState {
  currency: string;
  subunitToUnit: bigint;
  /** Minor units. */
  required: bigint;
  wagered: bigint;
  /** Minor units of real money in the player's account of the currency (0 without one). */
  real?: bigint;
  /** The active bonus in the currency that owes wagering, with the bonus money it holds. */
  bonus?: { id: number; balance: bigint } | null;
}

/**
 * The player's turn-over state in a currency (minor units); 422 for an unknown currency. A
 * switched-off one answers too: a withdrawal from it checks what is owed.
 */
export async function turnOverState(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<TurnOverState> {
  const record = (await settingsRepository(ctx.db).listCurrencies(false)).find(
    (item) => item.code === currency,
  );
  if (!record) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  const [row] = await ctx.db.query<{ required: string; wagered: string }>(
    `SELECT COALESCE(sum(pb.wager_total), 0)::text AS required,
            COALESCE(sum(LEAST(COALESCE(w.wagered, 0), pb.wager_total)), 0)::text AS wagered
       FROM player_bonuses pb
       LEFT JOIN player_bonus_wagering w ON w.player_bonus_id = pb.id
      WHERE pb.player_id = $1 AND pb.currency = $2 AND pb.status = 2`,
    [playerId, currency],
  );
  // The real balance (what the player keeps) and the active bonus that owes the wagering (one
  // active bonus per currency, ADR 0010).
  const account = await walletRepository(ctx.db).findByCurrency(playerId, currency);
  const [bonus] = await ctx.db.query<{ id: string; balance: string }>(
    `SELECT pb.id::text AS id, pb.balance::text AS balance FROM player_bonuses pb
       LEFT JOIN player_bonus_wagering w ON w.player_bonus_id = pb.id
      WHERE pb.player_id = $1 AND pb.currency = $2 AND pb.status = 2
        AND COALESCE(w.wagered, 0) < pb.wager_total
      ORDER BY pb.id LIMIT 1`,
    [playerId, currency],
  );
  return {
    currency,
    subunitToUnit: BigInt(record.subunitToUnit),
    required: BigInt(row?.required ?? "0"),
    wagered: BigInt(row?.wagered ?? "0"),
    real: account?.balances.real ?? 0n,
    bonus: bonus ? { id: Number(bonus.id), balance: BigInt(bonus.balance) } : null,
  };
}

/**
 * What the player can withdraw in the currency now: the real balance when no wagering is owed,
 * else nothing (create-withdrawal refuses while some is owed). The one definition of
 * "withdrawable" the site shows (issue 31).
 */
export function withdrawableOf(state: TurnOverState): bigint {
  return owedOf(state) > 0n ? 0n : (state.real ?? 0n);
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
    withdrawable: text(withdrawableOf(state)),
    bonus:
      state.bonus && owedOf(state) > 0n
        ? {
            playerBonusId: state.bonus.id,
            forfeits: text(state.bonus.balance),
            keeps: text(state.real ?? 0n),
          }
        : null,
  };
}
