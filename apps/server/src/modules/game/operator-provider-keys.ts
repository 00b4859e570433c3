// The operator's wallet keys of a game provider (/api/operator/game-providers/{id}/wallet-keys;
// ADR 0015, migration 0043). The platform makes each key (32 random bytes), shows it once to
// the operator, who hands it to the studio, and keeps it sealed (lib/sealed-secrets.ts).
// Rotation: issue a new key, the studio signs with it, retire the old one. A provider has at
// most three active keys. GAME_PROVIDER_SECRETS's key shows in the list but only the
// deployment changes it.
import { createHash, randomBytes } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import type {
  IssuedWalletKey,
  IssueWalletKeyBody,
  OperatorProviderWalletKeys,
  OperatorWalletKey,
} from "@casino/contract/operator-games";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { createOnce, iso, recordOperatorChange } from "../../lib/operator-keys";
import { sealContext, walletProviders } from "./provider-keys";

/** Active issued keys a provider may have at once (two for a rotation, one spare). */
export const MAX_ACTIVE_WALLET_KEYS = 3;

interface KeyRow {
  id: number;
  provider_id: number;
  sealed: string;
  fingerprint: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

const KEY_COLUMNS = "id, provider_id, sealed, fingerprint, created_at, retired_at";

/** "sha256:" and the first 16 hex digits of the key's SHA-256. */
export const keyFingerprint = (secret: string) =>
  `sha256:${createHash("sha256").update(secret).digest("hex").slice(0, 16)}`;

function opened(ctx: AppContext, row: KeyRow): string | null {
  return walletProviders(ctx).sealer.open(row.sealed, sealContext(Number(row.provider_id)));
}

function viewOf(ctx: AppContext, row: KeyRow): OperatorWalletKey {
  return {
    id: Number(row.id),
    source: "operator",
    fingerprint: row.fingerprint,
    createdAt: iso(row.created_at),
    retiredAt: iso(row.retired_at),
    usable: opened(ctx, row) !== null,
  };
}

async function providerOf(db: Queryable, id: number, lock = false) {
  const [row] = await db.query<{ id: number; slug: string; player_id_key: string | null }>(
    `SELECT id, slug, player_id_key FROM game_providers WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!row) throw AppError.notFound("No game provider with that id");
  return row;
}

/** GET .../wallet-keys: the environment's key (if any), then every issued key, oldest first. */
export async function listWalletKeys(
  ctx: AppContext,
  providerId: number,
): Promise<OperatorWalletKey[]> {
  const provider = await providerOf(ctx.db, providerId);
  const rows = await ctx.db.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM game_provider_keys WHERE provider_id = $1 ORDER BY id`,
    [providerId],
  );
  return keysOf(ctx, provider.slug, rows);
}

/** A provider's keys: GAME_PROVIDER_SECRETS's first (if set), then the issued ones. */
function keysOf(ctx: AppContext, slug: string, rows: readonly KeyRow[]): OperatorWalletKey[] {
  const environment = ctx.config.gameProviderSecrets[slug];
  const fromEnvironment: OperatorWalletKey[] =
    environment === undefined
      ? []
      : [
          {
            id: null,
            source: "environment",
            fingerprint: keyFingerprint(environment),
            createdAt: null,
            retiredAt: null,
            usable: true,
          },
        ];
  return [...fromEnvironment, ...rows.map((row) => viewOf(ctx, row))];
}

/** GET /api/operator/wallet-keys: every provider, by name, with its keys (two queries). */
export async function listAllWalletKeys(ctx: AppContext): Promise<OperatorProviderWalletKeys[]> {
  const [providers, rows] = await Promise.all([
    ctx.db.query<{ id: number; slug: string; name: string }>(
      "SELECT id, slug, name FROM game_providers ORDER BY name, id",
    ),
    ctx.db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM game_provider_keys ORDER BY id`),
  ]);
  return providers.map((provider) => ({
    provider: { id: Number(provider.id), slug: provider.slug, name: provider.name },
    keys: keysOf(
      ctx,
      provider.slug,
      rows.filter((row) => Number(row.provider_id) === Number(provider.id)),
    ),
  }));
}

/**
 * POST .../wallet-keys: a new active key, with the key itself (the only answer that has it; a
 * replay by `key` repeats it). 409 when the provider has MAX_ACTIVE_WALLET_KEYS already.
 */
export async function issueWalletKey(
  ctx: AppContext,
  providerId: number,
  body: IssueWalletKeyBody,
): Promise<{ data: IssuedWalletKey; replay: boolean }> {
  const result = await createOnce(ctx.db, {
    kind: "game-provider-key",
    key: body.key,
    now: ctx.now(),
    body: { providerId },
    create: async (tx) => {
      // The provider's row lock orders issues of one provider, so the count below holds.
      const provider = await providerOf(tx, providerId, true);
      const [active] = await tx.query<{ count: string | number }>(
        "SELECT count(*) AS count FROM game_provider_keys WHERE provider_id = $1 AND retired_at IS NULL",
        [providerId],
      );
      if (Number(active!.count) >= MAX_ACTIVE_WALLET_KEYS) {
        throw new AppError(
          409,
          ErrorCode.Conflict,
          `This provider has ${MAX_ACTIVE_WALLET_KEYS} active wallet keys; retire one first`,
        );
      }
      const secret = randomBytes(32).toString("base64url");
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO game_provider_keys (provider_id, sealed, fingerprint, created_at)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [
          providerId,
          walletProviders(ctx).sealer.seal(secret, sealContext(providerId)),
          keyFingerprint(secret),
          ctx.now(),
        ],
      );
      // Player ids need a key that outlives this one. A provider from before migration 0043
      // keeps deriving them from its GAME_PROVIDER_SECRETS key, if it has one.
      if (
        provider.player_id_key === null &&
        ctx.config.gameProviderSecrets[provider.slug] === undefined
      ) {
        await tx.query("UPDATE game_providers SET player_id_key = $2 WHERE id = $1", [
          providerId,
          newPlayerIdKey(),
        ]);
      }
      return row!.id;
    },
    read: async (db, id) => {
      const [row] = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM game_provider_keys WHERE id = $1`,
        [Number(id)],
      );
      const secret = row ? opened(ctx, row) : null;
      if (!row || secret === null) {
        throw new AppError(
          409,
          ErrorCode.Conflict,
          "This key was issued under another SECRETS_ENCRYPTION_KEY; issue a new one",
        );
      }
      return { ...viewOf(ctx, row), secret };
    },
  });
  walletProviders(ctx).clear();
  return result;
}

