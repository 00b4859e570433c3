// POST /api/player/limits (LM-04, BE-34). A new limit is stricter than none, so it is in force at
// once. Self-exclusion and cooling-off start at once; asking again while one is on extends it
// only when the new one ends later (never shortens it).
import { ErrorCode } from "@casino/contract/errors";
import type { CreateLimitBody, PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { enqueueDisconnect } from "../realtime/control";
import { limitAmount } from "./limit-amount";
import { addMonths } from "./limit-periods";
import { currencySubunitOf, depositLimitsCountAll, isActiveBlock, viewOf } from "./limit-usage";
import { limitsRepository } from "./limits-repository";

export interface CreatedLimit {
  limit: PlayerLimit;
  /** false: an active self-exclusion or cooling-off was extended or kept. */
  created: boolean;
}

const DAY_MS = 86_400_000;

export async function createLimit(
  ctx: AppContext,
  playerId: string,
  body: CreateLimitBody,
): Promise<CreatedLimit> {
  const now = ctx.now();
  if (body.definition === 4 || body.definition === 5) {
    const expiresAt =
      body.definition === 5
        ? new Date(now.getTime() + body.days * DAY_MS)
        : body.months === null
          ? null
          : addMonths(now, body.months);
    return createBlock(ctx, playerId, body.definition, expiresAt);
  }

  const amount = limitAmount(body.amount, await currencySubunitOf(ctx.db, body.currency));
  const allCurrencies = await depositLimitsCountAll(ctx);
  return ctx.db.transaction(async (tx) => {
    const repository = limitsRepository(tx);
    await repository.lockPlayer(playerId);
    const limit = await repository.insertCash({
      playerId,
      definition: body.definition,
      period: body.period,
      currency: body.currency,
      amount,
      now,
    });
    if (!limit) {
      throw new AppError(
        409,
        ErrorCode.Conflict,
        "A limit of this kind, currency and period exists: change that one",
      );
    }
    await repository.audit({
      limit,
      action: "created",
      new: { period: limit.period, amount: limit.amount },
      requestedAt: now,
      effectiveAt: now,
      recordedAt: now,
    });
    return { limit: await viewOf(tx, limit, now, allCurrencies), created: true };
  });
}

async function createBlock(
  ctx: AppContext,
  playerId: string,
  definition: 4 | 5,
  expiresAt: Date | null,
): Promise<CreatedLimit> {
  const now = ctx.now();
  const allCurrencies = await depositLimitsCountAll(ctx);
  return ctx.db.transaction(async (tx) => {
    const repository = limitsRepository(tx);
    await repository.lockPlayer(playerId);
    const existing = await repository.findBlock(playerId, definition);
    if (existing && isActiveBlock(existing, now)) {
      // null (indefinite) ends after any date; an indefinite one is never replaced.
      const endsLater =
        existing.expiresAt !== null &&
        (expiresAt === null || expiresAt.getTime() > existing.expiresAt.getTime());
      const limit = endsLater ? await repository.setExpiry(existing.id, expiresAt, now) : existing;
      if (endsLater) await enqueueDisconnect(tx, { profileId: playerId }, now);
      await repository.audit({
        limit,
        action: endsLater ? "extended" : "unchanged",
        old: { expiresAt: existing.expiresAt },
        new: { expiresAt },
        requestedAt: now,
        effectiveAt: endsLater ? now : null,
        recordedAt: now,
      });
      return { limit: await viewOf(tx, limit, now, allCurrencies), created: false };
    }
    if (existing) {
      // It has ended: its row makes way for the new one, its history stays in the audit.
      await repository.remove(existing.id);
      await repository.audit({
        limit: existing,
        action: "expired",
        old: { expiresAt: existing.expiresAt },
        requestedAt: existing.createdAt,
        effectiveAt: existing.expiresAt,
        recordedAt: now,
      });
    }
    const limit = await repository.insertBlock({ playerId, definition, expiresAt, now });
    // The player's live connections close on every node (ADR 0022): an open tab on another
    // device stops getting live pushes; the sessions stay (withdrawals go on).
    await enqueueDisconnect(tx, { profileId: playerId }, now);
    await repository.audit({
      limit,
      action: "created",
      new: { expiresAt },
      requestedAt: now,
      effectiveAt: now,
      recordedAt: now,
    });
    return { limit: await viewOf(tx, limit, now, allCurrencies), created: true };
  });
}
