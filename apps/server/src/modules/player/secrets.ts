import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** An opaque, unguessable token (32 random bytes, base64url): sessions, link codes. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 hex: enough for 256-bit random tokens, which cannot be guessed from their hash. */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * HMAC-SHA256 hex under a server secret, for low-entropy values (six-digit codes, logins in the
 * audit) that a plain hash would give away to anyone reading the database.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}\u0000${value}`).digest("hex");
}

export function equalHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
