// Manual balance adjustments by the operator (POST /api/operator/players/{id}/adjustments;
// migration 0046): a goodwill credit or the correction of a mistake, on the player's real
// balance, through the ledger like every other movement (house account "adjustments" ↔ the
// player's real account). The operator's key is the ledger's idempotency key, so a retry or a
// double click moves money once; a debit never takes the balance below zero (the ledger refuses
// it, and records the refusal so the same key answers the same). The player's wallet hears the
// new balance live; the audit trail records the adjustment with its reason and operator key.
import type {
  CreateOperatorAdjustmentBody,
  OperatorAdjustment,
} from "@casino/contract/operator-players";
import { formatAmount } from "@casino/money/format";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { raiseDomainEvent, type WalletAdjustedPayload } from "../../infra/domain-events";
import { AppError } from "../../infra/errors";
import { operatorActor } from "../../lib/operator-api";
import { fieldProblems, minorAmount, recordOperatorChange } from "../../lib/operator-keys";
import { requireOperatorPlayer } from "../player/operator-players";
import { currencySubunits } from "../settings/list-currencies";
import { currentWalletAccounts, publishWalletAccount } from "./accounts";
import { postInTransaction } from "./ledger";
import { walletRepository } from "./repository";

type Adjustment = z.infer<typeof OperatorAdjustment>;

export async function adjustPlayerBalance(
  ctx: AppContext,
  playerId: string,
  body: CreateOperatorAdjustmentBody,
): Promise<{ data: Adjustment; replay: boolean }> {
  const { fail, check } = fieldProblems();
  const subunit = (await currencySubunits(ctx.db)).get(body.currency);
  const negative = body.amount.startsWith("-");
  let amount: bigint | null = null;
  if (subunit === undefined) fail("currency", "Unknown currency");
  else {
    const magnitude = minorAmount(
      negative ? body.amount.slice(1) : body.amount,
      { code: body.currency, subunit: BigInt(subunit) },
      "amount",
      fail,
    );
    amount = magnitude === null ? null : negative ? -magnitude : magnitude;
  }
  check();
  const wallets = walletRepository(ctx.db);
  await requireOperatorPlayer(ctx.db, playerId);
  const account = await wallets.findByCurrency(playerId, body.currency);
  if (!account) {
    throw AppError.unprocessable({ currency: [`The player has no ${body.currency} account`] });
  }
  const actor = operatorActor();
  const now = ctx.now();
  const posted = await ctx.db.transaction(async (tx) => {
    const house = await walletRepository(tx).houseAccount("adjustments", body.currency);
    const [result] = await postInTransaction(tx, [
      {
        key: `operator-adjustment:${body.key}`,
        kind: "operator.adjustment",
        legs: [
          { account: house, currency: body.currency, amount: -amount! },
          { account: account.ledger.real, currency: body.currency, amount: amount! },
        ],
        metadata: { playerId, reason: body.reason, operator: actor?.name ?? null },
      },
    ]);
    if (result!.status === "applied" && !result!.replay) {
      // The reports' promotional costs (ADR 0020): once, with the posting.
      const adjusted: WalletAdjustedPayload = {
        ledgerTransactionId: result!.transactionId.toString(),
        playerId,
        walletAccountId: account.id,
        currency: body.currency,
        amount: amount!.toString(),
        reason: body.reason,
        operator: actor?.name ?? null,
        at: now.toISOString(),
      };
      await raiseDomainEvent(tx, {
        type: "wallet.adjusted",
        key: `wallet.adjusted:${adjusted.ledgerTransactionId}`,
        playerId,
        payload: adjusted,
        at: now,
      });
      await publishWalletAccount(tx, ctx, playerId, account.id);
      await recordOperatorChange(tx, {
        kind: "player-adjustment",
        entityId: result!.transactionId.toString(),
        action: "create",
        changes: { playerId, currency: body.currency, amount: body.amount, reason: body.reason },
        now,
      });
    }
    return result!;
  });
  if (posted.status === "conflict") {
    throw AppError.unprocessable({ key: ["This key was used for another adjustment"] });
  }
  if (posted.status === "rejected") {
    throw AppError.unprocessable({
      amount: ["The player's real balance cannot cover this debit; nothing was moved"],
    });
  }
  const accounts = await currentWalletAccounts(ctx.db, playerId);
  return {
    data: {
      transactionId: posted.transactionId.toString(),
      currency: body.currency,
      amount: formatAmount(amount!, subunit!),
      reason: body.reason,
      account: accounts.find((item) => item.id === account.id)!,
    },
    replay: posted.replay,
  };
}
