import { ErrorCode } from "@casino/contract/errors";
import { InvoiceType, type WithdrawRequest } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import { convertExact } from "@casino/money/rate";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { failPoint } from "../../lib/fail-point";
import { assertVerifiedForWithdrawal } from "../player/verification/require-verified";
import { owedOf, turnOverState } from "../risk/turn-over-wager";
import { settingsRepository } from "../settings/repository";
import { postInTransaction } from "../wallet/ledger";
import { accountAndCurrency, checkMethodFields, findMethod } from "./create-deposit";
import type { PaymentProcessor } from "./processor";
import { insertInvoice } from "./repository";
import { submitPayment } from "./submit-payment";

export interface CreateWithdrawalInput {
  playerId: string;
  request: WithdrawRequest;
  requestCountry: string | null;
  idempotencyKey: string | null;
  log: FastifyBaseLogger;
}

/**
 * POST /api/payment/invoices/withdrawal (WD-02, BE-26): the amount within the method's (or the
 * chosen network's) min/max and at most the withdrawable balance, the method's fields (wallet_id
 * against the network's regex), then the funds are set aside (real → withdrawal_hold) in the same
 * transaction that creates the invoice, so two withdrawals can never spend the same money. The
 * processor's payout follows (after an operator's approval when WITHDRAWAL_APPROVAL_ABOVE asks
 * for one); its webhook pays the hold out or returns it.
 */
export async function createWithdrawal(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  input: CreateWithdrawalInput,
): Promise<{ invoiceId: string; action: string | null; fields: Record<string, string> }> {
  const { request, playerId } = input;
  if (input.idempotencyKey) {
    const [previous] = await ctx.db.query<{
      id: string;
      client_response: { action: string | null; fields?: Record<string, string> } | null;
    }>(
      "SELECT id, client_response FROM payment_invoices WHERE player_id = $1 AND idempotency_key = $2",
      [playerId, input.idempotencyKey],
    );
    if (previous?.client_response) {
      return {
        invoiceId: previous.id,
        action: previous.client_response.action ?? null,
        fields: previous.client_response.fields ?? {},
      };
    }
    // The first attempt set the funds aside and died before the payout: finish it (the
    // processor returns a payout it may already have made for this invoice).
    if (previous) {
      const payout = await submitPayment(ctx, processors, previous.id).catch((error: unknown) => {
        input.log.error({ err: error, invoiceId: previous.id }, "payout not submitted yet");
        return null;
      });
      return {
        invoiceId: previous.id,
        action: payout?.action ?? null,
        fields: payout?.fields ?? {},
      };
    }
  }
  const { account, currency } = await accountAndCurrency(ctx, playerId, request, "withdrawal");
  const method = await findMethod(ctx, "withdrawal", request, input.requestCountry);

  const values = request.fields ?? {};
  const errors = checkMethodFields(method.fields, values, ctx.now());
  const network = method.fields
    .find((field) => field.key === "crypto_network")
    ?.options.find((option) => option.id === values.crypto_network);
  const min = network?.minAmount ? BigInt(network.minAmount) : method.amountMin;
  const max = network?.maxAmount ? BigInt(network.maxAmount) : method.amountMax;
  const parsed = parseAmount(request.amount, currency.subunitToUnit);
  let amount = 0n;
  if (!parsed.ok) {
    errors.amount = ["Enter an amount like 25 or 25.50"];
  } else if (parsed.value < min || parsed.value > max) {
    const text = (value: bigint) => formatAmount(value, currency.subunitToUnit);
    errors.amount = [`The amount must be between ${text(min)} and ${text(max)}`];
  } else if (parsed.value > account.balances.real) {
    errors.amount = ["The amount is more than your withdrawable balance"];
  } else {
    amount = parsed.value;
  }
  // BE-26: no withdrawal while a turn-over wager is owed in this currency.
  if (owedOf(await turnOverState(ctx, playerId, request.currency)) > 0n) {
    errors.amount = ["Wager the required turn-over before withdrawing"];
  }
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  // VERIFICATION_REQUIRED_ABOVE: large withdrawals need a verified identity (403/13120).
  await assertVerifiedForWithdrawal(ctx, playerId, amount, currency);
  if (!processors.has(method.processor)) {
    throw new AppError(503, ErrorCode.ServiceUnavailable, "This payment method is unavailable");
  }
  const approval = (await needsApproval(ctx, amount, currency)) ? "awaiting" : "none";

  const now = ctx.now();
  const invoice = await ctx.db.transaction(async (tx) => {
    const row = await insertInvoice(tx, {
      type: InvoiceType.Withdrawal,
      playerId,
      walletAccountId: account.id,
      method,
      currency: request.currency,
      amount,
      country: request.country ?? input.requestCountry,
      fields: values,
      idempotencyKey: input.idempotencyKey,
      approval,
      now,
    });
    if (!row)
      throw new AppError(409, ErrorCode.Conflict, "This withdrawal is already being created");
    const [reserved] = await postInTransaction(tx, [
      {
        key: `invoice:${row!.id}:reserve`,
        kind: "payment.withdrawal.reserve",
        legs: [
          { account: account.ledger.real, currency: request.currency, amount: -amount },
          { account: account.ledger.withdrawal_hold, currency: request.currency, amount },
        ],
        metadata: { invoiceId: row!.id },
      },
    ]);
    // The balance moved since we read it (a concurrent withdrawal or bet): nothing is created.
    if (reserved?.status !== "applied") {
      throw AppError.unprocessable({
        amount: ["The amount is more than your withdrawable balance"],
      });
    }
    if (approval === "awaiting") {
      await tx.query("UPDATE payment_invoices SET client_response = $2 WHERE id = $1", [
        row!.id,
        JSON.stringify({ invoiceId: row!.id, action: null, fields: {} }),
      ]);
    }
    return row!;
  });
  failPoint("withdrawal.reserved");
  if (approval === "awaiting") return { invoiceId: invoice.id, action: null, fields: {} };

  try {
    const payout = await submitPayment(ctx, processors, invoice.id);
    return { invoiceId: invoice.id, action: payout?.action ?? null, fields: payout?.fields ?? {} };
  } catch (error) {
    // The funds stay set aside and the invoice pending: the processor may have created the
    // payout before failing to answer, so returning the funds now could pay twice. The recovery
    // job asks again with the same invoice id (the processor's idempotency key) and gets the
    // payout, or creates it.
    input.log.error({ err: error, invoiceId: invoice.id }, "payout creation failed; will retry");
    return { invoiceId: invoice.id, action: null, fields: {} };
  }
}

/** WITHDRAWAL_APPROVAL_ABOVE: whether this amount, in the base currency, needs an operator. */
async function needsApproval(
  ctx: AppContext,
  amount: bigint,
  currency: { subunitToUnit: number; rate: string },
): Promise<boolean> {
  const threshold = ctx.config.payments.withdrawalApprovalAbove;
  if (threshold === null) return false;
  const base = (await settingsRepository(ctx.db).listCurrencies(false)).find((item) => item.isBase);
  if (!base) return true;
  const limit = parseAmount(threshold, base.subunitToUnit);
  if (!limit.ok) return true;
  if (limit.value === 0n) return true;
  const value = convertExact(amount, currency, base);
  // value > limit, exactly: numerator / denominator > limit.
  return value.numerator > limit.value * value.denominator;
}
