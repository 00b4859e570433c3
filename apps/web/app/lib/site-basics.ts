// What the root loader and the page loaders both need: settings, locales, countries, collections
// and the locale choice. Fetched once per request on the server, cached in the browser.
import type { InitResponse } from "@casino/contract/init";
import type { Country, Locale } from "@casino/contract/settings";
import { data, redirect } from "react-router";
import type { FetchLike } from "./api/fetch-like";
import { getJson } from "./api/get-json";
import { parseCookies } from "./cookies";
import type { LoaderEnv } from "./loader-env";
import { chooseLocale, type LocaleChoice } from "./locale/choose-locale";
import { USER_LANGUAGE_COOKIE } from "./locale/user-language";
import type { CollectionSummary } from "./site";

export type SiteSettings = {
  init: InitResponse;
  locales: Locale[];
  defaultLocale: string;
  countries: Country[];
  collections: CollectionSummary[];
};

export type SiteBasics = SiteSettings & { env: LoaderEnv; api: FetchLike; choice: LocaleChoice };

type CollectionItem = { id?: unknown; slug?: unknown; name?: unknown };

function listOf<T>(body: unknown, what: string): T[] {
  const list = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) throw new Error(`Unexpected answer for ${what}`);
  return list as T[];
}

async function fetchSiteSettings(api: FetchLike): Promise<SiteSettings> {
  const [init, locales, countries, collections] = await Promise.all([
    getJson<InitResponse>(api, "/api/player/init"),
    getJson<unknown>(api, "/api/settings/locales").then((body) => listOf<Locale>(body, "locales")),
    getJson<unknown>(api, "/api/settings/countries").then((body) =>
      listOf<Country>(body, "countries"),
    ),
    getJson<unknown>(api, "/api/game/collections").then((body) =>
      listOf<CollectionItem>(body, "collections").flatMap((item) =>
        typeof item.id === "number" && typeof item.slug === "string"
          ? [
              {
                id: item.id,
                slug: item.slug,
                name: typeof item.name === "string" ? item.name : item.slug,
              },
            ]
          : [],
      ),
    ),
  ]);
  if (!init || typeof init.settings !== "object") throw new Error("Unexpected answer for init");
  const defaultLocale = locales.find((locale) => locale.isDefault)?.code ?? init.defaultLocale;
  return { init, locales, defaultLocale, countries, collections };
}

export async function loadSiteBasics(env: LoaderEnv): Promise<SiteBasics> {
  const settings = await env.cache(["site-settings"], () => fetchSiteSettings(env.api));
  const { init, countries, locales, defaultLocale } = settings;
  const country = init.country ? countries.find((c) => c.code === init.country) : undefined;
  const choice = chooseLocale({
    url: new URL(env.request.url),
    paramsLocale: env.params.locale,
    cookieLocale: parseCookies(env.cookieHeader)[USER_LANGUAGE_COOKIE] ?? null,
    countryLocale: country?.locale ?? null,
    knownLocales: locales.map((locale) => locale.code),
    defaultLocale,
  });
  return { ...settings, env, api: env.api, choice };
}

/** 404 for page-validation failures (ER-23): the route error boundary shows "Page Not Found". */
export function notFound(): never {
  throw data({ message: "Page Not Found" }, { status: 404 });
}

/**
 * The check every page loader starts with: follows the locale redirect and rejects an unknown
 * locale prefix with 404. Returns the site basics.
 */
export async function guardPage(env: LoaderEnv): Promise<SiteBasics> {
  const basics = await loadSiteBasics(env);
  if (basics.choice.redirectTo) throw redirect(basics.choice.redirectTo, 302);
  if (basics.choice.invalidPrefix) notFound();
  return basics;
}
