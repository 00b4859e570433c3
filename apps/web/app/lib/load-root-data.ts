import { redirect } from "react-router";
import { localizeCollections } from "./content/collection-names";
import { loadSiteContent } from "./content/load-site-content";
import { parseCookies } from "./cookies";
import type { LoaderEnv } from "./loader-env";
import type { RootData } from "./root-data";
import { sessionFromToken, TOKEN_COOKIE } from "./session/token-store";
import { loadSiteBasics } from "./site-basics";

/**
 * The root's data (spec §4 start-up): GET /api/player/init, /api/settings/locales,
 * /api/settings/countries and /api/game/collections, then the locale choice (see
 * locale/choose-locale.ts for how it relates to the URL: an unprefixed visit whose chosen locale
 * is not the default redirects to the prefixed URL, `/{default}/...` to the unprefixed one), then
 * the five content groups for that locale and for the default locale.
 */
export async function loadRootData(env: LoaderEnv): Promise<RootData> {
  const basics = await loadSiteBasics(env);
  const { choice, init } = basics;
  if (choice.redirectTo) throw redirect(choice.redirectTo, 302);
  const content = await loadSiteContent(env, choice.locale, basics.defaultLocale);
  // From init, not the public country list: countries left out of that list (e.g. US, GB) may
  // be restricted too.
  const restriction = init.countryRestriction;
  return {
    locale: choice.locale,
    defaultLocale: basics.defaultLocale,
    locales: basics.locales,
    country: init.country,
    settings: init.settings,
    collections: localizeCollections(basics.collections, content),
    content,
    origin: env.origin,
    geoRestricted: Boolean(restriction?.restrict && restriction.restrictType === 1),
    authRestricted: Boolean(restriction?.restrict && restriction.restrictType === 2),
    session: sessionFromToken(parseCookies(env.cookieHeader)[TOKEN_COOKIE]),
  };
}
