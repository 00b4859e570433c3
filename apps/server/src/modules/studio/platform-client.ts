// The studio's side of the provider wallet API (docs/provider-wallet-api.md), as any outside
// studio writes it: signed JSON over HTTP through a fetch port (lib/provider-wallet-client.ts,
// shared with the sandbox sportsbook). Nothing of the platform's game or wallet modules is
// imported: the studio knows the platform only by this protocol.
import { type WalletResult, walletCaller } from "../../lib/provider-wallet-client";

export {
  PlatformUnreachable,
  SIGNATURE_HEADER,
  signWalletBody,
  TIMESTAMP_HEADER,
  WALLET_TIMEOUT_MS,
  type WalletBalance,
  type WalletResult,
} from "../../lib/provider-wallet-client";

export interface PlatformClient {
  /** The fetch port; tests swap it to make the platform fail. */
  fetch: typeof fetch;
  balance(body: { token: string; currency?: string }): Promise<WalletResult>;
  bet(body: {
    token: string;
    transactionId: string;
    roundId: string;
    amount: string;
    currency: string;
    gameCode: string;
    closeRound: boolean;
  }): Promise<WalletResult>;
  win(body: {
    token: string;
    transactionId: string;
    roundId: string;
    amount: string;
    currency: string;
    gameCode: string;
    closeRound: boolean;
    freeSpinsId?: string;
  }): Promise<WalletResult>;
  rollback(body: {
    token: string;
    transactionId: string;
    referenceTransactionId: string;
    roundId: string;
    closeRound: boolean;
  }): Promise<WalletResult>;
}

export function createPlatformClient(options: {
  /** The platform's base URL (without a trailing slash). */
  baseUrl: string;
  provider: string;
  secret: string;
  fetch: typeof fetch;
  now: () => Date;
}): PlatformClient {
  const { call } = walletCaller(options, () => client.fetch);
  const client: PlatformClient = {
    fetch: options.fetch,
    balance: (body) => call("balance", body),
    bet: (body) => call("bet", body),
    win: (body) => call("win", body),
    rollback: (body) => call("rollback", body),
  };
  return client;
}
