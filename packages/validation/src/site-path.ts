// The one rule for a path of this site that a browser will be sent to after a round trip (a
// social login's backRoute, the page a game returns to, a launch's returnUrl): "/" then not "/"
// or "\", with no white space, control character or backslash, and still so once
// percent-decoded. Browsers read "//host" and "/\host" as another host and drop tabs and
// newlines before reading ("/\t/host" is "//host"); some servers decode "%5C" and "%2F" first.
// Shared by the server (lib/return-url.ts) and the web (lib/site-path.ts): identical answers.

/**
 * Control characters, white space (Unicode's too) and the backslash: browsers drop tabs and
 * newlines from URLs, so "/\t/host" is "//host" to them.
 */
export function hasUnsafeCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (
      code <= 0x20 ||
      (code >= 0x7f && code <= 0xa0) ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200f) ||
      (code >= 0x2028 && code <= 0x202f) ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff ||
      code === 0x5c // "\"
    ) {
      return true;
    }
  }
  return false;
}

/** True for "/" then anything but "/" or "\", free of unsafe characters, also once decoded. */
export function isSitePath(value: unknown, maxLength = 2000): value is string {
  if (typeof value !== "string" || value.length > maxLength) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return [value, decoded].every((text) => /^\/(?![/\\])/.test(text) && !hasUnsafeCharacter(text));
}
