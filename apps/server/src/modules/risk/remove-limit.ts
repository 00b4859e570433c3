// DELETE /api/player/limits/{limitId} (LM-06, BE-34): removing a cash limit loosens it, so the
// removal waits 24 hours and then the player's confirmation, like a raise. It replaces a pending
// change. Self-exclusion and cooling-off cannot be removed (400/13112).
import type { PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { auditPendingDropped, changeCashLimit } from "./limit-changes";
import { COOLING_PERIOD_MS } from "./limit-usage";

export async function requestLimitRemoval(
  ctx: AppContext,
  playerId: string,
  limitId: string,
): Promise<PlayerLimit> {
  const view = await changeCashLimit(ctx, playerId, limitId, async (scope) => {
    const { limit, repository, now } = scope;
    await auditPendingDropped(scope);
    const effectiveAt = new Date(now.getTime() + COOLING_PERIOD_MS);
    const pending = await repository.setPending(
      limit.id,
      { remove: true, period: null, amount: null, requestedAt: now, effectiveAt },
      now,
    );
    await repository.audit({
      limit,
      action: "removal_requested",
      old: { period: limit.period, amount: limit.amount },
      requestedAt: now,
      effectiveAt,
      recordedAt: now,
    });
    return pending;
  });
  return view!;
}
