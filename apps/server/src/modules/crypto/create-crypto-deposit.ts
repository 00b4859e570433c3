import { ErrorCode } from "@casino/contract/errors";
import {
  type DepositRequest,
  type DepositResponse,
  InvoiceStatus,
  InvoiceType,
} from "@casino/contract/payment";
import { formatAmount } from "@casino/money/format";
import { parseAmount } from "@casino/money/parse";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { checkMethodFields } from "../payment/create-deposit";
import { insertInvoice, type MethodRecord } from "../payment/repository";
import { assertCanDeposit, lockPlayerLimits } from "../risk/enforce-limits";
import { depositLimitsCountAll } from "../risk/limit-usage";
import type { CurrencyRecord } from "../settings/repository";
import type { WalletAccountRecord } from "../wallet/repository";
import { depositAddressFor } from "./addresses";
import { parseAccountKey } from "./derivation";
import { accountKeyFor, chainNetwork } from "./networks";
import { cryptoRuntimeOf } from "./setup";

/** What create-deposit.ts has checked before handing an address method over. */
export interface CryptoDepositInput {
  playerId: string;
  request: DepositRequest;
  requestCountry: string | null;
  idempotencyKey: string | null;
  account: WalletAccountRecord;
  currency: CurrencyRecord;
  method: MethodRecord;
}

const unavailable = (message: string) => new AppError(503, ErrorCode.ServiceUnavailable, message);

/**
 * A crypto address deposit (BE-23, CR-03, CR-06): the player's address on the chosen network
 * (`fields.crypto_network`), with the destination tag where the network needs one, and one
 * pending invoice per address that later requests reuse (the client asks again whenever the
 * network, bonus or code changes, CR-04) and the chain watcher completes with what arrives.
 *
 * `amount` is what the player means to send, checked against the network's (else the method's)
 * range; it may be empty ("") when the form asks none, and then the invoice expects the minimum.
 * Either way it is only an expectation: the credit is what the chain delivers.
 */
export async function createCryptoDeposit(
  ctx: AppContext,
  input: CryptoDepositInput,
): Promise<DepositResponse> {
  const { request, method, currency, account } = input;
  const fields = request.fields ?? {};
  const networkField = method.fields.find((field) => field.key === "crypto_network");
  if (!networkField) throw unavailable("This payment method has no crypto network configured");

  const errors = checkMethodFields(method.fields, fields, ctx.now());
  const option = networkField.options.find((item) => item.id === fields.crypto_network);
  const min = option?.minAmount ? BigInt(option.minAmount) : method.amountMin;
  const max = option?.maxAmount ? BigInt(option.maxAmount) : method.amountMax;
  let expected = min;
  if (request.amount !== "") {
    const parsed = parseAmount(request.amount, currency.subunitToUnit);
    if (!parsed.ok) {
      errors.amount = [
        parsed.error === "too_many_fraction_digits"
          ? "Too many decimal places for this currency"
          : "Enter an amount like 0.5, or leave it empty",
      ];
    } else if (parsed.value < min || parsed.value > max) {
      const range = [min, max].map((value) => formatAmount(value, currency.subunitToUnit));
      errors.amount = [`The amount must be between ${range[0]} and ${range[1]}`];
    } else {
      expected = parsed.value;
    }
  }
  if (!option?.id) errors["fields.crypto_network"] ??= ["Choose one of the offered networks"];
  if (Object.keys(errors).length > 0 || !option?.id) throw AppError.unprocessable(errors);

  const network = chainNetwork(option.id);
  if (!network) throw unavailable("Deposits on this network are not supported");
  const keyText = accountKeyFor(ctx.config.crypto, network);
  const runtime = cryptoRuntimeOf(ctx);
  const source = runtime?.sourceFor(network.id);
  if (!keyText || !runtime || !source) {
    throw unavailable("Deposits on this network are not available at the moment");
  }

  const address = await depositAddressFor(ctx.db, {
    playerId: input.playerId,
    walletAccountId: account.id,
    currency: currency.code,
    network,
    methodId: method.id,
    key: parseAccountKey(keyText),
    bitcoinHrp: runtime.bitcoinHrp,
    now: ctx.now(),
  });
  await source.watch?.({ network: network.id, address: address.address, tag: address.tag });

  const now = ctx.now();
  const allCurrencies = await depositLimitsCountAll(ctx);
  return ctx.db.transaction(async (tx) => {
    // The player first (deposit limits, BE-24), then the address row, which orders this request
    // against a concurrent one and against a credit.
    await lockPlayerLimits(tx, input.playerId);
    const [locked] = await tx.query<{ open_invoice_id: string | null }>(
      "SELECT open_invoice_id FROM crypto_deposit_addresses WHERE id = $1 FOR UPDATE",
      [address.id],
    );
    // What arrives is credited whatever the amount, so the address is refused only while
    // deposits are blocked or a deposit limit is used up; the open invoice this request reuses
    // is not counted against itself.
    await assertCanDeposit(tx, {
      playerId: input.playerId,
      currency: currency.code,
      amount: null,
      now,
      excludeInvoiceId: locked?.open_invoice_id ?? null,
      allCurrencies,
    });
    const bonusId =
      request.bonusId === undefined || request.bonusId === null ? null : String(request.bonusId);
    let invoiceId: string | null = null;
    if (locked?.open_invoice_id) {
      const [reused] = await tx.query<{ id: string }>(
        `UPDATE payment_invoices
            SET amount = $3, bonus_id = $4, is_bonus_decline = $5, fields = $6, method_id = $7,
                method = $8, updated_at = $9
          WHERE id = $1 AND player_id = $2 AND status = $10
          RETURNING id`,
        [
          locked.open_invoice_id,
          input.playerId,
          expected.toString(),
          bonusId,
          request.isBonusDecline ?? false,
          JSON.stringify(fields),
          method.id,
          method.method,
          now,
          InvoiceStatus.Pending,
        ],
      );
      invoiceId = reused?.id ?? null;
    }
    if (!invoiceId) {
      const invoice = await insertInvoice(tx, {
        type: InvoiceType.Deposit,
        playerId: input.playerId,
        walletAccountId: account.id,
        method,
        currency: currency.code,
        amount: expected,
        country: request.country ?? input.requestCountry,
        fields,
        bonusId,
        isBonusDecline: request.isBonusDecline ?? false,
        idempotencyKey: input.idempotencyKey,
        now,
      });
      if (!invoice) {
        throw new AppError(409, ErrorCode.Conflict, "This deposit is already being created");
      }
      invoiceId = invoice.id;
      await tx.query("UPDATE crypto_deposit_addresses SET open_invoice_id = $2 WHERE id = $1", [
        address.id,
        invoiceId,
      ]);
    }
    const response: DepositResponse = {
      invoiceId,
      action: null,
      fields: {},
      // What a wallet app scans: the bare address (the tag is shown beside it, CR-01).
      qr: address.address,
      address: address.address,
      tag: address.tag,
    };
    await tx.query("UPDATE payment_invoices SET client_response = $2 WHERE id = $1", [
      invoiceId,
      JSON.stringify(response),
    ]);
    return response;
  });
}
