import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { buildRoutes, routeIds } from "./build-routes";

const config = buildRoutes();

function toRouteObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { id: entry.id, index: true }
      : { id: entry.id, path: entry.path, children: toRouteObjects(entry.children ?? []) },
  );
}

const routes = toRouteObjects(config);

/** The id of the deepest route matching a URL path. */
function leafId(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname);
  return matches?.[matches.length - 1]?.route.id;
}

describe("route config", () => {
  it("RT-27: has the spec's route names, and locale variants prefixed with locale-", () => {
    const ids = routeIds(config);
    for (const id of ["index", "games-id", "betting", "loyalty", "profile", "profile-documents"]) {
      expect(ids).toContain(id);
    }
    for (const id of ["games-id", "betting", "loyalty", "profile", "profile-documents", "main"]) {
      expect(ids).toContain(`locale-${id}`);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("RT-27: every unprefixed page route has a locale- twin, except index (served by slug)", () => {
    const ids = routeIds(config).filter((id) => id !== "site" && id !== "not-found");
    const plain = ids.filter((id) => !id.startsWith("locale-"));
    for (const id of plain.filter((id) => id !== "index")) expect(ids).toContain(`locale-${id}`);
  });

  it.each([
    ["/", "index"],
    ["/main", "main"],
    ["/about-us", "slug"],
    ["/de", "slug"],
    ["/auth/autologin", "auth-autologin"],
    ["/auth/social/google/callback", "auth-social-connection-callback"],
    ["/betting", "betting"],
    ["/bonus/welcome", "bonus-pageIdentity"],
    ["/categories", "categories"],
    ["/categories/slots", "categories-categoryIdentity"],
    ["/contact", "contact"],
    ["/favorites", "favorites"],
    ["/games/42", "games-id"],
    ["/loyalty", "loyalty"],
    ["/payment/return", "payment-return"],
    ["/de/payment/return", "locale-payment-return"],
    ["/profile", "profile-index"],
    ["/profile/documents", "profile-documents"],
    ["/profile/wallet", "profile-wallet"],
    ["/providers", "providers"],
    ["/questions", "questions-index"],
    ["/questions/payments", "questions-pageIdentity"],
    ["/recently-played", "recently-played"],
    ["/static/terms", "static-pageIdentity"],
    ["/tournaments", "tournaments"],
    ["/tournaments/spring", "tournaments-identity"],
    ["/welcome-package", "welcome-package"],
    ["/verify/abc123", "verify-confirmCode"],
    ["/password-reset/xyz", "password-reset-resetCode"],
  ])("RT-01..RT-22, RT-26: %s resolves to %s", (path, id) => {
    expect(leafId(path)).toBe(id);
  });

  it.each([
    ["/de/main", "locale-main"],
    ["/pt-br/games/42", "locale-games-id"],
    ["/de/profile/documents", "locale-profile-documents"],
    ["/de/questions", "locale-questions-index"],
    ["/pt-br/questions/general", "locale-questions-pageIdentity"],
    ["/de/verify/abc", "locale-verify-confirmCode"],
    ["/de/password-reset/abc", "locale-password-reset-resetCode"],
    ["/de/about-us", "locale-slug"],
    ["/de/categories", "locale-categories"],
  ])("RT-23, RT-26: %s resolves to %s", (path, id) => {
    expect(leafId(path)).toBe(id);
  });

  it("prefers an unprefixed route over a locale route of equal rank", () => {
    expect(leafId("/static/main")).toBe("static-pageIdentity");
    expect(leafId("/categories/favorites")).toBe("categories-categoryIdentity");
    expect(leafId("/questions/contact")).toBe("questions-pageIdentity");
  });

  it("sends deeper unknown paths to the not-found route", () => {
    expect(leafId("/a/b/c")).toBe("not-found");
  });
});
