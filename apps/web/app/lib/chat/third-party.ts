// The outside scripts of spec §7 (ST-11..ST-13): the live chat widget and the tag manager,
// loaded only when configured. The widget keeps a conversation across devices by a restore id,
// saved on the profile (PUT /api/player/profile {freshchatRestoreId}, ST-12). Any failure of
// theirs is only logged (ER-21): the site works the same without them.
import type { Profile } from "@casino/contract/player";
import { apiRequest } from "../api/api-client";

/** The widget's API (the Freshchat web messenger's `fcWidget`, the parts used here). */
export interface ChatWidget {
  init(options: { externalId?: string; restoreId?: string | null }): void;
  on(event: "user:created", handler: (payload: unknown) => void): void;
}

declare global {
  interface Window {
    fcWidget?: ChatWidget;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Appends one async script per URL; resolves when it has run. */
export function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      // The page's nonce, for a nonce-aware script (a tag manager) to pass on to what it adds.
      const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      if (nonce) script.nonce = nonce;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${url} did not load`));
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/** The tag manager's data layer start event, then its script. */
export function loadTagManager(url: string): void {
  window.dataLayer ??= [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  loadScript(url).catch((error: unknown) => console.warn("Tag manager failed", error));
}

/** Who the widget was last started for: "guest" or the player's id. */
let startedFor: string | null = null;

/** The restore id a widget answer carries, if any. */
export function restoreIdOf(payload: unknown): string | null {
  const id = (payload as { data?: { restoreId?: unknown } } | null)?.data?.restoreId;
  return typeof id === "string" && id !== "" ? id : null;
}

export async function openChat(url: string, loggedIn: boolean): Promise<void> {
  try {
    await loadScript(url);
    const widget = window.fcWidget;
    if (!widget) throw new Error("the chat script defined no widget");
    if (!loggedIn) {
      if (startedFor !== null) return;
      startedFor = "guest";
      widget.init({});
      return;
    }
    const profile = (await apiRequest<{ data: Profile }>("/api/player/profile")).data;
    if (startedFor === profile.id) return;
    startedFor = profile.id;
    widget.init({ externalId: profile.id, restoreId: profile.freshchatRestoreId ?? null });
    widget.on("user:created", (payload) => {
      const restoreId = restoreIdOf(payload);
      if (!restoreId || restoreId === profile.freshchatRestoreId) return;
      apiRequest("/api/player/profile", {
        method: "PUT",
        body: { freshchatRestoreId: restoreId },
      }).catch((error: unknown) => console.warn("Chat restore id not saved", error));
    });
  } catch (error) {
    console.warn("Chat failed", error);
  }
}
