// Return addresses a client sends (a deposit's redirectSuccessUrl, redirectErrorUrl and
// redirectUrl; a game launch's returnUrl): where a payment page or a game sends the player's
// browser afterwards. Taken only on the site's own origin (PUBLIC_URL), an origin of
// RETURN_URL_ORIGINS, or (outside production) a loopback origin, the Vite dev server's; a path
// only when it stays a path of this site in every browser (no //host, /\host, encoded or
// tab-split forms of them). Anything else is a 422 naming the field: the site is not an open
// redirect.

import { hasUnsafeCharacter, isSitePath } from "@casino/validation/site-path";
import type { Config } from "../config";
import { AppError } from "../infra/errors";

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
