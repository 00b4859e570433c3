// The port through which activated free spins reach the game (FreeSpinsProvider). The in-house
// studio (modules/studio) accepts signed grants at POST /studio/api/platform/free-spins and pays
// their winnings with a wallet win carrying freeSpinsId; the adapter calling it is not wired yet
// (see README "Bonuses"), so the default adapter only names the grant: the platform records the
// spins as active and the grant id the studio would be given.
import type { AppContext } from "../../context";

export interface FreeSpinsGrant {
  /** Our id of the grant (idempotency key at the studio). */
  externalId: string;
  playerId: string;
  currency: string;
  gameCode: string;
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

const providers = new WeakMap<AppContext, FreeSpinsProvider>();

/** Tests and the studio adapter replace the provider of an app context. */
export function setFreeSpinsProvider(ctx: AppContext, provider: FreeSpinsProvider): void {
  providers.set(ctx, provider);
}

export function freeSpinsProviderOf(ctx: AppContext): FreeSpinsProvider {
  return providers.get(ctx) ?? recordOnly;
}
