import { useMemo, useSyncExternalStore } from "react";
import { translate } from "./content/translate";
import { localizePath } from "./locale/href";
import type { RootData } from "./root-data";
import { type Session, sessionFromToken, tokenStore } from "./session/token-store";
import type { SiteData } from "./site";

let cachedToken: string | null | undefined;
let cachedSession: Session | undefined;

/** The session of the token cookie, live; `initial` (from the root loader) during SSR and hydration. */
function useSession(initial: Session): Session {
  return useSyncExternalStore(
    tokenStore.subscribe,
    () => {
      const token = tokenStore.get();
      if (token !== cachedToken || !cachedSession) {
        cachedToken = token;
        cachedSession = sessionFromToken(token);
      }
      return cachedSession;
    },
    () => initial,
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
