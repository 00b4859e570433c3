/** Phone input rules (spec §5 "Phone input", VR-15..VR-18). */
export const PHONE_LOCAL_MAX = 12;

/** The local part: digits only, at most 12. */
export function phoneLocalPart(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_LOCAL_MAX);
}

/** Calling-code digits of a prefix ("+44" → "44"). */
export function prefixDigits(prefix: string): string {
  return prefix.replace(/\D/g, "");
}

/** The value the input gives: calling code and number together, only when both are present. */
export function phoneValue(prefix: string, local: string): string {
  const code = prefixDigits(prefix);
  const number = phoneLocalPart(local);
  return code && number ? `${code}${number}` : "";
}

/** What is sent: the value with a leading plus (VR-18). */
export function withPlus(value: string): string {
  if (!value) return value;
  return value.startsWith("+") ? value : `+${value}`;
}
