// The page routes of spec §2, written once. `buildRoutes` (build-routes.ts) turns this table into
// the React Router config twice: unprefixed, and under the `:locale/` prefix with ids `locale-*`.
// Ids follow the spec's route-name convention (path segments joined by "-", params by name):
// index, games-id, profile-documents, verify-confirmCode, password-reset-resetCode, ...

export type PageRoute = {
  id: string;
  /** Path relative to the parent; absent for index routes. */
  path?: string;
  index?: true;
  /** Route module, relative to app/. */
  file: string;
  children?: PageRoute[];
};

const profileSections = [
  "bonuses",
  "documents",
  "history",
  "info",
  "limits",
  "notifications",
  "security",
  "verification",
  "wallet",
] as const;
export type ProfileSection = (typeof profileSections)[number];
export const PROFILE_SECTIONS: readonly ProfileSection[] = profileSections;

export const PAGE_ROUTES: readonly PageRoute[] = [
  { id: "index", index: true, file: "routes/home.tsx" },
  { id: "main", path: "main", file: "routes/home.tsx" },
  { id: "auth-autologin", path: "auth/autologin", file: "routes/auth-autologin.tsx" },
  // A first social sign-in's consent, country and currency (issue 31 item 7).
  {
    id: "auth-social-complete",
    path: "auth/social/complete",
    file: "routes/auth-social-complete.tsx",
  },
  {
    id: "auth-social-connection-callback",
    path: "auth/social/:connection/callback",
    file: "routes/auth-social-callback.tsx",
  },
  { id: "betting", path: "betting", file: "routes/betting.tsx" },
  { id: "bonus-pageIdentity", path: "bonus/:pageIdentity", file: "routes/content-page.tsx" },
  { id: "categories", path: "categories", file: "routes/categories.tsx" },
  {
    id: "categories-categoryIdentity",
    path: "categories/:categoryIdentity",
    file: "routes/category.tsx",
  },
  { id: "contact", path: "contact", file: "routes/contact.tsx" },
  { id: "favorites", path: "favorites", file: "routes/favorites.tsx" },
  { id: "games-id", path: "games/:id", file: "routes/game.tsx" },
  { id: "loyalty", path: "loyalty", file: "routes/loyalty.tsx" },
  // Where the payment processor returns the payment window (issue 31 item 5): not the site.
  { id: "payment-return", path: "payment/return", file: "routes/payment-return.tsx" },
  {
    id: "profile",
    path: "profile",
    file: "routes/profile.tsx",
    children: [
      { id: "profile-index", index: true, file: "routes/profile-index.tsx" },
      ...profileSections.map((section) => ({
        id: `profile-${section}`,
        path: section,
        file: `routes/profile-${section}.tsx`,
      })),
    ],
  },
  { id: "providers", path: "providers", file: "routes/providers.tsx" },
  // A provider's page (GM-08: a single provider uses GET /api/game/providers/{id}).
  {
    id: "providers-providerIdentity",
    path: "providers/:providerIdentity",
    file: "routes/provider.tsx",
  },
  {
    id: "questions",
    path: "questions",
    file: "routes/questions.tsx",
    children: [
      { id: "questions-index", index: true, file: "routes/questions-index.tsx" },
      { id: "questions-pageIdentity", path: ":pageIdentity", file: "routes/content-page.tsx" },
    ],
  },
  { id: "recently-played", path: "recently-played", file: "routes/recently-played.tsx" },
  { id: "static-pageIdentity", path: "static/:pageIdentity", file: "routes/content-page.tsx" },
  { id: "tournaments", path: "tournaments", file: "routes/tournaments.tsx" },
  { id: "tournaments-identity", path: "tournaments/:identity", file: "routes/tournament.tsx" },
  { id: "welcome-package", path: "welcome-package", file: "routes/welcome-package.tsx" },
  { id: "verify-confirmCode", path: "verify/:confirmCode", file: "routes/verify.tsx" },
  {
    id: "password-reset-resetCode",
    path: "password-reset/:resetCode",
    file: "routes/password-reset.tsx",
  },
  // Catch-all single segment: a content page, or (unprefixed only) the home page of a
  // non-default locale ("/de", "/pt-br"). A single dynamic segment cannot be told apart from a
  // locale prefix by the router, so this one route serves both; its loader decides.
  { id: "slug", path: ":slug", file: "routes/slug.tsx" },
];

/** Anything else: rendered inside the site layout as a 404 (so the header and content show). */
export const NOT_FOUND_ROUTE: PageRoute = {
  id: "not-found",
  path: "*",
  file: "routes/not-found.tsx",
};
