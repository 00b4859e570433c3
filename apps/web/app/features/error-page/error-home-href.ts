import { pathLocalePrefix } from "../../lib/locale/href";
import { localeShapedSegment } from "../../lib/locale/locale-code";

/**
 * RT-39: the Homepage button goes to "/" or, when the URL has a locale prefix, "/{locale}".
 * With the locale list known, only a known non-default prefix counts; without it (the app shell
 * failed) a locale-shaped first segment does.
 */
export function errorHomeHref(
  pathname: string,
  known: { codes: readonly string[]; defaultLocale: string } | null,
): string {
  if (known) {
    const prefix = pathLocalePrefix(pathname, known.codes);
    return prefix && prefix !== known.defaultLocale ? `/${prefix}` : "/";
  }
  const segment = localeShapedSegment(pathname);
  return segment ? `/${segment}` : "/";
}
