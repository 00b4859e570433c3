// The book's side of the provider wallet API (docs/provider-wallet-api.md), as an outside
// sportsbook writes it: signed JSON over HTTP through a fetch port (lib/provider-wallet-client.ts,
// shared with the in-house studio). Nothing of the platform's game or wallet modules is imported:
// the book knows the platform only by this protocol.
import {
  PlatformUnreachable,
  type WalletResult,
  walletCaller,
} from "../../lib/provider-wallet-client";

export {
  PlatformUnreachable,
  type WalletBalance,
  type WalletResult,
} from "../../lib/provider-wallet-client";

/** A bulk call carries up to 1,000 settlements and may take longer. */
export const BULK_TIMEOUT_MS = 30_000;

export interface SportBetMeta {
  type: "single" | "multiple" | "system";
  system: string | null;
  totalOdds: string;
  potentialPayout: string;
  legs: {
    eventId: string;
    event: string;
    sport: string;
    league: string;
    startsAt: string;
    live: boolean;
    market: string;
    selection: string;
    odds: string;
  }[];
}

export interface Settlement {
  status: "won" | "lost" | "cashed_out";
  /** null: undecided (a cash-out before the leg's event ended). */
  legs: { result: "won" | "lost" | "void" | null }[];
}

export type SettlementCall =
  | {
      call: "win";
      body: {
        token: string;
        transactionId: string;
        roundId: string;
        amount: string;
        currency: string;
        gameCode: string;
        closeRound: true;
        settlement: Settlement;
      };
    }
  | {
      call: "rollback";
      body: {
        token: string;
        transactionId: string;
        referenceTransactionId: string;
        roundId: string;
        closeRound: true;
      };
    }
  | {
      call: "resettle";
      body: {
        token: string;
        transactionId: string;
        roundId: string;
        amount: string;
        currency: string;
        settlement: Settlement;
      };
    };

export interface BulkItemResult {
  transactionId: string;
  status: number;
  error?: { code: number; message: string };
}

export interface PlatformClient {
  fetch: typeof fetch;
  balance(body: { token: string; currency?: string }): Promise<WalletResult>;
  bet(body: {
    token: string;
    transactionId: string;
    roundId: string;
    amount: string;
    currency: string;
    gameCode: string;
    closeRound: false;
    sportBet: SportBetMeta;
  }): Promise<WalletResult>;
  rollback(body: Extract<SettlementCall, { call: "rollback" }>["body"]): Promise<WalletResult>;
  single(item: SettlementCall): Promise<WalletResult>;
  /** null: the platform has no bulk call (404): send the items one by one. */
  bulk(items: SettlementCall[]): Promise<BulkItemResult[] | null>;
}

export function createPlatformClient(options: {
  baseUrl: string;
  provider: string;
  secret: string;
  fetch: typeof fetch;
  now: () => Date;
}): PlatformClient {
  const { post, call } = walletCaller(options, () => client.fetch);
  const client: PlatformClient = {
    fetch: options.fetch,
    balance: (body) => call("balance", body),
    bet: (body) => call("bet", body),
    rollback: (body) => call("rollback", body),
    single: (item) => call(item.call, item.body),
    async bulk(items) {
      const response = await post("bulk", { items }, BULK_TIMEOUT_MS);
      if (response.status === 404) {
        // An unknown route answers 404; a platform with bulk answers 200 with results.
        return null;
      }
      if (response.status >= 500) throw new PlatformUnreachable(`bulk: HTTP ${response.status}`);
      let json: { data?: { results?: BulkItemResult[] }; error?: { message?: string } };
      try {
        json = (await response.json()) as typeof json;
      } catch {
        throw new PlatformUnreachable(`bulk: HTTP ${response.status} without JSON`);
      }
      const results = json.data?.results;
      if (response.status !== 200 || !results || results.length !== items.length) {
        throw new PlatformUnreachable(
          `bulk: HTTP ${response.status} ${json.error?.message ?? "without results"}`,
        );
      }
      return results;
    },
  };
  return client;
}
