import { localizePath, pathLocalePrefix, stripLocalePrefix } from "./href";

export type LocaleChoiceInput = {
  url: URL;
  /** The `:locale` route param when the matched route is a prefixed one. */
  paramsLocale: string | undefined;
  /** Value of the user-language cookie, or null when there is none. */
  cookieLocale: string | null;
  /** Locale of the request country (from GET /api/settings/countries), or null. */
  countryLocale: string | null;
  knownLocales: readonly string[];
  defaultLocale: string;
};

export type LocaleChoice = {
  locale: string;
  source: "url" | "cookie" | "country" | "default";
  /** The known locale the URL starts with (non-default or default), or null. */
  prefix: string | null;
  /** The URL carries a locale segment that is not a known locale: pages answer 404. */
  invalidPrefix: boolean;
  /** Where the visitor must be sent instead (path + query), or null. */
  redirectTo: string | null;
};

function normalize(code: string | null | undefined): string | null {
  return code ? code.trim().toLowerCase() : null;
}

/**
 * Locale choice (spec §4, LC-01..LC-03) and how it relates to the URL:
 * - A URL that starts with a known locale uses it. A `/{default}/...` URL redirects to the
 *   unprefixed form (the default locale has no prefix, RT-24), keeping the query.
 * - Otherwise (unprefixed URL): the user-language cookie if it names a known locale; a cookie
 *   that names none gives the default; with no cookie, the request country's locale if known,
 *   else the default.
 * - An unprefixed visit whose chosen locale is not the default redirects to the prefixed URL,
 *   keeping the query (`/?a=1` with cookie `de` → `/de?a=1`), so every page has exactly one URL
 *   per locale and the URL always tells the locale. An explicit prefix always wins over the
 *   cookie; switching language (switchLocale) rewrites the cookie, so no loop arises.
 * - A `:locale` param that is not a known locale marks the URL invalid (404); no redirect then.
 */
export function chooseLocale(input: LocaleChoiceInput): LocaleChoice {
  const known = input.knownLocales;
  const { pathname, search } = input.url;
  const prefix = pathLocalePrefix(pathname, known);
  if (prefix) {
    const redirectTo =
      prefix === input.defaultLocale ? `${stripLocalePrefix(pathname, known)}${search}` : null;
    return { locale: prefix, source: "url", prefix, invalidPrefix: false, redirectTo };
  }

  const invalidPrefix = input.paramsLocale !== undefined;
  const cookie = normalize(input.cookieLocale);
  const country = normalize(input.countryLocale);
  let locale = input.defaultLocale;
  let source: LocaleChoice["source"] = "default";
  if (cookie !== null) {
    if (known.includes(cookie)) {
      locale = cookie;
      source = "cookie";
    }
  } else if (country !== null && known.includes(country)) {
    locale = country;
    source = "country";
  }
  const redirectTo =
    !invalidPrefix && locale !== input.defaultLocale
      ? `${localizePath(pathname, locale, input.defaultLocale)}${search}`
      : null;
  return { locale, source, prefix: null, invalidPrefix, redirectTo };
}
