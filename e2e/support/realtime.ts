// Waiting for a page's realtime subscription, observed on the wire (the WebSocket frames Chromium
// sends and receives), so a test publishes an event only once the page is sure to receive it.
import type { Frame, Page, Request, WebSocket, WebSocketRoute } from "playwright-core";

const REALTIME_SOCKET = "/api/connection/websocket";
const REALTIME_SOCKET_URL = /\/api\/connection\/websocket$/;

type Message = { id?: number; subscribe?: { channel?: string } };

/** The protocol messages of one frame (several may be sent together, one per line). */
function messagesOf(payload: string | Buffer): Message[] {
  const messages: Message[] = [];
  for (const line of payload.toString().split("\n")) {
    if (!line.trim()) continue;
    try {
      messages.push(JSON.parse(line) as Message);
    } catch {
      // Not a protocol message: nothing to match.
    }
  }
  return messages;
}

const withoutHash = (url: string) => url.split("#")[0]!;

/**
 * Resolves once the realtime WebSocket of the page's next document has subscribed to `channel`:
 * it sent the subscribe command and the server answered it (the reply with the same id), so an
 * event published from then on reaches the page. Rejects after `timeoutMs`.
 *
 * Call it before the navigation that loads that document (`goto`, `reload`, a link to a page of
 * its own). Only sockets opened after the main frame committed the document of a navigation
 * request made after this call count: the page being left keeps its socket while the next one
 * loads (and may open a new one, e.g. right after a sign-in), and a subscription of that socket
 * is gone with its document, together with whatever is published to it. Same-document
 * navigations (the history API, a modal's query parameter) are not a new document.
 */
export function subscribed(page: Page, channel: string, timeoutMs = 30_000): Promise<void> {
  // The URL the main frame is navigating to (the last of its redirects), until it commits.
  let navigatingTo: string | null = null;
  let committed = false;
  const onRequest = (request: Request) => {
    if (committed || !request.isNavigationRequest()) return;
    if (request.frame() === page.mainFrame()) navigatingTo = withoutHash(request.url());
  };
  const onNavigated = (frame: Frame) => {
    if (committed || frame !== page.mainFrame() || navigatingTo === null) return;
    if (withoutHash(frame.url()) === navigatingTo) committed = true;
  };
  let onSocket = (_socket: WebSocket) => {};

  const waiting = new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      page.off("request", onRequest);
      page.off("framenavigated", onNavigated);
      page.off("websocket", onSocket);
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new Error(
          `the next document's realtime socket did not subscribe to ${channel} within ${timeoutMs} ms`,
        ),
      );
    }, timeoutMs);
    onSocket = (socket) => {
      if (!committed || !new URL(socket.url()).pathname.endsWith(REALTIME_SOCKET)) return;
      const ids = new Set<number>();
      socket.on("framesent", (frame) => {
        for (const message of messagesOf(frame.payload)) {
          if (message.subscribe?.channel === channel && message.id) ids.add(message.id);
        }
      });
      socket.on("framereceived", (frame) => {
        for (const message of messagesOf(frame.payload)) {
          if (message.id && ids.has(message.id) && message.subscribe && !socket.isClosed()) {
            done();
            resolve();
          }
        }
      });
    };
  });
  page.on("request", onRequest);
  page.on("framenavigated", onNavigated);
  page.on("websocket", onSocket);
  // A wait the test never reaches (it failed before) must not surface as an unhandled rejection.
  waiting.catch(() => {});
  return waiting;
}

/** The page's realtime socket, routed through the test (`routeRealtime`). */
export interface RoutedRealtime {
  /** Holds back the subscribe commands of these channels until `release()`. */
  hold(channels: readonly string[]): void;
  /** Sends what was held back, and holds nothing more. */
  release(): void;
  /** Subscribe commands held back now. */
  heldCount(): number;
  /** Whether the server confirmed the current socket's subscription to the channel. */
  isSubscribed(channel: string): boolean;
  /** A publication on the channel, as the server would push it to the current socket. */
  push(channel: string, data: unknown): void;
}

/**
 * Routes the page's realtime WebSockets (the current and later documents') through the test: the
 * real server still answers everything, but the test can hold subscriptions back, see them
 * confirmed, and push publications of its own. Call before the page connects.
 */
export async function routeRealtime(page: Page): Promise<RoutedRealtime> {
  let socket: WebSocketRoute | null = null;
  const held = new Set<string>();
  const waiting: (() => void)[] = [];
  let confirmed = new Set<string>();
  await page.routeWebSocket(REALTIME_SOCKET_URL, (ws) => {
    const server = ws.connectToServer();
    const asked = new Map<number, string>();
    const mine = new Set<string>();
    socket = ws;
    confirmed = mine;
    ws.onMessage((message) => {
      const channels = messagesOf(message).flatMap((item) => {
        const channel = item.subscribe?.channel;
        if (channel === undefined) return [];
        if (item.id) asked.set(item.id, channel);
        return [channel];
      });
      if (channels.some((channel) => held.has(channel))) waiting.push(() => server.send(message));
      else server.send(message);
    });
    server.onMessage((message) => {
      for (const item of messagesOf(message)) {
        const channel = item.id ? asked.get(item.id) : undefined;
        if (channel !== undefined && item.subscribe) mine.add(channel);
      }
      ws.send(message);
    });
  });
  return {
    hold(channels) {
      for (const channel of channels) held.add(channel);
    },
    release() {
      held.clear();
      for (const send of waiting.splice(0)) send();
    },
    heldCount: () => waiting.length,
    isSubscribed: (channel) => confirmed.has(channel),
    push(channel, data) {
      if (!socket) throw new Error("the page has no realtime socket yet");
      socket.send(JSON.stringify({ push: { channel, pub: { data } } }));
    },
  };
}
