import { useEffect } from "react";
import { ChatSlot } from "../../lib/chat/chat-slot";
import { useLanguageLinkCookie } from "../../lib/locale";
import { useSite } from "../../lib/site";
import { installChunkReload } from "../../pwa/chunk-reload";
import { InstalledAppReport } from "../../pwa/installed-app-report";
import { registerServiceWorker } from "../../pwa/service-worker";
import { VersionCheck } from "../../pwa/version-check";
import { AffiliateTag } from "../affiliate/affiliate-tag";
import { ScrollManager } from "../scroll/scroll-manager";
import { SessionEffects } from "../session/session-effects";
import { ViewportHeight } from "../viewport/viewport-height";
import { useStartupQueries } from "./startup-queries";

/** The start-up behaviours of spec §4 that belong to the app shell. */
export function StartupEffects() {
  const { locales } = useSite();
  useStartupQueries();
  useLanguageLinkCookie(locales);
  useEffect(() => {
    registerServiceWorker();
    return installChunkReload();
  }, []);
  return (
    <>
      <ScrollManager />
      <ViewportHeight />
      <AffiliateTag />
      <VersionCheck />
      <InstalledAppReport />
      <SessionEffects />
      <ChatSlot />
    </>
  );
}
