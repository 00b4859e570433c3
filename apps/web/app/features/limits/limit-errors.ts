// The limits API's refusals as texts for a form notice (the contract's errors: 13112 locked,
// 409 a cash limit of that definition, currency and period exists; anything else: its message).
import { ApiError } from "../../lib/api/api-error";

/** 400/13112: self-exclusion and cooling-off cannot change; a pending change is not due yet. */
export const LIMIT_LOCKED = 13112;

type Text = (key: string, fallback: string) => string;

export function limitErrorText(error: unknown, text: Text): string {
  if (error instanceof ApiError) {
    if (error.code === LIMIT_LOCKED) {
      return text(
        "errors.locked",
        "This limit cannot be changed now: a cooling-off or self-exclusion cannot be changed, and a requested change can only be confirmed once its 24 hours have passed.",
      );
    }
    if (error.status === 409) {
      return text(
        "errors.exists",
        "You already have a limit of this kind, currency and period. Edit that limit instead.",
      );
    }
    const field = Object.values(error.fields)[0]?.[0];
    if (field) return field;
    if (error.message && error.status < 500) return error.message;
  }
  return text("errors.failed", "Something went wrong. Please try again.");
}
