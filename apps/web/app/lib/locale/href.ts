import { firstSegment } from "./locale-code";

/**
 * Prefixes an internal path with a locale: none for the default locale (RT-24), `/{code}` for
 * the others. External URLs, protocol-relative URLs and relative paths are returned unchanged.
 */
export function localizePath(path: string, locale: string, defaultLocale: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  if (locale === defaultLocale) return path;
  const rest = path === "/" ? "" : path;
  // Keep "/de?x" and "/de#y" rather than "/de/?x".
  return `/${locale}${rest.startsWith("/?") || rest.startsWith("/#") ? rest.slice(1) : rest}`;
}

/** Removes a leading known-locale segment: "/pt-br/games/1" → "/games/1", "/de" → "/". */
export function stripLocalePrefix(pathname: string, knownLocales: readonly string[]): string {
  const segment = firstSegment(pathname);
  if (!segment || !knownLocales.includes(segment)) return pathname || "/";
  const rest = pathname.slice(segment.length + 1);
  return rest === "" ? "/" : rest;
}

/** The known locale code a URL path starts with, or null. */
export function pathLocalePrefix(pathname: string, knownLocales: readonly string[]): string | null {
  const segment = firstSegment(pathname);
  return segment && knownLocales.includes(segment) ? segment : null;
}