/**
 * DELETE .../wallet-keys/{keyId}: retires the key at once (it verifies no more calls on this
 * server; on others within their 10 s cache). Retiring a retired key changes nothing.
 */
export async function retireWalletKey(
  ctx: AppContext,
  providerId: number,
  keyId: number,
): Promise<OperatorWalletKey> {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [retired] = await tx.query<KeyRow>(
      `UPDATE game_provider_keys SET retired_at = $3
        WHERE id = $1 AND provider_id = $2 AND retired_at IS NULL
        RETURNING ${KEY_COLUMNS}`,
      [keyId, providerId, now],
    );
    if (retired) {
      await recordOperatorChange(tx, {
        kind: "game-provider-key",
        entityId: keyId,
        action: "delete",
        changes: { providerId },
        now,
      });
      return retired;
    }
    const [existing] = await tx.query<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM game_provider_keys WHERE id = $1 AND provider_id = $2`,
      [keyId, providerId],
    );
    if (!existing) throw AppError.notFound("This provider has no wallet key with that id");
    return existing;
  });
  walletProviders(ctx).clear();
  return viewOf(ctx, row);
}

/** A provider's player id key (game_providers.player_id_key): 32 random bytes. */
export const newPlayerIdKey = () => randomBytes(32).toString("base64url");
