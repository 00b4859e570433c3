import type { PublicSettings } from "@casino/contract/init";
import { LOCALE_ROUTE_PREFIX } from "./build-routes";

/**
 * RT-28: the sportsbook needs both a client host and a client id, and a catalogue game of a
 * sportsbook provider to launch for the book's token (docs/sportsbook.md).
 */
export function isBettingAvailable(settings: PublicSettings): boolean {
  const { clientHost, clientId, gameId } = settings.betting;
  return Boolean(clientHost && clientId && gameId !== null);
}

/** RT-29: loyalty only when enabled. */
export function isLoyaltyAvailable(settings: PublicSettings): boolean {
  return settings.loyalty.enabled;
}

/** RT-30: the documents page is hidden when the verification provider is on and says so. */
export function isProfileDocumentsAvailable(settings: PublicSettings): boolean {
  return !(settings.verification.enabled && settings.verification.hideDocuments);
}

const FILTERS: Record<string, (settings: PublicSettings) => boolean> = {
  betting: isBettingAvailable,
  loyalty: isLoyaltyAvailable,
  "profile-documents": isProfileDocumentsAvailable,
};

/**
 * Route filtering of spec §2 by route id (prefixed or not). A filtered-out route answers 404,
 * exactly as if it did not exist; its loader calls this.
 */
export function isRouteAvailable(routeId: string, settings: PublicSettings): boolean {
  const id = routeId.startsWith(LOCALE_ROUTE_PREFIX)
    ? routeId.slice(LOCALE_ROUTE_PREFIX.length)
    : routeId;
  const filter = FILTERS[id];
  return filter ? filter(settings) : true;
}
