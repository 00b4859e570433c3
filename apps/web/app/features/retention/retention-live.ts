// Live quests and loyalty in the shell (spec §4 "Quests", "Loyalty", §7 Realtime; QS-05..QS-08,
// LY-03, LY-04): a listener on the player's retention channels. It stays tiny: the first event
// loads retention-events.ts (its own chunk), which refreshes the cached retention queries and
// raises the alerts, the level modal or the 3 s notification on game pages.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import {
  namespaceOf,
  onRealtimePublication,
  onRealtimeSubscribed,
} from "../../lib/realtime/realtime";
import { useModals, useSite } from "../../lib/site";
import { useToasts } from "../../toasts/toast-context";
import { useAlert } from "../../toasts/use-alert";

export function useRetentionLive(active: boolean): void {
  const { settings, t } = useSite();
  const client = useQueryClient();
  const alert = useAlert();
  const modals = useModals();
  const toasts = useToasts();
  const { pathname } = useLocation();
  const latest = useRef({ alert, modals, toasts, pathname, t });
  latest.current = { alert, modals, toasts, pathname, t };
  const quests = active && settings.quests.enabled;
  const loyalty = active && settings.loyalty.enabled;
  useEffect(() => {
    if (!quests && !loyalty) return;
    const listened = (channel: string) => {
      const namespace = namespaceOf(channel);
      return (
        (namespace === "retention:quests" && quests) ||
        (namespace === "retention:accounts" && loyalty)
      );
    };
    const stopPublications = onRealtimePublication((channel, data) => {
      if (listened(channel)) {
        const namespace = namespaceOf(channel);
        void import("./retention-events").then((module) =>
          module.handleRetentionEvent(namespace, data, { client, ...latest.current }),
        );
      }
    });
    // Confirmed (first, or again after a reconnect): what was read before may have missed events.
    const stopSubscribed = onRealtimeSubscribed((channel) => {
      if (listened(channel)) void client.invalidateQueries({ queryKey: ["retention"] });
    });
    return () => {
      stopPublications();
      stopSubscribed();
    };
  }, [quests, loyalty, client]);
}
