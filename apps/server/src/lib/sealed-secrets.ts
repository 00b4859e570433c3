// Secrets the database keeps (provider wallet keys, migration 0043), sealed with AES-256-GCM
// under a key derived (HKDF-SHA256) from SECRETS_ENCRYPTION_KEY. Each sealed value is bound to
// a context (what it is the key of) as associated data, so a value copied to another row does
// not open. A database dump alone reveals no key. Format: "v1.<iv>.<ciphertext and tag>" in
// base64url, the version leaving room for another scheme later.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedSecrets {
  private readonly key: Buffer;

  constructor(encryptionKey: string) {
    this.key = Buffer.from(hkdfSync("sha256", encryptionKey, "", "casino sealed secrets v1", 32));
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
   * The secret, or null when `sealed` was not sealed for `context` under this key: another
   * SECRETS_ENCRYPTION_KEY, another row, an altered value or an unknown format.
   */
  open(sealed: string, context: string): string | null {
    const [version, iv, body] = sealed.split(".");
    if (version !== VERSION || iv === undefined || body === undefined) return null;
    const ivBytes = Buffer.from(iv, "base64url");
    const bytes = Buffer.from(body, "base64url");
    if (ivBytes.length !== IV_BYTES || bytes.length < TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, ivBytes);
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      return null;
    }
  }
}
