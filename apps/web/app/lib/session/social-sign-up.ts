// A first social sign-in waiting for the player's consent and choices (issue 31 item 7): the
// callback page keeps the server's answer here (this tab only) for the sign-up page.
import type { SocialSignUpRequired } from "@casino/contract/player";

const KEY = "pendingSocialSignUp";

export type PendingSocialSignUp = SocialSignUpRequired & { back: string };

export function savePendingSocialSignUp(pending: PendingSocialSignUp): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // storage refused: the sign-up page says the sign-in must start again
  }
}

/** The pending sign-up, or null when there is none or it has expired. */
export function readPendingSocialSignUp(now = Date.now()): PendingSocialSignUp | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingSocialSignUp;
    if (typeof pending.signUpToken !== "string" || Date.parse(pending.expiresAt) <= now) {
      return null;
    }
    return pending;
  } catch {
    return null;
  }
}

export function clearPendingSocialSignUp(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
