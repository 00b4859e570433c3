// A session's lifetimes (ADR 0022): it ends when revoked, when unused for
// SESSION_IDLE_TIMEOUT_SECONDS (no refresh and no authenticated request: last_seen_at), or
// SESSION_MAX_AGE_SECONDS after its sign-in however active. An ended session refreshes nothing
// and authenticates nothing (401).
import type { AuthConfig } from "../../config";

type Lifetimes = Pick<AuthConfig, "sessionIdleSeconds" | "sessionMaxAgeSeconds">;

interface SessionTimes {
  revokedAt: Date | null;
  createdAt: Date;
  lastSeenAt: Date;
}

export function sessionLive(session: SessionTimes, now: Date, auth: Lifetimes): boolean {
  if (session.revokedAt) return false;
  const at = now.getTime();
  if (session.lastSeenAt.getTime() + auth.sessionIdleSeconds * 1000 <= at) return false;
  return session.createdAt.getTime() + auth.sessionMaxAgeSeconds * 1000 > at;
}

/** Seconds left of the absolute lifetime: the session cookie's Max-Age. */
export function secondsLeft(session: SessionTimes, now: Date, auth: Lifetimes): number {
  const end = session.createdAt.getTime() + auth.sessionMaxAgeSeconds * 1000;
  return Math.max(0, Math.floor((end - now.getTime()) / 1000));
}

/** The bounds of a live session's times at `now`, for queries. */
export function liveSince(now: Date, auth: Lifetimes): { seenSince: Date; startedSince: Date } {
  return {
    seenSince: new Date(now.getTime() - auth.sessionIdleSeconds * 1000),
    startedSince: new Date(now.getTime() - auth.sessionMaxAgeSeconds * 1000),
  };
}

/**
 * Whether a replaced session token presented at `now` is still within
 * SESSION_ROTATION_GRACE_SECONDS of its replacement (two tabs refreshing at once); after it, a
 * use is a reuse.
 */
export function withinRotationGrace(
  retiredAt: Date,
  now: Date,
  auth: Pick<AuthConfig, "sessionRotationGraceSeconds">,
): boolean {
  return now.getTime() - retiredAt.getTime() <= auth.sessionRotationGraceSeconds * 1000;
}
