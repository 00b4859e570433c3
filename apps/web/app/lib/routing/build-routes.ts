import type { RouteConfigEntry } from "@react-router/dev/routes";
import { NOT_FOUND_ROUTE, PAGE_ROUTES, type PageRoute } from "./route-table";

export const LOCALE_ROUTE_PREFIX = "locale-";

function toEntry(route: PageRoute, idPrefix: string, pathPrefix: string): RouteConfigEntry {
  const path = [pathPrefix, route.path].filter(Boolean).join("/");
  return {
    id: `${idPrefix}${route.id}`,
    file: route.file,
    ...(route.index && !pathPrefix ? { index: true } : { path }),
    ...(route.children
      ? { children: route.children.map((child) => toEntry(child, idPrefix, "")) }
      : {}),
  };
}

/**
 * Every page route twice: unprefixed, then under `:locale/` with ids `locale-<id>` (RT-23, RT-27).
 * The unprefixed set comes first so that the router, which ranks equally specific paths by
 * definition order, prefers `/static/main` (static-pageIdentity) over `/:locale/main`.
 * The locale home (`/de`) is served by the single-segment `slug` route (see route-table.ts), so
 * `index` has no `locale-index` twin. All pages sit under one pathless layout (`site`) whose
 * error boundary renders the error page inside the site layout.
 */
export function buildRoutes(pages: readonly PageRoute[] = PAGE_ROUTES): RouteConfigEntry[] {
  const plain = pages.map((page) => toEntry(page, "", ""));
  const localized = pages
    .filter((page) => !page.index)
    .map((page) => toEntry(page, LOCALE_ROUTE_PREFIX, ":locale"));
  return [
    {
      id: "site",
      file: "routes/site.tsx",
      children: [...plain, ...localized, toEntry(NOT_FOUND_ROUTE, "", "")],
    },
  ];
}

/** All route ids of a config, depth first (for tests and diagnostics). */
export function routeIds(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.id ?? entry.file, ...routeIds(entry.children ?? [])]);
}
