// The port through which activated free spins reach the game (FreeSpinsProvider). Adapter:
// each provider's free-spins URL is data (game_providers.free_spins_url, migration 0037). The
// platform posts the grant there, signed with that provider's signing key (provider-keys.ts)
// like the wallet calls (docs/provider-wallet-api.md §7), and the game reports each spin as a
// wallet win carrying freeSpinsId (free-spin-wins.ts). A path is served by this site: the
// in-house studio's (POST /studio/api/platform/free-spins), reached in-process. A provider
// without a URL takes no grants: its spins are only recorded.
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { sitePathOf } from "../../lib/outbound-url";
import { signWalletBody } from "../../lib/provider-wallet-client";
import { providerPlayerId } from "../game/provider-signature";

export interface FreeSpinsGrant {
  /** Our id of the grant (idempotency key at the provider). */
  externalId: string;
  playerId: string;
  currency: string;
  gameCode: string;
  /** The game's provider slug (whose signing key signs the grant). */
  providerSlug: string;
  /** The provider's free-spins URL; null: it takes no grants. */
  url: string | null;
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

/**
 * Grants over each provider's signed free-spins endpoint: a path through `inProcess` (this
 * site), a full URL through `fetch`. 503 when the provider has no key here, cannot be
 * reached or does not answer 2xx (the activation can be tried again: grants are idempotent).
 */
export function providerFreeSpins(options: {
  inProcess: typeof fetch;
  /** The checked fetch for other sites (lib/outbound-url.ts createOutboundFetch). */
  fetch: typeof fetch;
  /** The site's own origin: a URL on it is reached in-process, like a path. */
  publicUrl: string;
  /** The provider's keys: the one that signs calls to it and its player ids' (provider-keys.ts). */
  keys: (
    providerSlug: string,
  ) => Promise<{ signingKey: string | null; playerIdKey: string | null } | null>;
  now: () => Date;
}): FreeSpinsProvider {
  return {
    async grant(grant) {
      if (grant.url === null) return recordOnly.grant(grant);
      const unavailable = () =>
        new AppError(503, 503, "The game could not take the free spins now; try again");
      const keys = await options.keys(grant.providerSlug);
      const secret = keys?.signingKey;
      if (!secret) throw unavailable();
      const raw = JSON.stringify({
        externalId: grant.externalId,
        playerId: providerPlayerId(keys.playerIdKey ?? "", grant.playerId),
        currency: grant.currency,
        gameCode: grant.gameCode,
        spins: grant.count,
        betPerSpin: formatAmount(grant.betAmount, grant.subunitToUnit),
        expiresAt: grant.expiresAt.toISOString(),
      });
      const timestamp = Math.floor(options.now().getTime() / 1000);
      const sitePath = sitePathOf(grant.url, options.publicUrl);
      const response = await (sitePath !== null ? options.inProcess : options.fetch)(
        sitePath !== null ? `http://platform.internal${sitePath}` : grant.url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-casino-timestamp": String(timestamp),
            "x-casino-signature": signWalletBody(secret, timestamp, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(10_000),
        },
      ).catch(() => null);
      if (!response?.ok) throw unavailable();
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
