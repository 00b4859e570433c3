import type { ShouldRevalidateFunctionArgs } from "react-router";
import { MODAL_QUERY_NAMES } from "../../modals/modal-definitions";
import { localeShapedSegment } from "../locale/locale-code";

/** Query parameters that only drive client UI (modals, affiliate tag): never worth a reload. */
const UI_ONLY_PARAMS: readonly string[] = [...MODAL_QUERY_NAMES, "stag"];

function withoutUiParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of UI_ONLY_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
}

/**
 * Root data (settings, locales, content, collections) depends on the locale only: reload it when
 * the locale segment changes, on form submissions and on explicit revalidation.
 */
export function rootShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return localeShapedSegment(currentUrl.pathname) !== localeShapedSegment(nextUrl.pathname);
}

/** Page loaders: as React Router decides, except when only modal or stag parameters changed. */
export function pageShouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  if (
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    withoutUiParams(currentUrl.search) === withoutUiParams(nextUrl.search)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}
