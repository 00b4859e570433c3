// The provider's side of the provider wallet API (docs/provider-wallet-api.md), as any outside
// studio or sportsbook writes it: signed JSON over HTTP through a fetch port. The platform's
// sandbox providers (the in-house studio, the sandbox sportsbook) share it; nothing of the
// platform's game or wallet modules is imported: a provider knows the platform only by this
// protocol.
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "x-casino-signature";
export const TIMESTAMP_HEADER = "x-casino-timestamp";
/** How long a wallet call may take before the provider treats it as lost (protocol: 5 s). */
export const WALLET_TIMEOUT_MS = 5_000;

export interface WalletBalance {
  currency: string;
  balance: string;
  realBalance: string;
  bonusBalance: string;
  playerId?: string;
  transactionId?: string | null;
  replay?: boolean;
}

/** The platform answered: success, or a coded refusal (4xx), final for this request. */
export type WalletResult =
  | { ok: true; data: WalletBalance }
  | { ok: false; status: number; code: number; message: string; balance?: WalletBalance };

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

export interface WalletCallerOptions {
  /** The platform's base URL (without a trailing slash). */
  baseUrl: string;
  provider: string;
  secret: string;
  now: () => Date;
}

/**
 * Signed calls to `{baseUrl}/api/game/wallet/{provider}/{action}` through `fetchPort()` (read at
 * each call, so tests may swap the port): `post` answers the raw response (or throws
 * PlatformUnreachable when none came), `call` the parsed result of a single call.
 */
export function walletCaller(options: WalletCallerOptions, fetchPort: () => typeof fetch) {
  async function post(action: string, body: object, timeoutMs = WALLET_TIMEOUT_MS) {
    const raw = JSON.stringify(body);
    const timestamp = Math.floor(options.now().getTime() / 1000);
    try {
      return await fetchPort()(`${options.baseUrl}/api/game/wallet/${options.provider}/${action}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWalletBody(options.secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PlatformUnreachable(`${action}: ${(error as Error).message}`);
    }
  }

  async function call(action: string, body: object): Promise<WalletResult> {
    const response = await post(action, body);
    if (response.status >= 500) {
      throw new PlatformUnreachable(`${action}: HTTP ${response.status}`);
    }
    let json: {
      data?: WalletBalance;
      error?: { code?: number; message?: string };
      balance?: WalletBalance;
    };
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
      ...(json.balance ? { balance: json.balance } : {}),
    };
  }

  return { post, call };
}
