import { createHmac, timingSafeEqual } from "node:crypto";
import type { z } from "zod";

/** How far a delivery's timestamp may be from now (replays of old deliveries are refused). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature header of a webhook delivery, in the widely used `t=<unix>,v1=<hex>` form: an
 * HMAC-SHA256 under the shared secret of `${t}.${body}`, so neither the body nor the time can be
 * changed without the secret.
 */
export function signWebhook(secret: string, body: string | Buffer, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  const mac = createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
  return `t=${t},v1=${mac}`;
}

export type SignatureCheck = "ok" | "signature" | "stale";

export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: Buffer,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return "signature";
  const parts = new Map(
    header.split(",").map((part) => {
      const index = part.indexOf("=");
      return [part.slice(0, index).trim(), part.slice(index + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return "signature";
  const expected = createHmac("sha256", secret).update(`${t}.`).update(body).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) return "signature";
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return "stale";
  return "ok";
}

/** A signed delivery's event, or why it is refused. */
export type SignedWebhook<T> =
  | { ok: true; event: T }
  | { ok: false; reason: "signature" | "stale" | "malformed" };

/**
 * Reads a signed delivery of a sandbox provider: the `t=…,v1=…` header checked first, then the
 * JSON body against the event's schema (anything else is malformed).
 */
export function readSignedWebhook<T>(
  secret: string,
  header: string | string[] | undefined,
  body: Buffer,
  now: Date,
  schema: z.ZodType<T>,
): SignedWebhook<T> {
  const check = verifyWebhookSignature(
    secret,
    Array.isArray(header) ? header[0] : header,
    body,
    now,
  );
  if (check !== "ok") return { ok: false, reason: check };
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { ok: true, event: parsed.data } : { ok: false, reason: "malformed" };
}
