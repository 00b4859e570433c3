// The web's back-path check (a social login's backRoute, the path a game returns to): the
// shared rule of @casino/validation/site-path, the one the server applies to return addresses.
import { isSitePath } from "@casino/validation/site-path";

export { isSitePath };

/** The value when it is a site path (isSitePath), else null. */
export function sitePathOrNull(value: unknown): string | null {
  return isSitePath(value) ? value : null;
}
