// The support desk's live channel (issue 26): one realtime WebSocket per tab while anything of
// the desk listens (the nav's unread count, the queue, a conversation). It connects like a guest
// of the player site and subscribes to the desk's channel with a subscription token from
// POST /api/operator/chat/realtime-token (scope support). Every confirmation of the subscription
// (the first, and after each reconnect) tells the listeners to read again what they show, so a
// message published while the connection was down is never missed.
import type { ChatDeskEvent } from "@casino/contract/chat";
import { CHAT_DESK_CHANNEL, REALTIME_PATH, REALTIME_TIMINGS } from "@casino/contract/realtime";
import { Centrifuge } from "centrifuge";
import type { Api } from "./api";

export type DeskEvent = ChatDeskEvent;

type Listener = { event: (event: DeskEvent) => void; sync: () => void };

const listeners = new Set<Listener>();
let client: Centrifuge | null = null;
let tokenApi: Api | null = null;

/** Listens to the desk's events; `sync` runs at each (re)subscription. Returns the stop. */
export function listenDesk(
  api: Api,
  event: (event: DeskEvent) => void,
  sync: () => void = () => {},
): () => void {
  const listener = { event, sync };
  listeners.add(listener);
  tokenApi = api;
  connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      client?.disconnect();
      client = null;
    }
  };
}

function connect(): void {
  if (client) return;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const centrifuge = new Centrifuge(`${scheme}://${window.location.host}${REALTIME_PATH}`, {
    ...REALTIME_TIMINGS,
  });
  const subscription = centrifuge.newSubscription(CHAT_DESK_CHANNEL, {
    getToken: async () => {
      if (!tokenApi) throw new Error("no desk");
      const answer = await tokenApi.send<{ data: { token: string } }>(
        "POST",
        "/chat/realtime-token",
      );
      return answer.data.token;
    },
  });
  subscription.on("publication", (context) => {
    for (const listener of [...listeners]) {
      try {
        listener.event(context.data as DeskEvent);
      } catch (error) {
        console.error(error);
      }
    }
  });
  subscription.on("subscribed", () => {
    for (const listener of [...listeners]) listener.sync();
  });
  subscription.subscribe();
  centrifuge.connect();
  client = centrifuge;
}
