import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { DefaultLayout } from "./components/layout/default-layout";
import { GeoRestrictedLayout } from "./components/layout/geo-restricted-layout";
import { SiteErrorPage } from "./features/error-page/site-error-page";
import { Preloader } from "./features/preloader/preloader";
import { HydrationMarker } from "./features/startup/hydration-marker";
import { StartupEffects } from "./features/startup/startup-effects";
import { translate } from "./lib/content/translate";
import { loadRootData } from "./lib/load-root-data";
import { serverEnv } from "./lib/loader-env.server";
import { clientEnv } from "./lib/loader-env-client";
import { useLocaleRuntime } from "./lib/locale";
import { useNonce } from "./lib/nonce";
import { getQueryClient } from "./lib/query-client";
import { isRootData } from "./lib/root-data";
import { rootShouldRevalidate } from "./lib/routing/should-revalidate";
import { pageMeta } from "./lib/seo/page-meta";
import { SiteContext } from "./lib/site";
import { useSiteValue } from "./lib/use-site-value";
import { ModalProvider } from "./modals/modal-provider";
import { ToastProvider } from "./toasts/toast-provider";
import "./styles/app.css";

/** Root data on the first load (server) and on locale changes (browser): lib/load-root-data.ts. */
export function loader(args: Route.LoaderArgs) {
  return loadRootData(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadRootData(clientEnv(args));
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  return rootShouldRevalidate(args);
}

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/icons/icon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: Route.MetaFunction = (args) => pageMeta(args, {});

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData("root");
  const root = isRootData(data) ? data : null;
  const nonce = useNonce();
  const preloaderLabel = root
    ? translate(root.content, "global-components.preloader.label", "Loading")
    : "Loading";
  return (
    <html lang={root?.locale ?? "en"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0a0c1d" />
        <Meta />
        <Links />
        <noscript>
          <style>{"#preloader{display:none}"}</style>
        </noscript>
      </head>
      <body>
        <Preloader label={preloaderLabel} />
        {children}
        <HydrationMarker />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const site = useSiteValue(loaderData);
  const [queryClient] = useState(getQueryClient);
  useLocaleRuntime(loaderData.locales, loaderData.defaultLocale);
  const SiteLayout = loaderData.geoRestricted ? GeoRestrictedLayout : DefaultLayout;
  // A page whose route handle says `bare` (the payment window's return page) is shown alone.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | null)?.bare);
  return (
    <QueryClientProvider client={queryClient}>
      <SiteContext.Provider value={site}>
        <ToastProvider>
          <ModalProvider>
            {bare ? (
              <Outlet />
            ) : (
              <SiteLayout>
                <Outlet />
              </SiteLayout>
            )}
            <StartupEffects />
          </ModalProvider>
        </ToastProvider>
      </SiteContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * Fatal errors (the root loader failed, or the shell itself threw): the error page on its own,
 * with content overrides when the root data is still available, and a full-page Homepage link.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData("root");
  const root = isRootData(data) ? data : null;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content">
      <SiteErrorPage
        error={error}
        site={
          root
            ? {
                content: root.content,
                codes: root.locales.map((locale) => locale.code),
                defaultLocale: root.defaultLocale,
              }
            : null
        }
        reload
      />
    </main>
  );
}
