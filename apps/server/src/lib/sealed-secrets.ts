// Secrets the database keeps (provider wallet keys, migration 0043), sealed with AES-256-GCM
// under a key derived (HKDF-SHA256) from SECRETS_ENCRYPTION_KEY. Each sealed value is bound to
// a context (what it is the key of) as associated data, so a value copied to another row does
// not open. A database dump alone reveals no key. Format: "v1.<iv>.<ciphertext and tag>" in
// base64url, the version leaving room for another scheme later. To change the encryption key,
// the old one goes in SECRETS_ENCRYPTION_KEY_PREVIOUS: values sealed under it still open, and
// `stale` tells which to seal again under the new one.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Queryable } from "../infra/db";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

const derive = (encryptionKey: string) =>
  Buffer.from(hkdfSync("sha256", encryptionKey, "", "casino sealed secrets v1", 32));

export class SealedSecrets {
  private readonly key: Buffer;
  private readonly previous: Buffer[];

  /** Seals under `encryptionKey`; opens under it or any of `previousKeys`. */
  constructor(encryptionKey: string, previousKeys: readonly string[] = []) {
    this.key = derive(encryptionKey);
    this.previous = previousKeys.map(derive);
  }

  /** `secret` sealed for `context` (a new random IV each time). */
  seal(secret: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([
      cipher.update(secret, "utf8"),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
  }

  /**
   * The secret, or null when `sealed` was not sealed for `context` under this key or a previous
   * one: another SECRETS_ENCRYPTION_KEY, another row, an altered value or an unknown format.
   */
  open(sealed: string, context: string): string | null {
    return this.openWith(sealed, context)?.secret ?? null;
  }

  /** Whether `sealed` opens only under a previous key (it should be sealed again). */
  stale(sealed: string, context: string): boolean {
    return this.openWith(sealed, context)?.current === false;
  }

  private openWith(sealed: string, context: string): { secret: string; current: boolean } | null {
    const [version, iv, body] = sealed.split(".");
    if (version !== VERSION || iv === undefined || body === undefined) return null;
    const ivBytes = Buffer.from(iv, "base64url");
    const bytes = Buffer.from(body, "base64url");
    if (ivBytes.length !== IV_BYTES || bytes.length < TAG_BYTES) return null;
    for (const [index, key] of [this.key, ...this.previous].entries()) {
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes);
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const secret = Buffer.concat([
          decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
        return { secret, current: index === 0 };
      } catch {
        // Not this key: try the next.
      }
    }
    return null;
  }
}

const sealers = new WeakMap<object, SealedSecrets>();

/**
 * The sealer of a server's configuration (SECRETS_ENCRYPTION_KEY and the previous keys), made once
 * per configuration: provider wallet keys and operator users' second factors share it.
 */
export function sealerOf(config: {
  secrets: { encryptionKey: string };
  previousEncryptionKeys: readonly string[];
}): SealedSecrets {
  let sealer = sealers.get(config);
  if (!sealer) {
    sealer = new SealedSecrets(config.secrets.encryptionKey, config.previousEncryptionKeys);
    sealers.set(config, sealer);
  }
  return sealer;
}

/**
 * Seals again under the current key every value of `table.column` that opens only under a
 * previous one (after a change of SECRETS_ENCRYPTION_KEY), each row replaced only if nobody
 * replaced it meanwhile, so servers running it at once agree. `owner` is the column the value's
 * context is made from. Answers how many it sealed again. Table and columns are the caller's
 * constants, never input.
 */
export async function resealStale(
  db: Queryable,
  sealer: SealedSecrets,
  spec: { table: string; column: string; owner: string; context: (owner: number) => string },
): Promise<number> {
  const { table, column, owner } = spec;
  const rows = await db.query<{ id: number; owner: number; sealed: string }>(
    `SELECT id, ${owner} AS owner, ${column} AS sealed FROM ${table}
      WHERE ${column} IS NOT NULL ORDER BY id`,
  );
  let resealed = 0;
  for (const row of rows) {
    const context = spec.context(Number(row.owner));
    const secret = sealer.stale(row.sealed, context) ? sealer.open(row.sealed, context) : null;
    if (secret === null) continue;
    const updated = await db.query(
      `UPDATE ${table} SET ${column} = $3 WHERE id = $1 AND ${column} = $2 RETURNING id`,
      [row.id, row.sealed, sealer.seal(secret, context)],
    );
    resealed += updated.length;
  }
  return resealed;
}
