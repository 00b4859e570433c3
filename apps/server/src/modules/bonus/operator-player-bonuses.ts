// A player's bonuses on the operator's player desk (/api/operator/players/{id}/bonuses): read
// them all, grant one (a goodwill bonus or a compensation, through issueBonus like every other
// grant, so it is posted to the ledger, published and notified the same way), and cancel one
// (the bonus money it holds goes back, as when the player cancels). Grants and cancels are
// audited with their reason.

import type { PlayerBonus } from "@casino/contract/bonus";
import type {
  GrantOperatorBonusBody,
  OperatorBonusGrant,
  OperatorGrantRequest,
} from "@casino/contract/operator-players";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, minorAmount, recordOperatorChange } from "../../lib/operator-keys";
import { requireOperatorPlayer } from "../player/operator-players";
import { findBonusBySlug, grantAmount, loadCurrencies } from "./definitions";
import { issueBonus } from "./issue-bonus";
import { cancelBonus } from "./lifecycle";
import { decideGrantRequest, requestGrantApproval } from "./operator-grant-requests";
import {
  needsSecondApprover,
  requireAdjustmentScope,
  withoutWagering,
} from "./operator-grant-rules";
import { listPlayerBonuses, listPlayerFreespins } from "./player-bonuses";
import { bonusRepository, lockPlayer, toPlayerBonus, toPlayerFreespin } from "./repository";

type OperatorBonusGrantView = z.infer<typeof OperatorBonusGrant>;
type OperatorGrantRequestView = z.infer<typeof OperatorGrantRequest>;

/** GET: every bonus and free-spins grant of the player, newest first. */
export async function readOperatorPlayerBonuses(ctx: AppContext, playerId: string) {
  await requireOperatorPlayer(ctx.db, playerId);
  const [bonuses, freespins] = await Promise.all([
    listPlayerBonuses(ctx, playerId, {}),
    listPlayerFreespins(ctx, playerId, {}),
  ]);
  return { bonuses, freespins };
}

/**
 * POST: grants the definition `body.bonus` in `body.currency` (the player's by default). The
 * grant's source is "operator:{key}", unique per player, so a replay answers the first grant.
 * A money bonus without wagering needs the payments scope too; a grant above
 * OPERATOR_GRANT_APPROVAL_ABOVE waits for a second operator: `pending` is the stored request
 * (operator-grant-rules.ts, operator-grant-requests.ts).
 */
export async function grantOperatorBonus(
  ctx: AppContext,
  playerId: string,
  body: GrantOperatorBonusBody,
): Promise<
  | { pending: OperatorGrantRequestView; created?: never; grant?: never }
  | { pending?: never; created: boolean; grant: OperatorBonusGrantView }
> {
  const player = await requireOperatorPlayer(ctx.db, playerId);
  const { fail, check } = fieldProblems();
  const definition = await findBonusBySlug(ctx.db, body.bonus);
  if (!definition) fail("bonus", "No bonus with that slug");
  const currencyCode = body.currency ?? player.currency;
  const currencies = await loadCurrencies(ctx.db);
  const currency = currencyCode ? currencies.of(currencyCode) : null;
  if (!currency) fail("currency", "Not a currency of the site");
  let amount: bigint | null = null;
  if (body.amount !== undefined && definition?.type === 3) {
    fail("amount", "Free spins grant their own count; an amount is for money bonuses");
  } else if (body.amount !== undefined && currency) {
    amount = minorAmount(
      body.amount,
      { code: currencyCode!, subunit: currency.subunitToUnit },
      "amount",
      fail,
    );
  }
  check();
  const zeroWager = withoutWagering(definition!);
  if (zeroWager) requireAdjustmentScope("A bonus");
  const value =
    definition!.type === 3
      ? null
      : (amount ?? grantAmount(definition!, currencyCode!, null, currencies));
  const result = await ctx.db.transaction(async (tx) => {
    if (value !== null && value > 0n && needsSecondApprover(ctx, value, currency!, currencies)) {
      const pending = await requestGrantApproval(tx, ctx, {
        playerId,
        body,
        currency: currencyCode!,
        amount: value,
        withoutWagering: zeroWager,
      });
      if (pending) return { pending };
    }
    const issued = await issueOperatorGrant(tx, ctx, {
      playerId,
      body,
      bonusId: definition!.id,
      currency: currencyCode!,
      amount,
    });
    return { issued };
  });
  if (result.pending) return { pending: result.pending };
  return { created: result.issued!.created, grant: await grantView(ctx, playerId, result.issued!) };
}

