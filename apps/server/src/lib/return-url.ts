// Return addresses a client sends (a deposit's redirectSuccessUrl, redirectErrorUrl and
// redirectUrl; a game launch's returnUrl): where a payment page or a game sends the player's
// browser afterwards. Taken only on the site's own origin (PUBLIC_URL), an origin of
// RETURN_URL_ORIGINS, or (outside production) a loopback origin, the Vite dev server's; a path
// only when it stays a path of this site in every browser (no //host, /\host, encoded or
// tab-split forms of them). Anything else is a 422 naming the field: the site is not an open
// redirect.
import type { Config } from "../config";
import { AppError } from "../infra/errors";

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

/**
 * True for a path of this site: "/" then anything but another "/" or "\", with no white
 * space, control character or backslash, and still so once percent-decoded (/%2F/host,
 * /%5Chost, /%09/host are refused).
 */
export function isSitePath(value: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  return [value, decoded].every((text) => /^\/(?![/\\])/.test(text) && !hasUnsafeCharacter(text));
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when the URL is a site path or an absolute http(s) URL on an allowed origin. */
export function isAllowedReturnUrl(
  value: string,
  config: Pick<Config, "publicUrl" | "returnUrlOrigins" | "isProduction">,
): boolean {
  if (value.startsWith("/")) return isSitePath(value);
  if (hasUnsafeCharacter(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username !== "" || url.password !== "") return false;
  if (url.origin === new URL(config.publicUrl).origin) return true;
  if (config.returnUrlOrigins.includes(url.origin)) return true;
  return !config.isProduction && LOOPBACK_HOSTS.has(url.hostname);
}

/** 422 naming each given field whose return address is not allowed (isAllowedReturnUrl). */
export function assertReturnUrls(
  config: Pick<Config, "publicUrl" | "returnUrlOrigins" | "isProduction">,
  fields: Record<string, string | null | undefined>,
): void {
  const problems: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (!isAllowedReturnUrl(value, config)) {
      problems[field] = ["Must be an address of this site"];
    }
  }
  if (Object.keys(problems).length > 0) throw AppError.unprocessable(problems);
}
