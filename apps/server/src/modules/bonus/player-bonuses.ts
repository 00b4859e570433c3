// Player bonuses and free spins (BE-31, API-47..API-52, BN-01..BN-05): list by status[] and
// currency[], activate and cancel. Another player's ids answer 404.
import { BonusErrorCode, type PlayerBonus, type PlayerFreespin } from "@casino/contract/bonus";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { freeSpinsProviderOf } from "./free-spins";
import { activateBonus, cancelBonus, finishFreespin, publishPlayerFreespin } from "./lifecycle";
import { bonusRepository, lockPlayer, toPlayerBonus, toPlayerFreespin } from "./repository";

export async function listPlayerBonuses(
  ctx: AppContext,
  playerId: string,
  filter: { status?: number[]; currency?: string[] },
): Promise<PlayerBonus[]> {
  const records = await bonusRepository(ctx.db).listPlayerBonuses(
    playerId,
    filter.status,
    filter.currency,
  );
  return records.map(toPlayerBonus);
}

export async function listPlayerFreespins(
  ctx: AppContext,
  playerId: string,
  filter: { status?: number[]; currency?: string[] },
): Promise<PlayerFreespin[]> {
  const records = await bonusRepository(ctx.db).listFreespins(
    playerId,
    filter.status,
    filter.currency,
  );
  return records.map(toPlayerFreespin);
}

const notFound = () => AppError.notFound("No such bonus");

export async function changePlayerBonus(
  ctx: AppContext,
  playerId: string,
  id: number,
  action: "activate" | "cancel",
): Promise<PlayerBonus> {
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = bonusRepository(tx);
    const record = await repo.findPlayerBonus(playerId, id);
    if (!record) throw notFound();
    if (action === "activate") await activateBonus(tx, ctx, record);
    else await cancelBonus(tx, ctx, record);
    return toPlayerBonus((await repo.findPlayerBonus(playerId, id))!);
  });
}

export async function changePlayerFreespin(
  ctx: AppContext,
  playerId: string,
  id: number,
  action: "activate" | "cancel",
): Promise<PlayerFreespin> {
  const seen = await bonusRepository(ctx.db).findFreespin(playerId, id);
  if (!seen) throw notFound();
  let externalId: string | null = null;
  if (action === "activate" && seen.status === 1) {
    // The spins go to the game first (outside the transaction: the studio writes to the same
    // database; the grant is idempotent by its id, so a retry after a failure is safe).
    externalId = await freeSpinsProviderOf(ctx).grant({
      externalId: `freespins-${seen.id}`,
      playerId,
      currency: seen.currency,
      gameCode: seen.gameCode,
      providerSlug: seen.providerSlug,
      url: seen.providerFreeSpinsUrl,
      count: seen.count,
      betAmount: seen.betAmount,
      subunitToUnit: seen.subunitToUnit,
      expiresAt: seen.expiresAt,
    });
  }
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = bonusRepository(tx);
    const record = await repo.findFreespin(playerId, id);
    if (!record) throw notFound();
    if (record.status === 3) {
      throw new AppError(409, BonusErrorCode.InvalidBonusState, "The free spins are finished");
    }
    if (action === "activate") {
      if (record.status !== 1 || externalId === null) {
        throw new AppError(409, BonusErrorCode.InvalidBonusState, "The free spins are active");
      }
      await tx.query(
        `UPDATE player_freespins SET status = 2, activated_at = $2, external_id = $3
          WHERE id = $1 AND status = 1`,
        [id, ctx.now(), externalId],
      );
      await publishPlayerFreespin(tx, ctx, playerId, id);
    } else {
      if (record.played > 0) {
        throw new AppError(
          409,
          BonusErrorCode.CancelLocked,
          "Free spins in play cannot be canceled",
        );
      }
      await finishFreespin(tx, ctx, record, 3);
    }
    return toPlayerFreespin((await repo.findFreespin(playerId, id))!);
  });
}
