// Waiting for a page's realtime subscription, observed on the wire (the WebSocket frames Chromium
// sends and receives), so a test publishes an event only once the page is sure to receive it.
import type { Frame, Page, Request, WebSocket } from "playwright-core";

const REALTIME_SOCKET = "/api/connection/websocket";

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
