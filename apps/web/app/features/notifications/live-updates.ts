// Live notifications (NT-07, RTM-09): a notification.created on the player's messenger channel
// raises the newNotification alert with {title} and refreshes every notification list; a
// reconnect refreshes them too (what arrived while offline).
import { messengerChannelOf } from "@casino/contract/notification-rules";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { onRealtimeReconnect, subscribeRealtime } from "../../lib/realtime/realtime";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import {
  notificationTexts,
  readNotificationEvent,
  refreshNotifications,
} from "./notifications-api";

/** Alerts already raised by message id: a repeated publication (at least once) alerts once. */
const alerted = new Set<string>();

/** Mounted once per tab while signed in (the header's notifications badge). */
export function useNotificationLiveUpdates(): void {
  const { session, t } = useSite();
  const client = useQueryClient();
  const alert = useAlert();
  const latest = useRef({ alert, t });
  latest.current = { alert, t };
  const profileId = session.isLoggedIn ? session.profileId : null;

  useEffect(() => {
    if (!profileId) return;
    const stopChannel = subscribeRealtime(messengerChannelOf(profileId), (data) => {
      const event = readNotificationEvent(data);
      if (!event) return;
      void refreshNotifications(client);
      if (alerted.has(event.notification.id)) return;
      alerted.add(event.notification.id);
      const { title } = notificationTexts(latest.current.t, event.notification);
      latest.current.alert("newNotification", { title });
    });
    const stopReconnect = onRealtimeReconnect(() => void refreshNotifications(client));
    return () => {
      stopChannel();
      stopReconnect();
    };
  }, [profileId, client]);
}
