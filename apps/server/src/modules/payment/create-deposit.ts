import { ErrorCode } from "@casino/contract/errors";
import {
  type DepositRequest,
  type DepositResponse,
  InvoiceStatus,
  InvoiceType,
} from "@casino/contract/payment";
import { PlayerStatus } from "@casino/contract/player";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import { methodFieldsSchema } from "@casino/validation/method-fields";
import { validateForm } from "@casino/validation/validate";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { failPoint } from "../../lib/fail-point";
import { assertReturnUrls } from "../../lib/return-url";
import { createCryptoDeposit } from "../crypto/create-crypto-deposit";
import { playersRepository } from "../player/repository";
import { assertCanDeposit, lockPlayerLimits } from "../risk/enforce-limits";
import { depositLimitsCountAll } from "../risk/limit-usage";
import { settingsRepository } from "../settings/repository";
import { walletRepository } from "../wallet/repository";
import type { PaymentProcessor } from "./processor";
import {
  insertInvoice,
  type MethodFieldRecord,
  type MethodRecord,
  paymentMethodsRepository,
} from "./repository";
import { submitPayment } from "./submit-payment";

/** The deposit refused because the profile is limited (status 2, DP-03, WR-27). */
export const LIMITED_PROFILE_MESSAGE = "Deposits are not available for this account";

export interface CreateDepositInput {
  playerId: string;
  request: DepositRequest;
  /** The request country (the payment region when `request.country` is absent). */
  requestCountry: string | null;
  /** The client's Idempotency-Key header. */
  idempotencyKey: string | null;
  log: FastifyBaseLogger;
}

const AMOUNT_MESSAGES: Record<string, string> = {
  empty: "Value is required",
  too_many_fraction_digits: "Too many decimal places for this currency",
};

/**
 * Checks a method's fields with the same rules the web form uses (WR-14…WR-17,
 * packages/validation `methodFieldsSchema`), plus what only the server can: unknown keys, and
 * select values (networks included) that are not among the offered options.
 */
export function checkMethodFields(
  fields: readonly MethodFieldRecord[],
  values: Readonly<Record<string, string>>,
  now: Date,
): Record<string, string[]> {
  const known = new Set(fields.map((field) => field.key));
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(values)) {
    if (!known.has(key)) errors[`fields.${key}`] = ["Unknown field"];
  }
  const network = fields
    .find((field) => field.key === "crypto_network")
    ?.options.find((option) => option.id === values.crypto_network);
  Object.assign(
    errors,
    validateForm({ fields: values }, methodFieldsSchema(fields, { network, prefix: "fields." }), {
      now,
    }),
  );
  for (const field of fields) {
    const value = values[field.key];
    if (field.fieldType !== "select" || !value || errors[`fields.${field.key}`]) continue;
    if (!field.options.some((option) => option.id === value)) {
      errors[`fields.${field.key}`] = ["Choose one of the offered options"];
    }
  }
  return errors;
}

/**
 * The player's wallet account of the request, in the request's currency; 422 otherwise, and for
 * a deposit in a switched-off currency (what players hold in one can still be withdrawn).
 */
export async function accountAndCurrency(
  ctx: AppContext,
  playerId: string,
  request: { accountId: string; currency: string },
  direction: "deposit" | "withdrawal",
) {
  const account = await walletRepository(ctx.db).find(playerId, request.accountId);
  if (!account) throw AppError.unprocessable({ accountId: ["Unknown wallet account"] });
  if (account.currency !== request.currency) {
    throw AppError.unprocessable({ currency: ["The account is in another currency"] });
  }
  const currency = (await settingsRepository(ctx.db).listCurrencies(false)).find(
    (item) => item.code === request.currency && (item.isEnabled || direction === "withdrawal"),
  );
  if (!currency) throw AppError.unprocessable({ currency: ["This currency is not available"] });
  return { account, currency };
}

export async function findMethod(
  ctx: AppContext,
  direction: "deposit" | "withdrawal",
  request: { method: string; currency: string; country?: string },
  requestCountry: string | null,
): Promise<MethodRecord> {
  const methods = await paymentMethodsRepository(ctx.db).list(
    direction,
    request.currency,
    request.country ?? requestCountry,
  );
  const method = methods.find((item) => item.method === request.method);
  if (!method) throw AppError.unprocessable({ method: ["This method is not available"] });
  return method;
}

/**
 * POST /api/payment/invoices/deposit (DP-04, BE-23): every check of spec §5 on the server (the
 * account is the player's and in the currency, the method is offered there, the amount lies
 * within min/max, the method's fields), limited profiles refused, deposit limits, cooling-off and
 * self-exclusion enforced (400/13100, BE-24), then a pending invoice and the processor's payment.
 * A retried request with the same Idempotency-Key gets the first answer.
 */
