/**
 * Brazilian CPF (Cadastro de Pessoas Físicas) numbers: 9 base digits and 2 check digits, each a
 * weighted sum modulo 11 (weights 10..2 for the first, 11..2 for the second; a remainder below 2
 * gives 0, otherwise 11 minus the remainder). Written as "123.456.789-09" or "12345678909".
 */

/** The 11 digits of a CPF with its `.` and `-` removed; other characters are kept (and fail). */
export function stripCpf(text: string): string {
  return text.replace(/[.-]/g, "");
}

/** The two check digits of 9 base digits ("123456789" → "09"). Throws on anything else. */
export function cpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new TypeError("cpfCheckDigits: expected exactly 9 digits");
  const first = checkDigit(base);
  return `${first}${checkDigit(`${base}${first}`)}`;
}

function checkDigit(digits: string): number {
  const weightStart = digits.length + 1;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weightStart - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** VR-12..VR-14: 11 digits after stripping `.` and `-`, not all the same, both check digits right. */
export function isValidCpf(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const digits = stripCpf(value);
  if (!/^\d{11}$/.test(digits)) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

/** "12345678909" → "123.456.789-09"; null when the value is not a valid CPF. */
export function formatCpf(value: string): string | null {
  if (!isValidCpf(value)) return null;
  const d = stripCpf(value);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
