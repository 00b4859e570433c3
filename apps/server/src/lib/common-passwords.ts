/**
 * Passwords on a list of common passwords are refused at registration, password change and
 * password reset (and for operator users' passwords). The list is the 49,000-odd most common
 * passwords from real breaches that zxcvbn-ts ships (@zxcvbn-ts/language-common, MIT): it stays
 * on the server (the web shows the server's 422 on the field), loaded once on first use.
 * A password matches whatever its letter case ("Password1" is "password1").
 */

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common and easy to guess; choose another";

let list: Promise<ReadonlySet<string>> | null = null;

function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => new Set(dictionary["passwords-common"]),
  );
  return list;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/**
 * Adds the common-password message to `errors[field]` when the password is on the list and the
 * field has no other problem yet (the §5 rules speak first).
 */
export async function checkCommonPassword(
  errors: Record<string, string[]>,
  field: string,
  password: string | null | undefined,
): Promise<void> {
  if (!password || errors[field]?.length) return;
  if (await isCommonPassword(password)) {
    errors[field] = [...(errors[field] ?? []), COMMON_PASSWORD_MESSAGE];
  }
}
