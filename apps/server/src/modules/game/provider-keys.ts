// Which keys a game provider's wallet calls are signed with (ADR 0015, migration 0043): its
// GAME_PROVIDER_SECRETS key, if the deployment sets one, and the keys an operator issued it
// through the API that are not retired (sealed in game_provider_keys). Any of them verifies a
// call, so a studio moves to a new key before the operator retires the old one. Calls to the
// provider (free-spin grants) are signed with the environment's key, else its oldest active
// one: the key the studio has had longest. Player ids use a key of their own, so a rotation
// does not change who a player is to the studio.
//
// Read per provider and cached for 10 s per process; this process's operator writes clear the
// cache at once. A call no cached key verifies reloads its provider (at most once a second), so
// a key issued on another server works at once there too; a key retired on another server
// stops working within the 10 s.
import type { AppContext } from "../../context";
import { resealStale, type SealedSecrets, sealerOf } from "../../lib/sealed-secrets";
import type { GameProviderRecord } from "./provider-signature";

const CACHE_MS = 10_000;
const RELOAD_MS = 1_000;
/** Slugs cached at most (calls naming unknown slugs must not grow the cache without end). */
const CACHE_SLUGS = 1_000;

export interface WalletProvider extends GameProviderRecord {
  /** Keys that verify its calls: the environment's, then its active issued ones, oldest first. */
  verifyingKeys: string[];
  /** The key that signs calls to it (free-spin grants); null: it has none. */
  signingKey: string | null;
  /** The key of its opaque player ids (providerPlayerId); null: it has no key at all. */
  playerIdKey: string | null;
  /** A sportsbook (game_providers.kind, migration 0076): its wins settle sports bets. */
  sportsbook: boolean;
}

interface ProviderRow {
  id: number;
  slug: string;
  player_id_key: string | null;
  kind: string;
  keys: { id: number; sealed: string }[] | string;
}

/** What an issued key's seal is bound to: its provider (a copy under another does not open). */
export const sealContext = (providerId: number) => `game-provider-key:${providerId}`;

export class WalletProviders {
  private readonly cache = new Map<
    string,
    { at: number; provider: Promise<WalletProvider | null> }
  >();
  readonly sealer: SealedSecrets;

  constructor(private readonly ctx: AppContext) {
    this.sealer = sealerOf(ctx.config);
  }

  /** The provider with its keys (cached up to 10 s); null: no provider has that slug. */
  find(slug: string): Promise<WalletProvider | null> {
    return this.read(slug, CACHE_MS);
  }

  /**
   * The provider read again, unless it was read within the last second: for a call that no
   * cached key verifies (a key issued on another server since).
   */
  reload(slug: string): Promise<WalletProvider | null> {
    return this.read(slug, RELOAD_MS);
  }

  /** Forgets every provider (after an operator's write in this process). */
  clear(): void {
    this.cache.clear();
  }

  /** The keys of a slug no provider has: the environment's, if any (the call then gets 404). */
  environmentKeys(slug: string): string[] {
    const key = this.ctx.config.gameProviderSecrets[slug];
    return key === undefined ? [] : [key];
  }

  private read(slug: string, maxAgeMs: number): Promise<WalletProvider | null> {
    const now = this.ctx.now().getTime();
    const cached = this.cache.get(slug);
    if (cached && now - cached.at < maxAgeMs && now >= cached.at) return cached.provider;
    const provider = this.load(slug);
    const entry = { at: now, provider };
    if (this.cache.size >= CACHE_SLUGS) this.cache.clear();
    this.cache.set(slug, entry);
    provider.catch(() => {
      if (this.cache.get(slug) === entry) this.cache.delete(slug);
    });
    return provider;
  }

  private async load(slug: string): Promise<WalletProvider | null> {
    const [row] = await this.ctx.db.query<ProviderRow>(
      `SELECT p.id, p.slug, p.player_id_key, p.kind,
              COALESCE((SELECT json_agg(json_build_object('id', k.id, 'sealed', k.sealed)
                                        ORDER BY k.id)
                          FROM game_provider_keys k
                         WHERE k.provider_id = p.id AND k.retired_at IS NULL), '[]') AS keys
         FROM game_providers p
        WHERE p.slug = $1`,
      [slug],
    );
    if (!row) return null;
    const id = Number(row.id);
    const keys = typeof row.keys === "string" ? JSON.parse(row.keys) : row.keys;
    const issued = (keys as { id: number; sealed: string }[])
      .map((key) => this.sealer.open(key.sealed, sealContext(id)))
      .filter((key): key is string => key !== null);
    const environment = this.ctx.config.gameProviderSecrets[row.slug];
    return {
      id,
      slug: row.slug,
      verifyingKeys: [...(environment === undefined ? [] : [environment]), ...issued],
      signingKey: environment ?? issued[0] ?? null,
      playerIdKey: row.player_id_key ?? environment ?? null,
      sportsbook: row.kind === "sportsbook",
    };
  }
}

const registry = new WeakMap<AppContext, WalletProviders>();

/** The app's provider keys (one cache per app context). */
export function walletProviders(ctx: AppContext): WalletProviders {
  let providers = registry.get(ctx);
  if (!providers) {
    providers = new WalletProviders(ctx);
    registry.set(ctx, providers);
  }
  return providers;
}

/**
 * Seals again under SECRETS_ENCRYPTION_KEY every wallet key that opens only under a previous
 * one (SECRETS_ENCRYPTION_KEY_PREVIOUS; the hourly job "wallet-keys-reseal"). Each row is
 * replaced only if nobody replaced it meanwhile, so servers running it at once agree. Returns
 * how many it sealed again.
 */
export async function resealWalletKeys(ctx: AppContext): Promise<number> {
  if (ctx.config.previousEncryptionKeys.length === 0) return 0;
  return resealStale(ctx.db, walletProviders(ctx).sealer, {
    table: "game_provider_keys",
    column: "sealed",
    owner: "provider_id",
    context: sealContext,
  });
}
