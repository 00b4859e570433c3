// The live chat widget and the tag manager (spec §4 "Chat", §7; ST-11..ST-13, ER-21): outside
// scripts, off unless configured (settings chat.widgetUrl and tagManager.scriptUrl); their code
// (third-party.ts) loads in its own chunk, only when one of them is configured.
import type { PublicSettings } from "@casino/contract/init";

let chat: PublicSettings["chat"] | null = null;
/** Whether the chat was last started for a player (true) or a guest (false). */
let startedFor: boolean | null = null;

/**
 * ST-11: the chat starts for a player, and for a guest only when the guest-available setting is
 * on. The settings are remembered, so post-login handling may call it without them.
 */
export function startChat(settings?: PublicSettings["chat"], loggedIn = true): void {
  if (settings) chat = settings;
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
