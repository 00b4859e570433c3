// The built-in chat's launcher (issue 26): a round button in the page's corner with the unread
// count, and the chat window it opens. One ChatSession per mount (lib/chat/chat-slot.tsx mounts a
// new one when the chat starts for someone else: a guest who signed in).
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { ChatIcon } from "../../components/art/icons";
import { useSite } from "../../lib/site";
import { ChatSession, type ChatState } from "./chat-session";
import { ChatWindow } from "./chat-window";
import "./chat.css";

const NOTHING = () => () => {};

export default function ChatLauncher({ loggedIn }: { loggedIn: boolean }) {
  const { t, locale } = useSite();
  const [session, setSession] = useState<ChatSession | null>(null);
  const windowId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The locale is read once: a conversation keeps the language it started in.
  const startLocale = useRef(locale);

  useEffect(() => {
    const created = new ChatSession({ loggedIn, locale: startLocale.current });
    setSession(created);
    // The badge's reads wait until the page has settled: they are not part of the first load.
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => void created.start(), { timeout: 2000 })
      : window.setTimeout(() => void created.start(), 500);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      created.dispose();
    };
  }, [loggedIn]);

  const state: ChatState | null = useSyncExternalStore(
    session?.subscribe ?? NOTHING,
    () => session?.getState() ?? null,
    () => null,
  );
  const open = state?.open ?? false;
  const unread = state?.unread ?? 0;
  const label = t("global-components.chat.launcher", "Chat with us");

  const close = () => {
    session?.closeWindow();
    buttonRef.current?.focus();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="chat-launcher"
        aria-expanded={open}
        aria-controls={open ? windowId : undefined}
        onClick={() => (open ? close() : void session?.openWindow())}
        hidden={open}
      >
        <ChatIcon size={26} />
        <span className="visually-hidden">{label}</span>
        {unread > 0 ? (
          <span className="chat-launcher__badge" data-unread={unread}>
            <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
            <span className="visually-hidden">
              {t("global-components.chat.unreadCount", ", {count} unread", { count: unread })}
            </span>
          </span>
        ) : null}
      </button>
      {open && session && state ? (
        <ChatWindow id={windowId} session={session} state={state} onClose={close} />
      ) : null}
    </>
  );
}
