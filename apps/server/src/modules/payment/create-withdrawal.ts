import { ErrorCode } from "@casino/contract/errors";
import { InvoiceType, type WithdrawRequest } from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { postInTransaction } from "../wallet/ledger";
import { accountAndCurrency, checkMethodFields, findMethod } from "./create-deposit";
import type { PaymentProcessor } from "./processor";
import { insertInvoice } from "./repository";
import { settleWithdrawal } from "./settle-withdrawal";

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
 * processor's payout follows; its webhook pays the hold out or returns it.
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
      client_response: { action: string | null } | null;
    }>(
      "SELECT id, client_response FROM payment_invoices WHERE player_id = $1 AND idempotency_key = $2",
      [playerId, input.idempotencyKey],
    );
    if (previous)
      return {
        invoiceId: previous.id,
        action: previous.client_response?.action ?? null,
        fields: {},
      };
  }
  const { account, currency } = await accountAndCurrency(ctx, playerId, request);
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
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  const processor = processors.get(method.processor);
  if (!processor) {
    throw new AppError(503, ErrorCode.ServiceUnavailable, "This payment method is unavailable");
  }

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
    return row!;
  });

  try {
    const payout = await processor.createPayment({
      kind: "payout",
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      amount,
      amountText: formatAmount(amount, currency.subunitToUnit),
      currency: request.currency,
      method: method.method,
      processingType: method.processingType,
      successUrl: null,
      errorUrl: null,
    });
    const response = { invoiceId: invoice.id, action: payout.action, fields: payout.fields };
    await ctx.db.query(
      `UPDATE payment_invoices SET processor_reference = $2, client_response = $3, updated_at = $4
        WHERE id = $1`,
      [invoice.id, payout.reference, JSON.stringify(response), ctx.now()],
    );
    return response;
  } catch (error) {
    input.log.error({ err: error, invoiceId: invoice.id }, "payout creation failed");
    await settleWithdrawal(ctx, invoice.id, "failure");
    throw new AppError(502, ErrorCode.PaymentProcessorError, "The payment provider did not answer");
  }
}
