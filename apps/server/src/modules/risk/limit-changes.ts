// What every change of an existing limit shares: the player's lock, finding the limit, refusing
// self-exclusion and cooling-off (they can be neither changed nor removed), and recording that a
// new request replaced a pending change.
import { ErrorCode } from "@casino/contract/errors";
import type { PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { depositLimitsCountAll, isActiveBlock, viewOf } from "./limit-usage";
import { type LimitRecord, type LimitsRepository, limitsRepository } from "./limits-repository";

export const LOCKED_BLOCK_MESSAGE =
  "A self-exclusion or cooling-off cannot be changed or removed before it ends";

export interface ChangeScope {
  tx: Queryable;
  repository: LimitsRepository;
  /** The player's cash limit (definitions 1 to 3). */
  limit: LimitRecord;
  now: Date;
}

/**
 * Runs `change` in a transaction under the player's lock on their cash limit `limitId`: 404 for
 * another player's, an unknown or an ended limit; 400/13112 for a self-exclusion or cooling-off.
 * Answers the limit as it is afterwards (null when it was removed).
 */
export async function changeCashLimit(
  ctx: AppContext,
  playerId: string,
  limitId: string,
  change: (scope: ChangeScope) => Promise<LimitRecord | null>,
): Promise<PlayerLimit | null> {
  const now = ctx.now();
  const allCurrencies = await depositLimitsCountAll(ctx);
  return ctx.db.transaction(async (tx) => {
    const repository = limitsRepository(tx);
    await repository.lockPlayer(playerId);
    const limit = await repository.find(playerId, limitId);
    if (!limit) throw AppError.notFound("No such limit");
    if (limit.definition === 4 || limit.definition === 5) {
      if (!isActiveBlock(limit, now)) throw AppError.notFound("No such limit");
      throw new AppError(400, ErrorCode.LimitLocked, LOCKED_BLOCK_MESSAGE);
    }
    const after = await change({ tx, repository, limit, now });
    return after ? viewOf(tx, after, now, allCurrencies) : null;
  });
}

/** Records that the pending change of `limit` (if any) is dropped. */
export async function auditPendingDropped(scope: ChangeScope): Promise<void> {
  const { limit, repository, now } = scope;
  if (!limit.pending) return;
  await repository.audit({
    limit,
    action: "pending_dropped",
    old: { period: limit.pending.period, amount: limit.pending.amount },
    requestedAt: limit.pending.requestedAt,
    effectiveAt: now,
    recordedAt: now,
  });
}
