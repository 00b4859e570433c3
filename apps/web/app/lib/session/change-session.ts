// The cross-tab session marker (spec §3 "Session marker", SE-08..SE-10): localStorage key
// `changeSession`, base64 of `<random>-<login|logout>-<time>`. Every write differs (random and
// time), so other tabs always get a storage event.
export const CHANGE_SESSION_KEY = "changeSession";

export type SessionChange = "login" | "logout";

export function encodeChangeSession(kind: SessionChange, random: string, time: number): string {
  return btoa(`${random.replace(/-/g, "")}-${kind}-${time}`);
}

/** The second dash-separated segment of the decoded value, when it is login or logout. */
export function decodeChangeSession(value: string | null | undefined): SessionChange | null {
  if (!value) return null;
  let text: string;
  try {
    text = atob(value);
  } catch {
    return null;
  }
  const kind = text.split("-")[1];
  return kind === "login" || kind === "logout" ? kind : null;
}

export function writeChangeSession(kind: SessionChange): void {
  try {
    window.localStorage.setItem(
      CHANGE_SESSION_KEY,
      encodeChangeSession(kind, Math.random().toString(36).slice(2), Date.now()),
    );
  } catch {
    // storage blocked: other tabs notice on their next call
  }
}

/**
 * What a tab does when another tab writes the marker: a tab showing a guest that sees a login
 * reloads (SE-09); a tab showing a player that sees a logout goes to the locale home (SE-10).
 */
export function reactionToChange(
  kind: SessionChange | null,
  isLoggedIn: boolean,
): "reload" | "home" | null {
  if (kind === "login" && !isLoggedIn) return "reload";
  if (kind === "logout" && isLoggedIn) return "home";
  return null;
}

/**
 * The changeSession storage listener a page attaches at mount (ST-02): another tab's marker gives
 * the reaction for this tab's state (read when the event comes); other keys are ignored.
 * Returns the remover.
 */
export function listenForSessionChange(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
  isLoggedIn: () => boolean,
  react: (reaction: "reload" | "home") => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CHANGE_SESSION_KEY) return;
    const reaction = reactionToChange(decodeChangeSession(event.newValue), isLoggedIn());
    if (reaction) react(reaction);
  };
  target.addEventListener("storage", onStorage);
  return () => target.removeEventListener("storage", onStorage);
}
