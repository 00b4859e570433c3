// The chat's signed tokens (issue 26, docs/chat.md):
// - subscription tokens for the chat's realtime channels (Centrifugo's format: an HS256 JWT with
//   `sub` the connection's user, "" for a connection without one, and `channel`), signed with
//   JWT_SECRET like the access token, so Centrifugo can verify them too;
// - signed attachment links (an HMAC of the message id and an expiry), so an <img> can show a
//   file without a bearer header.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ChatRealtimeToken } from "@casino/contract/chat";
import { errors, jwtVerify, SignJWT } from "jose";

const encoder = new TextEncoder();
/** A subscription token's life; the SDK asks for another (getToken) after a 109. */
export const SUBSCRIPTION_TOKEN_SECONDS = 60 * 60;
/** An attachment link's life. */
export const ATTACHMENT_LINK_SECONDS = 60 * 60;

export async function signSubscriptionToken(
  secret: string,
  input: { channel: string; subject: string | null; now: Date },
): Promise<ChatRealtimeToken> {
  const iat = Math.floor(input.now.getTime() / 1000);
  const exp = iat + SUBSCRIPTION_TOKEN_SECONDS;
  const token = await new SignJWT({ channel: input.channel })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(input.subject ?? "")
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(encoder.encode(secret));
  return { channel: input.channel, token, expiresAt: new Date(exp * 1000).toISOString() };
}

export type SubscriptionCheck = "ok" | "expired" | "denied";

/**
 * Whether `token` lets a connection authenticated as `profileId` (null: none) subscribe to
 * `channel`: signed by us, for that channel and that connection's user, not expired.
 */
export async function verifySubscriptionToken(
  secret: string,
  input: { token: string; channel: string; profileId: string | null; now: Date },
): Promise<SubscriptionCheck> {
  try {
    const { payload } = await jwtVerify(input.token, encoder.encode(secret), {
      algorithms: ["HS256"],
      currentDate: input.now,
      requiredClaims: ["exp"],
    });
    if (payload.channel !== input.channel) return "denied";
    return (payload.sub ?? "") === (input.profileId ?? "") ? "ok" : "denied";
  } catch (error) {
    if (error instanceof errors.JWTExpired) return "expired";
    if (error instanceof errors.JOSEError) return "denied";
    throw error;
  }
}

function attachmentMac(secret: string, messageId: string, exp: number): string {
  return createHmac("sha256", secret)
    .update(`chat-attachment:${messageId}:${exp}`)
    .digest("base64url");
}

/** `/api/chat/attachments/{messageId}?exp=…&sig=…`, valid ATTACHMENT_LINK_SECONDS from `now`, rounded to the hour so links stay stable (cacheable) for a while. */
export function attachmentUrl(secret: string, messageId: string, now: Date): string {
  const hour = Math.floor(now.getTime() / 3_600_000) * 3600;
  const exp = hour + 2 * ATTACHMENT_LINK_SECONDS;
  return `/api/chat/attachments/${messageId}?exp=${exp}&sig=${attachmentMac(secret, messageId, exp)}`;
}

export function attachmentLinkValid(
  secret: string,
  input: { messageId: string; exp: number; sig: string; now: Date },
): boolean {
  if (input.exp * 1000 < input.now.getTime()) return false;
  const expected = Buffer.from(attachmentMac(secret, input.messageId, input.exp));
  const given = Buffer.from(input.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