type IssuedGrant = NonNullable<Awaited<ReturnType<typeof issueBonus>>>;

/** Issues an operator's grant (at once, or approved by a second operator) and audits it. */
async function issueOperatorGrant(
  tx: Queryable,
  ctx: AppContext,
  input: {
    playerId: string;
    body: GrantOperatorBonusBody;
    bonusId: number;
    currency: string;
    amount: bigint | null;
  },
): Promise<IssuedGrant> {
  const { playerId, body, amount } = input;
  const issued = await issueBonus(tx, ctx, {
    playerId,
    bonusId: input.bonusId,
    currency: input.currency,
    source: `operator:${body.key}`,
    ...(amount === null ? {} : { amount }),
  });
  if (!issued) {
    throw AppError.unprocessable({
      currency: [`The bonus grants nothing in ${input.currency}: give an amount`],
    });
  }
  if (issued.created) {
    await recordOperatorChange(tx, {
      kind: "player-bonus",
      entityId: playerId,
      action: "create",
      changes: {
        ...body,
        currency: input.currency,
        [issued.kind === "bonus" ? "playerBonusId" : "playerFreespinId"]: issued.id,
      },
      now: ctx.now(),
    });
  }
  return issued;
}

async function grantView(
  ctx: AppContext,
  playerId: string,
  result: IssuedGrant,
): Promise<OperatorBonusGrantView> {
  const repo = bonusRepository(ctx.db);
  const bonus = result.kind === "bonus" ? await repo.findPlayerBonus(playerId, result.id) : null;
  const freespins =
    result.kind === "freespins" ? await repo.findFreespin(playerId, result.id) : null;
  return {
    kind: result.kind,
    bonus: bonus && toPlayerBonus(bonus),
    freespins: freespins && toPlayerFreespin(freespins),
  };
}

/** POST /api/operator/grant-requests/{id}/approve | reject (a second operator). */
export async function decideOperatorGrant(
  ctx: AppContext,
  id: number,
  decision: "approved" | "rejected",
  reason: string | undefined,
): Promise<{ request: OperatorGrantRequestView; grant: OperatorBonusGrantView | null }> {
  const { request, grant } = await decideGrantRequest(ctx, id, decision, reason, (tx, input) =>
    issueOperatorGrant(tx, ctx, input),
  );
  return { request, grant: grant && (await grantView(ctx, request.playerId, grant)) };
}

/**
 * POST .../{bonusId}/cancel: ends an issued or active bonus as canceled; what it holds goes back
 * to the house (409 16002 when it is finished, 16003 while a round played with it is open).
 */
export async function cancelOperatorBonus(
  ctx: AppContext,
  playerId: string,
  bonusId: number,
  reason: string,
): Promise<PlayerBonus> {
  await requireOperatorPlayer(ctx.db, playerId);
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = bonusRepository(tx);
    const record = await repo.findPlayerBonus(playerId, bonusId);
    if (!record) throw AppError.notFound("The player has no bonus with that id");
    await cancelBonus(tx, ctx, record);
    await recordOperatorChange(tx, {
      kind: "player-bonus",
      entityId: playerId,
      action: "update",
      // What the bonus held when it was taken back.
      changes: { bonusId, status: "canceled", reason, balance: toPlayerBonus(record).balance },
      now: ctx.now(),
    });
    return toPlayerBonus((await repo.findPlayerBonus(playerId, bonusId))!);
  });
}
