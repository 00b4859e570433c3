// The one check of a "back" or return path the site navigates to after a round trip (a social
// login's backRoute, the page a game returns to): a path of this site in every browser, never
// another host. Browsers read "//host" and "/\host" as another host, drop tabs and newlines
// before reading ("/\t/host" is "//host"), and some servers decode "%5C" and "%2F" first, so
// those forms are refused too, as is any white space or control character. The server's
// return addresses follow the same rule (apps/server/src/lib/return-url.ts isSitePath).

/**
 * Control characters, white space (Unicode's too) and the backslash: browsers drop tabs and
 * newlines from URLs, so "/\t/host" is "//host" to them.
 */
function hasUnsafeCharacter(text: string): boolean {
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

/** The value when it is a site path (isSitePath), else null. */
export function sitePathOrNull(value: unknown): string | null {
  return isSitePath(value) ? value : null;
}
