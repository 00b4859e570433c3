import type { DepositRequest, DepositResponse } from "@casino/contract/payment";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import type { MethodRecord } from "../payment/repository";
import type { CurrencyRecord } from "../settings/repository";
import type { WalletAccountRecord } from "../wallet/repository";

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

/** A crypto address deposit (BE-23): the player's address on the chosen network. */
export async function createCryptoDeposit(
  _ctx: AppContext,
  _input: CryptoDepositInput,
): Promise<DepositResponse> {
  throw AppError.unprocessable({ method: ["Crypto address deposits are not available yet"] });
}
