import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { startChat, startTagManager } from "../../lib/chat/chat";
import { isMobileUserAgent } from "../../lib/device";
import { patchQuery } from "../../lib/query-patch";
import { startRealtime } from "../../lib/realtime/realtime";
import { startRealtimeQuerySync } from "../../lib/realtime/realtime-query-sync";
import { listenForSessionChange } from "../../lib/session/change-session";
import {
  profileQuery,
  WALLET_ACCOUNTS_KEY,
  walletAccountsQuery,
} from "../../lib/session/player-queries";
import { onSessionRejected } from "../../lib/session/session-events";
import { tokenStore } from "../../lib/session/token-store";
import { useSite } from "../../lib/site";
import { useBonusLive } from "../bonus/bonus-live";
import { useRetentionLive } from "../retention/retention-live";
import { useTournamentCompletedAlert } from "../tournaments/completed-alert";

/**
 * The session's start-up and cross-tab behaviour (spec §4 "Session", "Start-up"):
 * - fingerprinting starts at app creation (ST-01, SE-11; its code loads on its own);
 * - with a session at start-up the profile loads (ST-07) and realtime and chat start, and realtime
 *   events invalidate the cached player state they concern (realtime-query-sync);
 * - the changeSession storage listener (SE-09, SE-10): a guest tab seeing a login reloads, a
 *   player tab seeing a logout goes to the locale home;
 * - a session the server refused (401/403 on a call with the token, failed refresh) opens
 *   sign-in (SE-05, SE-06).
 */
export function SessionEffects() {
  const { session, href, settings } = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLoggedIn = session.isLoggedIn;
  const loggedInRef = useRef(isLoggedIn);
  loggedInRef.current = isLoggedIn;

  useQuery({ ...profileQuery, enabled: isLoggedIn });
  // TN-01: the tournament completed alert from the player's tournaments channel.
  useTournamentCompletedAlert(isLoggedIn);
  // QS-05..QS-08, LY-03, LY-04: quest alerts, level-up modal or notification, live caches.
  useRetentionLive(isLoggedIn);
  // BN-06..BN-09, BN-15: bonus caches and status-result alerts from the bonus channels.
  useBonusLive(isLoggedIn);

  useEffect(() => {
    void import("../../lib/session/fingerprint").then((m) => m.getFingerprint());
  }, []);

  useEffect(() => {
    startChat(settings.chat, isLoggedIn); // ST-11: guests too when the setting allows
    if (isLoggedIn) startRealtime(session.profileId);
  }, [isLoggedIn, session.profileId, settings.chat]);

  useEffect(() => startTagManager(settings.tagManager.scriptUrl), [settings.tagManager.scriptUrl]);

  // ST-09: on a phone or tablet, a signed-in page that shows again asks for the wallet again.
  useEffect(() => {
    if (!isLoggedIn || !isMobileUserAgent(window.navigator.userAgent)) return;
    const onVisible = () => {
      if (document.visibilityState === "visible") {
        // Sent again even while a fetch is under way, or when nothing has asked for it yet.
        const request = queryClient.getQueryState(WALLET_ACCOUNTS_KEY)
          ? queryClient.refetchQueries(
              { queryKey: WALLET_ACCOUNTS_KEY, type: "all" },
              { cancelRefetch: true },
            )
          : queryClient.fetchQuery({ ...walletAccountsQuery, staleTime: 0 });
        request.catch(() => undefined);
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [isLoggedIn, queryClient]);

  // Realtime events keep the cached server state honest (the header's balance among it) while
  // no feature that listens for itself is mounted.
  useEffect(() => {
    if (!isLoggedIn) return;
    return startRealtimeQuerySync(queryClient);
  }, [isLoggedIn, queryClient]);

  useEffect(
    () =>
      listenForSessionChange(
        window,
        () => loggedInRef.current,
        (reaction) => {
          if (reaction === "reload") return window.location.reload();
          tokenStore.notify();
          queryClient.clear();
          window.location.assign(href("/"));
        },
      ),
    [href, queryClient],
  );

  useEffect(
    () =>
      onSessionRejected(() => {
        queryClient.removeQueries({ queryKey: ["player"] });
        patchQuery(navigate, { "sign-in": "true" });
      }),
    [navigate, queryClient],
  );

  return null;
}
