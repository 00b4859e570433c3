/** Password strength by length only (spec §4, SU-26): 0 empty, 1-2 weak, 3-4 good, more strong. */
export type PasswordStrength = "empty" | "weak" | "good" | "strong";

export function passwordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length === 0) return "empty";
  if (length <= 2) return "weak";
  if (length <= 4) return "good";
  return "strong";
}
