import type { ContentGroup } from "@casino/contract/content";
import { useLocation } from "react-router";
import { readPath } from "../../lib/content/translate";
import { errorHomeHref } from "./error-home-href";
import { ErrorPage } from "./error-page";
import { errorTexts } from "./error-texts";
import { routeErrorStatus } from "./route-error-status";

type Known = {
  content: Record<ContentGroup, Record<string, unknown>>;
  codes: readonly string[];
  defaultLocale: string;
} | null;

/** The error page for a caught error, with content overrides when site data is at hand. */
export function SiteErrorPage({
  error,
  site,
  reload = false,
}: {
  error: unknown;
  site: Known;
  reload?: boolean;
}) {
  const { pathname } = useLocation();
  const status = routeErrorStatus(error);
  const lookupText = (key: string): string | null => {
    const value = site ? readPath(site.content["global-components"], `error.${key}`) : undefined;
    return typeof value === "string" && value !== "" ? value : null;
  };
  const texts = errorTexts(status, (key) => lookupText(key));
  return (
    <ErrorPage
      texts={texts}
      homeHref={errorHomeHref(pathname, site)}
      imageLabel={lookupText("imageLabel") ?? "Error illustration"}
      reload={reload}
    />
  );
}
