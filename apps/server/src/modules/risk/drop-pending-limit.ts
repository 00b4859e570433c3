// DELETE /api/player/limits/{limitId}/pending (LM-05, LM-06): drops a pending change (a raise,
// a period change or a removal) and keeps the limit as it is; nothing pending: the limit as is.
import type { PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { auditPendingDropped, changeCashLimit } from "./limit-changes";

export async function dropPendingLimitChange(
  ctx: AppContext,
  playerId: string,
  limitId: string,
): Promise<PlayerLimit> {
  const view = await changeCashLimit(ctx, playerId, limitId, async (scope) => {
    if (!scope.limit.pending) return scope.limit;
    await auditPendingDropped(scope);
    return scope.repository.setPending(scope.limit.id, null, scope.now);
  });
  return view!;
}
