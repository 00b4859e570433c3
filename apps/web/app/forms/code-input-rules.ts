/** One-time code rules (spec §5 "Verification code", §9; PV-05..PV-07). */
export const CODE_LENGTH = 6;

/** What typing leaves in the input: digits only, at most 6. */
export function typedCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/** A paste is taken only when it is all digits (PV-06); otherwise null (ignored). */
export function pastedCode(text: string): string | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? trimmed.slice(0, CODE_LENGTH) : null;
}

/** The code the form may submit: the 6 digits, or "" while incomplete (PV-07). */
export function completedCode(digits: string): string {
  return /^\d{6}$/.test(digits) ? digits : "";
}

/** PV-01..PV-03: seconds until a new code may be asked for. */
export const RESEND_SECONDS = 60;
