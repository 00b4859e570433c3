// Winnings of platform free spins (docs/adr/0010-bonus-money.md). The studio reports each spin
// as a wallet win carrying freeSpinsId = the grant's external id ("freespins-{id}"). Inside the
// win call's transaction (player locked): the win goes house games → house bonuses (held, not
// yet the player's), the spin counts as played; when the last spin is reported the free spins
// end 3-2 and what they won is issued as the "free-spin winnings" bonus (house bonuses → player
// bonus) with its own wagering.
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { walletRepository } from "../wallet/repository";
import { issueBonus } from "./issue-bonus";
import { finishFreespin, publishPlayerFreespin } from "./lifecycle";
import { bonusRepository, type PlayerFreespinRecord } from "./repository";

export interface FreeSpinGrantMatch {
  record: PlayerFreespinRecord;
  /** The house bonuses account that holds the winnings until the spins are played. */
  holding: bigint;
}

/**
 * Our active free spins behind a win's freeSpinsId, or null: then the platform did not grant
 * them (to this player, for this game and currency, with spins left) and the win is refused
 * (15013). The game's provider is the call's: a game session belongs to one provider's game.
 */
export async function findFreeSpinGrant(
  tx: Queryable,
  key: { playerId: string; freeSpinsId: string; currency: string; gameId: number },
): Promise<FreeSpinGrantMatch | null> {
  const found = await bonusRepository(tx).findPlayableFreespin({
    playerId: key.playerId,
    externalId: key.freeSpinsId,
    currency: key.currency,
    gameId: key.gameId,
  });
  if (!found) return null;
  const holding =
    found.holding ?? (await walletRepository(tx).houseAccount("bonuses", key.currency));
  return { record: found.record, holding };
}

/** After the win's posting: one spin played; the last one issues the winnings bonus. */
export async function recordFreeSpinWin(
  tx: Queryable,
  ctx: AppContext,
  match: FreeSpinGrantMatch,
  amount: bigint,
): Promise<void> {
  const [row] = await tx.query<{ played: number; count: number; win_amount: string }>(
    `UPDATE player_freespins SET played = played + 1, win_amount = win_amount + $2::numeric
      WHERE id = $1 RETURNING played, count, win_amount::text AS win_amount`,
    [match.record.id, amount.toString()],
  );
  if (!row) return;
  const { record } = match;
  if (row.played < row.count) {
    await publishPlayerFreespin(tx, ctx, record.playerId, record.id);
    return;
  }
  await finishFreespin(tx, ctx, record, 2);
  const won = BigInt(row.win_amount);
  if (won > 0n && record.winningsBonusId !== null) {
    await issueBonus(tx, ctx, {
      playerId: record.playerId,
      bonusId: record.winningsBonusId,
      currency: record.currency,
      source: `freespins:${record.id}`,
      amount: won,
      issueSessionId: `freespins:${record.id}`,
    });
  }
}
