// Live bonuses in the shell (spec §4 "Bonus and free-spin status", §7 Realtime; BN-06..BN-09,
// BN-15): a listener on the player's bonus channels. It stays tiny: the first event loads
// bonus-events.ts (its own chunk), which updates the cached bonus queries (debounced 500 ms)
// and raises the status-result alerts.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  namespaceOf,
  onRealtimePublication,
  onRealtimeSubscribed,
} from "../../lib/realtime/realtime";
import { useSite } from "../../lib/site";
import { useToasts } from "../../toasts/toast-context";

const NAMESPACES = [
  "bonus:player-bonuses",
  "bonus:player-freespins",
  "bonus:player-bonus-codes",
] as const;

export function useBonusLive(active: boolean): void {
  const { content, t, href, session } = useSite();
  const client = useQueryClient();
  const toasts = useToasts();
  const current = { alerts: content.alerts, t, href, toasts, viewer: session.profileId };
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => {
    if (!active) return;
    const listened = (channel: string) =>
      (NAMESPACES as readonly string[]).includes(namespaceOf(channel));
    const stopPublications = onRealtimePublication((channel, data) => {
      if (!listened(channel)) return;
      const namespace = namespaceOf(channel);
      void import("./bonus-events").then((module) =>
        module.handleBonusEvent(namespace, data, { client, ...latest.current }),
      );
    });
    // Confirmed (first, or again after a reconnect): what was read before may have missed events.
    const stopSubscribed = onRealtimeSubscribed((channel) => {
      if (listened(channel)) void client.invalidateQueries({ queryKey: ["bonus"] });
    });
    return () => {
      stopPublications();
      stopSubscribed();
    };
  }, [active, client]);
}
