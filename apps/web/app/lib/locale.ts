// Language switching for the header's language switcher: `switchLocale(code)` remembers the
// choice in the user-language cookie for a year and opens the same page in that locale.
import type { Locale } from "@casino/contract/settings";
import { useEffect } from "react";
import { type NavigateFunction, useNavigate } from "react-router";
import { writeBrowserCookie } from "./cookies";
import { localizePath, stripLocalePrefix } from "./locale/href";
import { USER_LANGUAGE_COOKIE } from "./locale/user-language";

const ONE_YEAR_SECONDS = 31_536_000;

type Runtime = { locales: readonly Locale[]; defaultLocale: string; navigate: NavigateFunction };
let runtime: Runtime | null = null;

/** The same page (path, query, hash) in another locale: "/de/games/1?x" → "/games/1?x" for en. */
export function pathInLocale(
  url: { pathname: string; search: string; hash: string },
  target: string,
  knownLocales: readonly string[],
  defaultLocale: string,
): string {
  const bare = stripLocalePrefix(url.pathname, knownLocales);
  return `${localizePath(bare, target, defaultLocale)}${url.search}${url.hash}`;
}

/** Sets the user-language cookie (one year) and navigates to the current page in `code`. */
export function switchLocale(code: string): void {
  if (!runtime || typeof window === "undefined") return;
  const target = runtime.locales.find((locale) => locale.code === code.toLowerCase());
  if (!target) return;
  writeBrowserCookie(USER_LANGUAGE_COOKIE, target.code, { maxAge: ONE_YEAR_SECONDS });
  const next = pathInLocale(
    window.location,
    target.code,
    runtime.locales.map((locale) => locale.code),
    runtime.defaultLocale,
  );
  void runtime.navigate(next);
}

/** Gives switchLocale what it needs; called once by the root. */
export function useLocaleRuntime(locales: readonly Locale[], defaultLocale: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    runtime = { locales, defaultLocale, navigate };
  }, [locales, defaultLocale, navigate]);
}

/**
 * A click on an internal link marked `hreflang` (a language switcher link) also records that
 * language in the user-language cookie, so a switcher made of plain links behaves like
 * switchLocale: without it, the locale choice would send the visitor back to the remembered one.
 */
export function useLanguageLinkCookie(locales: readonly Locale[]): void {
  useEffect(() => {
    const codes = locales.map((locale) => locale.code);
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest("a[hreflang]") : null;
      if (!(target instanceof HTMLAnchorElement) || target.origin !== window.location.origin)
        return;
      const code = target.hreflang.toLowerCase();
      if (codes.includes(code)) {
        writeBrowserCookie(USER_LANGUAGE_COOKIE, code, { maxAge: ONE_YEAR_SECONDS });
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [locales]);
}