export async function createDeposit(
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
  input: CreateDepositInput,
): Promise<DepositResponse> {
  const { request, playerId } = input;
  // Where the payment page sends the browser back: this site only (not an open redirect).
  assertReturnUrls(ctx.config, {
    redirectSuccessUrl: request.redirectSuccessUrl,
    redirectErrorUrl: request.redirectErrorUrl,
    redirectUrl: request.redirectUrl,
  });
  if (input.idempotencyKey) {
    const [previous] = await ctx.db.query<{
      id: string;
      client_response: DepositResponse | null;
    }>(
      "SELECT id, client_response FROM payment_invoices WHERE player_id = $1 AND idempotency_key = $2",
      [playerId, input.idempotencyKey],
    );
    if (previous?.client_response) return previous.client_response;
    // The first attempt committed the invoice and died before answering (a crash, a lost
    // connection): finish it. The processor returns the payment it may already have made.
    if (previous) {
      const resumed = await submitPayment(ctx, processors, previous.id);
      if (resumed) return resumed;
      throw new AppError(409, ErrorCode.Conflict, "This deposit is no longer pending");
    }
  }

  const player = await playersRepository(ctx.db).findById(playerId);
  if (!player) throw AppError.unauthorized();
  if (player.status === PlayerStatus.Limited) {
    // 400, not 403: the client ends the session on any 401 or 403 (spec §8).
    throw new AppError(400, ErrorCode.ProfileLimited, LIMITED_PROFILE_MESSAGE);
  }
  const { account, currency } = await accountAndCurrency(ctx, playerId, request, "deposit");
  const method = await findMethod(ctx, "deposit", request, input.requestCountry);
  // Crypto address methods: the player's deposit address, credited from the chain (modules/crypto).
  if (method.type === "address") {
    return createCryptoDeposit(ctx, { ...input, account, currency, method });
  }

  const errors: Record<string, string[]> = {};
  const parsed = parseAmount(request.amount, currency.subunitToUnit);
  let amount = 0n;
  if (!parsed.ok) {
    errors.amount = [AMOUNT_MESSAGES[parsed.error] ?? "Enter an amount like 25 or 25.50"];
  } else if (parsed.value < method.amountMin || parsed.value > method.amountMax) {
    const min = formatAmount(method.amountMin, currency.subunitToUnit);
    const max = formatAmount(method.amountMax, currency.subunitToUnit);
    errors.amount = [`The amount must be between ${min} and ${max}`];
  } else {
    amount = parsed.value;
  }
  Object.assign(errors, checkMethodFields(method.fields, request.fields ?? {}, ctx.now()));
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);

  if (!processors.has(method.processor)) {
    throw new AppError(503, ErrorCode.ServiceUnavailable, "This payment method is unavailable");
  }

  const now = ctx.now();
  const allCurrencies = await depositLimitsCountAll(ctx);
  // Deposit limits (BE-24): checked in the transaction that inserts the invoice, under the
  // player's lock, so concurrent deposits are counted one after another and never pass a limit
  // together.
  const invoice = await ctx.db.transaction(async (tx) => {
    await lockPlayerLimits(tx, playerId);
    if (input.idempotencyKey) {
      const [raced] = await tx.query(
        "SELECT 1 FROM payment_invoices WHERE player_id = $1 AND idempotency_key = $2",
        [playerId, input.idempotencyKey],
      );
      if (raced) return null;
    }
    await assertCanDeposit(tx, {
      playerId,
      currency: request.currency,
      amount,
      now,
      allCurrencies,
    });
    return insertInvoice(tx, {
      type: InvoiceType.Deposit,
      playerId,
      walletAccountId: account.id,
      method,
      currency: request.currency,
      amount,
      country: request.country ?? input.requestCountry,
      fields: request.fields ?? {},
      bonusId:
        request.bonusId === undefined || request.bonusId === null ? null : String(request.bonusId),
      isBonusDecline: request.isBonusDecline ?? false,
      idempotencyKey: input.idempotencyKey,
      successUrl: request.redirectSuccessUrl ?? request.redirectUrl ?? null,
      errorUrl: request.redirectErrorUrl ?? request.redirectUrl ?? null,
      now,
    });
  });
  if (!invoice) {
    // A concurrent request with the same key won; its answer (once ready) is the answer.
    throw new AppError(409, ErrorCode.Conflict, "This deposit is already being created");
  }
  failPoint("deposit.invoice-created");

  try {
    const response = await submitPayment(ctx, processors, invoice.id);
    if (!response) throw new Error(`deposit invoice ${invoice.id} is not pending`);
    return response;
  } catch (error) {
    // Nothing was paid yet, so failing the invoice is safe; a payment the processor did create
    // is still credited if the player pays it (apply-webhook credits money that arrives).
    input.log.error({ err: error, invoiceId: invoice.id }, "payment processor failed");
    await ctx.db.query(
      `UPDATE payment_invoices SET status = $2, failure_reason = 'processor_error', updated_at = $3
        WHERE id = $1 AND status = $4`,
      [invoice.id, InvoiceStatus.Failure, ctx.now(), InvoiceStatus.Pending],
    );
    throw new AppError(502, ErrorCode.PaymentProcessorError, "The payment provider did not answer");
  }
}
