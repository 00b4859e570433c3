import { isValidPhoneNumber, parsePhoneNumberWithError } from "libphonenumber-js/max";
import { predicateRule, type Rule } from "../rule";

/** Spec §5 rule 3 limits (they are also the limits of Google's libphonenumber). */
export const PHONE_LIMITS = Object.freeze({
  maxInputLength: 250,
  minNationalDigits: 2,
  maxNationalDigits: 17,
  minCallingCodeDigits: 1,
  maxCallingCodeDigits: 3,
});

/**
 * VR-24/VR-25: a `+` is put before the number (the phone input gives calling code and number
 * together, e.g. "5511961234567"; a value that already starts with one `+` is taken as is), and
 * the result must be a valid international number by libphonenumber-js with its full ("max")
 * metadata, which checks the digits per numbering plan and not only the length. The same
 * metadata runs in the browser and on the server, so both give the same answer.
 *
 * Formatting characters libphonenumber accepts (spaces, dashes, brackets) are allowed; letters,
 * extensions ("ext. 12") and anything around the number are not.
 */
export function isValidPhone(value: unknown): boolean {
  if (typeof value !== "string" && typeof value !== "number") return false;
  const raw = String(value);
  if (raw.length > PHONE_LIMITS.maxInputLength) return false;
  const international = `+${raw.startsWith("+") ? raw.slice(1) : raw}`;
  if (!isValidPhoneNumber(international)) return false;
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parsePhoneNumberWithError(international);
  } catch {
    return false;
  }
  const callingCode = parsed.countryCallingCode.length;
  const national = parsed.nationalNumber.length;
  return (
    parsed.ext === undefined &&
    callingCode >= PHONE_LIMITS.minCallingCodeDigits &&
    callingCode <= PHONE_LIMITS.maxCallingCodeDigits &&
    national >= PHONE_LIMITS.minNationalDigits &&
    national <= PHONE_LIMITS.maxNationalDigits
  );
}

/** VR-09, VR-24, VR-25: see `isValidPhone`. */
export const phone: Rule = predicateRule("phone", [], (value) => isValidPhone(value));
