import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useSite } from "../lib/site";
import { BUILD_ID, VERSION_FILE, VERSION_POLL_MS } from "./build-id";
import "./pwa.css";

async function fetchVersion(): Promise<string | null> {
  const response = await fetch(`${VERSION_FILE}?t=${Date.now()}`, {
    cache: "no-store",
    credentials: "omit",
  });
  if (!response.ok) return null;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === "string" ? body.version : null;
}

/**
 * ST-10: polls /version.json every 5 minutes and whenever the page becomes visible. When the
 * deployed build differs from this one, a banner offers a reload, and the next navigation to
 * another page is done as a full page load so it picks up the new build.
 */
export function VersionCheck() {
  const { t } = useSite();
  const location = useLocation();
  const { data: deployed } = useQuery({
    queryKey: ["build-version"],
    queryFn: fetchVersion,
    enabled: BUILD_ID !== null,
    refetchInterval: VERSION_POLL_MS,
    refetchOnWindowFocus: "always",
    retry: false,
  });
  const outdated = BUILD_ID !== null && typeof deployed === "string" && deployed !== BUILD_ID;

  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (outdated && location.pathname !== firstPath.current) window.location.reload();
    firstPath.current = location.pathname;
  }, [outdated, location.pathname]);

  if (!outdated) return null;
  return (
    <div className="update-banner" role="status" aria-live="polite">
      <span>{t("global-components.update.text", "A new version of the site is available.")}</span>
      <button
        type="button"
        className="update-banner__button"
        onClick={() => window.location.reload()}
      >
        {t("global-components.update.button", "Reload")}
      </button>
    </div>
  );
}
