// Signed provider wallet calls (docs/provider-wallet-api.md "Signing"): HMAC-SHA256 with the
// provider's key over "<timestamp>.<raw body>", sent as X-Casino-Signature: sha256=<hex>, with
// X-Casino-Timestamp: <unix seconds> within five minutes of the server's clock.
import { createHmac, timingSafeEqual } from "node:crypto";
import { ProviderWalletError } from "@casino/contract/game";
import type { Queryable } from "../../infra/db";
import { ProviderWalletFailure } from "./provider-wallet";

export const SIGNATURE_HEADER = "x-casino-signature";
export const TIMESTAMP_HEADER = "x-casino-timestamp";
/** How far the timestamp may be from the server's clock, either way. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface GameProviderRecord {
  id: number;
  slug: string;
}

/** The signature header's value for a body signed at `timestamp` (what a studio computes). */
export function signProviderRequest(secret: string, timestamp: number, rawBody: string): string {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `sha256=${mac}`;
}

/**
 * The opaque id of a player for one provider (the balance answer's playerId): HMAC-SHA256 of
 * the platform's player id keyed with the provider's secret, 32 hex characters. Stable across
 * sessions, different per provider, and it tells nothing about the platform's id.
 */
export function providerPlayerId(secret: string, playerId: string): string {
  return createHmac("sha256", secret).update(`player:${playerId}`).digest("hex").slice(0, 32);
}

/** Throws InvalidSignature (401) unless the request is signed with the provider's key. */
export function verifyProviderSignature(input: {
  secret: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: Date;
}): void {
  const refuse = (why: string) =>
    new ProviderWalletFailure(401, ProviderWalletError.InvalidSignature, why);
  if (!input.secret) throw refuse("This provider has no wallet key configured");
  const signature = input.headers[SIGNATURE_HEADER];
  const timestamp = input.headers[TIMESTAMP_HEADER];
  if (typeof signature !== "string" || typeof timestamp !== "string") {
    throw refuse("Missing X-Casino-Signature or X-Casino-Timestamp");
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw refuse("X-Casino-Timestamp must be unix seconds");
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > SIGNATURE_TOLERANCE_SECONDS) throw refuse("Stale X-Casino-Timestamp");
  const expected = Buffer.from(signProviderRequest(input.secret, Number(timestamp), input.rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw refuse("Wrong signature");
  }
}

/**
 * Providers by slug, cached for a minute (one cache per app). A provider an operator switched
 * off is still found: its open rounds must settle (wins, rollbacks); its games take no new bets
 * (switched-off.ts), and no new launches.
 */
export function walletProviderLookup(db: Queryable) {
  const cache = new Map<string, { at: number; provider: GameProviderRecord | null }>();
  return async (slug: string): Promise<GameProviderRecord | null> => {
    const cached = cache.get(slug);
    if (cached && Date.now() - cached.at < 60_000) return cached.provider;
    const [row] = await db.query<{ id: number; slug: string }>(
      "SELECT id, slug FROM game_providers WHERE slug = $1",
      [slug],
    );
    const provider = row ? { id: row.id, slug: row.slug } : null;
    cache.set(slug, { at: Date.now(), provider });
    return provider;
  };
}
