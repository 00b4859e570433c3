// The live chat and the tag manager (spec §4 "Chat", §7; ST-11..ST-13, ER-21; issue 26). The chat
// is the site's own window (settings chat.provider "builtin": features/chat, a lazy chunk the
// shell's ChatSlot loads once the chat started) or an outside widget ("widget": its script at
// chat.widgetUrl), or none ("off"). The outside scripts' code (third-party.ts) loads in its own
// chunk, only when one of them is configured.
import type { PublicSettings } from "@casino/contract/init";

let chat: PublicSettings["chat"] | null = null;
/** Whether the chat was last started for a player (true) or a guest (false). */
let startedFor: boolean | null = null;

/** Who the built-in chat runs for now, and a generation that moves with each (re)start. */
export type BuiltinChat = { for: "player" | "guest" | null; generation: number };
let builtin: BuiltinChat = { for: null, generation: 0 };
const builtinListeners = new Set<() => void>();

function setBuiltin(next: BuiltinChat["for"]): void {
  if (builtin.for === next) return;
  builtin = { for: next, generation: builtin.generation + 1 };
  for (const listener of [...builtinListeners]) listener();
}

/** For useSyncExternalStore: the built-in chat's state and its changes. */
export const builtinChat = {
  subscribe(listener: () => void): () => void {
    builtinListeners.add(listener);
    return () => {
      builtinListeners.delete(listener);
    };
  },
  get: (): BuiltinChat => builtin,
  /** The server render shows no chat: it starts in the browser. */
  getServer: (): BuiltinChat => ({ for: null, generation: 0 }),
};

/**
 * ST-11: the chat starts for a player, and for a guest only when the guest-available setting is
 * on. The settings are remembered, so post-login handling may call it without them; for the
 * built-in chat that moves it from the guest (or nobody) to the player.
 */
export function startChat(settings?: PublicSettings["chat"], loggedIn = true): void {
  if (settings) chat = settings;
  if (chat?.provider === "builtin") {
    setBuiltin(loggedIn ? "player" : chat.guestAvailable ? "guest" : null);
    return;
  }
  if (chat?.provider === "off") return;
  const url = chat?.widgetUrl;
  if (!url) return;
  if (!(loggedIn || chat?.guestAvailable)) {
    startedFor = null;
    return;
  }
  if (startedFor === loggedIn) return;
  startedFor = loggedIn;
  void import("./third-party").then((m) => m.openChat(url, loggedIn));
}

/** ST-13: the tag-manager script, when one is configured. */
export function startTagManager(url: string | null): void {
  if (url) void import("./third-party").then((m) => m.loadTagManager(url));
}
