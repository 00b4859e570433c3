import { useMemo, useSyncExternalStore } from "react";
import { translate } from "./content/translate";
import { localizePath } from "./locale/href";
import type { RootData } from "./root-data";
import { type Session, sessionFromToken, tokenStore } from "./session/token-store";
import type { SiteData } from "./site";

let cachedToken: string | null | undefined;
let cachedSession: Session | undefined;

let stableSession: Session | undefined;

/** The last session handed out while the next one is equal to it, so its identity only changes
 * when the session does (sign-in, sign-out, another player). */
function stable(next: Session): Session {
  if (!stableSession || !sameSession(stableSession, next)) stableSession = next;
  return stableSession;
}

function sameSession(a: Session, b: Session): boolean {
  return a.isLoggedIn === b.isLoggedIn && a.profileId === b.profileId;
}

/**
 * The session of the token cookie, live; the root loader's during SSR and hydration. The client
 * snapshot is the very object hydration used as long as the cookie says the same: an equal but
 * distinct object made React re-render the whole tree synchronously right after hydration (a
 * store that changed while hydrating), a long task that also threw away the server HTML of
 * Suspense boundaries not yet hydrated (the home page's lazy lobby: shown empty, then again).
 */
function useSession(initial: Session): Session {
  return useSyncExternalStore(
    tokenStore.subscribe,
    () => {
      const token = tokenStore.get();
      if (token !== cachedToken || !cachedSession) {
        cachedToken = token;
        cachedSession = sessionFromToken(token);
      }
      return stable(cachedSession);
    },
    () => stable(initial),
  );
}

/** Builds the SiteData context value (lib/site.tsx) from the root loader's data. */
export function useSiteValue(root: RootData): SiteData {
  const session = useSession(root.session);
  return useMemo<SiteData>(
    () => ({
      locale: root.locale,
      defaultLocale: root.defaultLocale,
      locales: root.locales,
      country: root.country,
      settings: root.settings,
      collections: root.collections,
      content: root.content,
      origin: root.origin,
      geoRestricted: root.geoRestricted,
      authRestricted: root.authRestricted,
      t: (key, fallback, vars) => translate(root.content, key, fallback, vars),
      href: (path) => localizePath(path, root.locale, root.defaultLocale),
      session,
    }),
    [root, session],
  );
}
