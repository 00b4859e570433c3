// PUT /api/player/limits/{limitId} {period, amount} (LM-05, BE-34; UKGC RTS 12). A stricter
// limit (same period, lower amount) is in force at once; a higher amount or another period
// waits 24 hours and then the player's confirmation (PUT .../confirm). A new request replaces a
// pending one; asking for the values in force drops it.
import { ErrorCode } from "@casino/contract/errors";
import type { PlayerLimit, UpdateLimitBody } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { currencySubunits } from "../settings/list-currencies";
import { limitAmount } from "./limit-amount";
import { auditPendingDropped, changeCashLimit } from "./limit-changes";
import { COOLING_PERIOD_MS } from "./limit-usage";

export async function updateLimit(
  ctx: AppContext,
  playerId: string,
  limitId: string,
  body: UpdateLimitBody,
): Promise<PlayerLimit> {
  const subunits = await currencySubunits(ctx.db);
  const view = await changeCashLimit(ctx, playerId, limitId, async (scope) => {
    const { limit, repository, now } = scope;
    const amount = limitAmount(body.amount, subunits.get(limit.currency ?? "") ?? 1);
    const samePeriod = body.period === limit.period;
    const current = limit.amount ?? 0n;
    if (samePeriod && amount <= current) {
      await auditPendingDropped(scope);
      if (amount === current) {
        if (!limit.pending) {
          await repository.audit({
            limit,
            action: "unchanged",
            old: { period: limit.period, amount: current },
            new: { period: body.period, amount },
            requestedAt: now,
            effectiveAt: null,
            recordedAt: now,
          });
        }
        return limit.pending ? repository.setPending(limit.id, null, now) : limit;
      }
      const applied = await repository.apply(limit.id, { period: body.period, amount }, now);
      await repository.audit({
        limit,
        action: "decreased",
        old: { period: limit.period, amount: current },
        new: { period: body.period, amount },
        requestedAt: now,
        effectiveAt: now,
        recordedAt: now,
      });
      return applied;
    }

    if (
      !samePeriod &&
      (await repository.existsCash(
        playerId,
        limit.definition as 1 | 2 | 3,
        limit.currency!,
        body.period,
      ))
    ) {
      throw new AppError(
        409,
        ErrorCode.Conflict,
        "A limit of this kind, currency and period exists: change that one",
      );
    }
    await auditPendingDropped(scope);
    const effectiveAt = new Date(now.getTime() + COOLING_PERIOD_MS);
    const pending = await repository.setPending(
      limit.id,
      { remove: false, period: body.period, amount, requestedAt: now, effectiveAt },
      now,
    );
    await repository.audit({
      limit,
      action: samePeriod ? "increase_requested" : "change_requested",
      old: { period: limit.period, amount: current },
      new: { period: body.period, amount },
      requestedAt: now,
      effectiveAt,
      recordedAt: now,
    });
    return pending;
  });
  return view!;
}
