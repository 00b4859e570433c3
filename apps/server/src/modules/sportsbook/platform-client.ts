// The book's side of the provider wallet API (docs/provider-wallet-api.md), as an outside
// sportsbook writes it: signed JSON over HTTP through a fetch port. Nothing of the platform's game
// or wallet modules is imported: the book knows the platform only by this protocol.
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "x-casino-signature";
export const TIMESTAMP_HEADER = "x-casino-timestamp";
/** How long a wallet call may take before the book treats it as lost (protocol: 5 s). */
export const WALLET_TIMEOUT_MS = 5_000;
/** A bulk call carries up to 1,000 settlements and may take longer. */
export const BULK_TIMEOUT_MS = 30_000;

export interface WalletBalance {
  currency: string;
  balance: string;
  playerId?: string;
}

export type WalletResult =
  | { ok: true; data: WalletBalance }
  | { ok: false; status: number; code: number; message: string };

/** No answer (connection error, time-out) or a 5xx: retry the same call later. */
export class PlatformUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PlatformUnreachable";
  }
}

export function signWalletBody(secret: string, timestamp: number, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

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

  async function post(action: string, body: object, timeoutMs: number): Promise<Response> {
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(options.now().getTime() / 1000);
    try {
      return await client.fetch(
        `${options.baseUrl}/api/game/wallet/${options.provider}/${action}`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signWalletBody(options.secret, timestamp, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
    } catch (error) {
      throw new PlatformUnreachable(`${action}: ${(error as Error).message}`);
    }
  }

  async function call(action: string, body: object): Promise<WalletResult> {
    const response = await post(action, body, WALLET_TIMEOUT_MS);
    if (response.status >= 500) throw new PlatformUnreachable(`${action}: HTTP ${response.status}`);
    let json: { data?: WalletBalance; error?: { code?: number; message?: string } };
    try {
      json = (await response.json()) as typeof json;
    } catch {
      throw new PlatformUnreachable(`${action}: HTTP ${response.status} without JSON`);
    }
    if (response.status === 200 && json.data) return { ok: true, data: json.data };
    return {
      ok: false,
      status: response.status,
      code: json.error?.code ?? response.status,
      message: json.error?.message ?? `HTTP ${response.status}`,
    };
  }

  return client;
}
