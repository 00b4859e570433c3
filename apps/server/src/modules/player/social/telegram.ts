// The messaging-app login (Telegram Login Widget). The widget sends the user back to our
// callback with the user's fields and a `hash`; the data is genuine when
// hash = hex(HMAC-SHA256(key = SHA-256(bot token), data-check-string)), where the
// data-check-string is every other field as `key=value`, sorted by key, joined with "\n".
// See https://core.telegram.org/widgets/login#checking-authorization.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export interface TelegramUser {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  authDate: number;
}

/** How old (seconds) a widget login may be; Telegram's docs leave it to the site. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;

const FIELDS = new Set(["id", "first_name", "last_name", "username", "photo_url", "auth_date"]);

/** The hash the widget computes for `fields` (exported so tests and the sandbox can sign). */
export function telegramHash(fields: Readonly<Record<string, string>>, botToken: string): string {
  const check = Object.keys(fields)
    .filter((key) => key !== "hash")
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(check).digest("hex");
}

/**
 * The user the widget vouches for, or null when the signature is wrong, a field is unknown or
 * missing, or the login is older than `maxAgeSeconds` (or from the future).
 */
export function verifyTelegramLogin(
  query: Readonly<Record<string, string>>,
  botToken: string,
  now: Date,
  maxAgeSeconds = TELEGRAM_MAX_AGE_SECONDS,
): TelegramUser | null {
  const { hash, ...fields } = query;
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return null;
  if (Object.keys(fields).some((key) => !FIELDS.has(key))) return null;
  if (!fields.id || !/^\d{1,20}$/.test(fields.id)) return null;
  const authDate = Number(fields.auth_date);
  if (!Number.isInteger(authDate)) return null;
  const age = now.getTime() / 1000 - authDate;
  if (age > maxAgeSeconds || age < -60) return null;
  const expected = Buffer.from(telegramHash(fields, botToken), "hex");
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) return null;
  return {
    id: fields.id,
    username: fields.username ?? null,
    firstName: fields.first_name ?? null,
    lastName: fields.last_name ?? null,
    authDate,
  };
}
