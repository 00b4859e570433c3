// The port through which activated free spins reach the game (FreeSpinsProvider). Adapter:
// the in-house studio (modules/studio) takes signed grants at POST
// /studio/api/platform/free-spins (docs/provider-wallet-api.md §7) and reports each spin as a
// wallet win carrying freeSpinsId (free-spin-wins.ts). Games of other providers have no grant
// endpoint yet: their spins are only recorded (recordOnly).
import { formatAmount } from "@casino/money/format";
import { IN_HOUSE_GAME_PROVIDER } from "../../config";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { providerPlayerId } from "../game/provider-signature";
import { signWalletBody } from "../studio/platform-client";

export interface FreeSpinsGrant {
  /** Our id of the grant (idempotency key at the studio). */
  externalId: string;
  playerId: string;
  currency: string;
  gameCode: string;
  /** The game's provider slug (the studio takes only its own games). */
  providerSlug: string;
  count: number;
  /** Stake of one spin, minor units. */
  betAmount: bigint;
  subunitToUnit: bigint;
  expiresAt: Date;
}

export interface FreeSpinsProvider {
  /** Hands the spins to the game; returns the grant's id there. Idempotent by externalId. */
  grant(grant: FreeSpinsGrant): Promise<string>;
}

const recordOnly: FreeSpinsProvider = {
  async grant(grant) {
    return grant.externalId;
  },
};

/** The in-house studio over its signed platform endpoint (in-process fetch by default). */
export function studioFreeSpinsProvider(options: {
  fetch: typeof fetch;
  baseUrl: string;
  secret: string;
  now: () => Date;
}): FreeSpinsProvider {
  return {
    async grant(grant) {
      if (grant.providerSlug !== IN_HOUSE_GAME_PROVIDER) return recordOnly.grant(grant);
      const raw = JSON.stringify({
        externalId: grant.externalId,
        playerId: providerPlayerId(options.secret, grant.playerId),
        currency: grant.currency,
        gameCode: grant.gameCode,
        spins: grant.count,
        betPerSpin: formatAmount(grant.betAmount, grant.subunitToUnit),
        expiresAt: grant.expiresAt.toISOString(),
      });
      const timestamp = Math.floor(options.now().getTime() / 1000);
      const response = await options.fetch(`${options.baseUrl}/studio/api/platform/free-spins`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-casino-timestamp": String(timestamp),
          "x-casino-signature": signWalletBody(options.secret, timestamp, raw),
        },
        body: raw,
      });
      if (!response.ok) {
        throw new AppError(503, 503, "The game could not take the free spins now; try again");
      }
      return grant.externalId;
    },
  };
}

const providers = new WeakMap<AppContext, FreeSpinsProvider>();

/** Tests and the studio adapter replace the provider of an app context. */
export function setFreeSpinsProvider(ctx: AppContext, provider: FreeSpinsProvider): void {
  providers.set(ctx, provider);
}

export function freeSpinsProviderOf(ctx: AppContext): FreeSpinsProvider {
  return providers.get(ctx) ?? recordOnly;
}
