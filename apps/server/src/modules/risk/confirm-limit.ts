// PUT /api/player/limits/{limitId}/confirm (LM-05, LM-06): applies a pending change once its
// cooling period has passed; before that, or with nothing pending, 400/13112.
import { ErrorCode } from "@casino/contract/errors";
import type { PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { changeCashLimit } from "./limit-changes";

/** The limit after the change, or null when the confirmed change removed it. */
export async function confirmLimitChange(
  ctx: AppContext,
  playerId: string,
  limitId: string,
): Promise<PlayerLimit | null> {
  return changeCashLimit(ctx, playerId, limitId, async ({ limit, repository, now }) => {
    const pending = limit.pending;
    if (!pending) throw new AppError(400, ErrorCode.LimitLocked, "There is no change to confirm");
    if (now.getTime() < pending.effectiveAt.getTime()) {
      throw new AppError(
        400,
        ErrorCode.LimitLocked,
        `This change can be confirmed from ${pending.effectiveAt.toISOString()}`,
      );
    }
    const old = { period: limit.period, amount: limit.amount };
    if (pending.remove) {
      await repository.remove(limit.id);
      await repository.audit({
        limit,
        action: "removed",
        old,
        requestedAt: pending.requestedAt,
        effectiveAt: now,
        recordedAt: now,
      });
      return null;
    }
    const values = { period: pending.period!, amount: pending.amount! };
    // Another limit of the new period may have been created meanwhile (one per period).
    if (
      values.period !== limit.period &&
      (await repository.existsCash(
        playerId,
        limit.definition as 1 | 2 | 3,
        limit.currency!,
        values.period,
      ))
    ) {
      throw new AppError(
        409,
        ErrorCode.Conflict,
        "A limit of this kind, currency and period exists: drop this change or remove that limit",
      );
    }
    const applied = await repository.apply(limit.id, values, now);
    await repository.audit({
      limit,
      action: "confirmed",
      old,
      new: values,
      requestedAt: pending.requestedAt,
      effectiveAt: now,
      recordedAt: now,
    });
    return applied;
  });
}
