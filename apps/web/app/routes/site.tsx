import { Outlet } from "react-router";
import { SiteErrorPage } from "../features/error-page/site-error-page";
import { pageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import type { Route } from "./+types/site";

/** Pathless layout over every page: its error boundary shows the error page inside the site layout. */
export default function Site() {
  return <Outlet />;
}

/** Meta while a page below shows an error (title 'Page Not Found' or the error title). */
export const meta: Route.MetaFunction = (args) => pageMeta(args, {});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { content, locales, defaultLocale } = useSite();
  return (
    <SiteErrorPage
      error={error}
      site={{ content, codes: locales.map((locale) => locale.code), defaultLocale }}
    />
  );
}
