// The built-in chat's place in the shell (issue 26): nothing until the chat started (lib/chat
// startChat: a player, or a guest while the guest setting is on), then the launcher and its
// window from their own lazy chunk. Each start (a guest signing in) mounts a fresh one.
import { lazy, Suspense, useSyncExternalStore } from "react";
import { builtinChat } from "./chat";

const ChatLauncher = lazy(() => import("../../features/chat/chat-launcher"));

export function ChatSlot() {
  const started = useSyncExternalStore(
    builtinChat.subscribe,
    builtinChat.get,
    builtinChat.getServer,
  );
  if (!started.for) return null;
  return (
    <Suspense fallback={null}>
      <ChatLauncher key={started.generation} loggedIn={started.for === "player"} />
    </Suspense>
  );
}
