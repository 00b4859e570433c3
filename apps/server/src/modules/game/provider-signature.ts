// Signed provider wallet calls (docs/provider-wallet-api.md "Signing"): HMAC-SHA256 with the
// provider's key over "<timestamp>.<raw body>", sent as X-Casino-Signature: sha256=<hex>, with
// X-Casino-Timestamp: <unix seconds> within five minutes of the server's clock.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ProviderWalletError } from "@casino/contract/game";
import { ProviderWalletFailure } from "./provider-wallet";

export const SIGNATURE_HEADER = "x-casino-signature";
export const TIMESTAMP_HEADER = "x-casino-timestamp";
/** How far the timestamp may be from the server's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface GameProviderRecord {
  id: number;
  slug: string;
  /** A sportsbook (game_providers.kind): its wins settle sports bets (sport-bets.ts). */
  sportsbook?: boolean;
}

/** The signature header's value for a body signed at `timestamp` (what a studio computes). */
export function signProviderRequest(secret: string, timestamp: number, rawBody: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `sha256=${mac}`;
}

/**
 * The opaque id of a player for one provider (the balance answer's playerId): HMAC-SHA256 of
 * the platform's player id keyed with the provider's player id key (provider-keys.ts), 32 hex
 * characters. Stable across sessions and key rotations, different per provider, and it tells
 * nothing about the platform's id.
 */
export function providerPlayerId(secret: string, playerId: string): string {
  return createHmac("sha256", secret).update(`player:${playerId}`).digest("hex").slice(0, 32);
}

/**
 * Why a request is not signed with one of `keys`, or null when it is. `keyMismatch`: the
 * request is well formed and timely but no key verifies it (another key might: one issued
 * since the keys were read).
 */
export function signatureProblem(input: {
  keys: readonly string[];
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: Date;
}): { why: string; keyMismatch: boolean } | null {
  const refuse = (why: string, keyMismatch = false) => ({ why, keyMismatch });
  const signature = input.headers[SIGNATURE_HEADER];
  const timestamp = input.headers[TIMESTAMP_HEADER];
  if (typeof signature !== "string" || typeof timestamp !== "string") {
    return refuse("Missing X-Casino-Signature or X-Casino-Timestamp");
  }
  if (!/^\d{1,12}$/.test(timestamp)) return refuse("X-Casino-Timestamp must be unix seconds");
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_SECONDS) return refuse("Stale X-Casino-Timestamp");
  if (input.keys.length === 0) return refuse("This provider has no wallet key configured", true);
  const given = Buffer.from(signature);
  for (const key of input.keys) {
    const expected = Buffer.from(signProviderRequest(key, Number(timestamp), input.rawBody));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return null;
  }
  return refuse("Wrong signature", true);
}

/** The InvalidSignature (401) answer of a signature problem. */
export function invalidSignature(problem: { why: string }): ProviderWalletFailure {
  return new ProviderWalletFailure(401, ProviderWalletError.InvalidSignature, problem.why);
}
