import type { SessionTokens } from "@casino/contract/player";
import Bowser from "bowser";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { adoptGuestChat } from "../chat/guest";
import { signAccessToken } from "./access-token";
import { type SessionMethod, sessionsRepository } from "./repository";
import { newOpaqueToken, sha256Hex } from "./secrets";

/** "Chrome on Linux", "Safari on iOS", or "Unknown device" (PR-05). */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return "Unknown device";
  try {
    const parsed = Bowser.parse(userAgent);
    const browser = parsed.browser.name;
    const os = parsed.os.name;
    if (browser && os) return `${browser} on ${os}`;
    return browser ?? os ?? "Unknown device";
  } catch {
    return "Unknown device";
  }
}

export interface StartSessionInput {
  playerId: string;
  request: FastifyRequest;
  method: SessionMethod;
  fingerprint?: string | null;
  /** The request country when the caller already resolved it. */
  country?: string | null;
}

/**
 * Opens a server-side session for a player who just proved who they are (password, one-time
 * code, social login, login link) and returns its tokens: a fresh opaque session token (only
 * its SHA-256 is stored) and a short-lived access token naming the session.
 * Every sign-in path ends here, social login included.
 */
export async function startSession(
  ctx: AppContext,
  input: StartSessionInput,
): Promise<SessionTokens> {
  const now = ctx.now();
  const sessionToken = newOpaqueToken();
  const userAgent = input.request.headers["user-agent"];
  const country =
    input.country === undefined ? await ctx.resolveCountry(input.request) : input.country;
  const sessionId = await sessionsRepository(ctx.db).insert({
    playerId: input.playerId,
    tokenHash: sha256Hex(sessionToken),
    device: deviceName(userAgent),
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    ip: input.request.ip ?? null,
    country,
    fingerprint: input.fingerprint ?? null,
    method: input.method,
    now,
  });
  // Issue 26: a guest's chat conversation (its cookie came with this sign-in) joins the account.
  await adoptGuestChat(ctx, input.request, input.playerId);
  const access = await signAccessToken(
    ctx.config.secrets.jwtSecret,
    { profileId: input.playerId, sessionId },
    now,
    ctx.config.auth.accessTokenTtlSeconds,
  );
  return {
    accessToken: access.token,
    sessionToken,
    expiresAt: access.expiresAt.toISOString(),
    profileId: input.playerId,
  };
}
