// The return-game object of spec §3 ("Other client storage": session storage, GM-11): the game
// a player asked for and where they came from. It is written when a guest asks to play for real
// money (so the game starts for real once they have signed in or signed up in this tab, even
// after a social-login round trip) and when a game starts (the page the player left, for the
// game's close button and the launch's returnUrl). Session storage: it belongs to this tab only.

import { isSitePath as isAnySitePath } from "../../lib/site-path";

export const RETURN_GAME_KEY = "return-game";
/** An old wish to play is not acted on: a player coming back hours later chooses again. */
export const RETURN_GAME_MAX_AGE_MS = 30 * 60_000;

export type ReturnGame = {
  /** Game slug (the /games/{id} path segment). */
  slug: string;
  title: string;
  /** The mode the player asked for. */
  mode: "real" | "demo";
  /** Site path (with query) to go back to when the game closes. */
  returnPath: string;
  /** Epoch milliseconds when it was written. */
  savedAt: number;
};

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): StorageLike | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode): the feature degrades, the game still plays
  }
}

/** A site path only (lib/site-path.ts): never another origin (`//evil`, `/\evil`), never a script URL. */
export function isSitePath(path: unknown): path is string {
  return isAnySitePath(path, 500);
}

/** The stored object when it is well formed and fresh, else null. */
export function parseReturnGame(raw: string | null, now: number): ReturnGame | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const item = value as Partial<ReturnGame> | null;
  if (
    !item ||
    typeof item.slug !== "string" ||
    item.slug === "" ||
    typeof item.title !== "string" ||
    (item.mode !== "real" && item.mode !== "demo") ||
    !isSitePath(item.returnPath) ||
    typeof item.savedAt !== "number" ||
    now - item.savedAt > RETURN_GAME_MAX_AGE_MS ||
    item.savedAt - now > 60_000
  ) {
    return null;
  }
  return {
    slug: item.slug,
    title: item.title,
    mode: item.mode,
    returnPath: item.returnPath,
    savedAt: item.savedAt,
  };
}

export function readReturnGame(now = Date.now(), store = storage()): ReturnGame | null {
  return parseReturnGame(store?.getItem(RETURN_GAME_KEY) ?? null, now);
}

export function writeReturnGame(
  value: Omit<ReturnGame, "savedAt">,
  now = Date.now(),
  store = storage(),
): void {
  try {
    store?.setItem(RETURN_GAME_KEY, JSON.stringify({ ...value, savedAt: now }));
  } catch {
    // quota or disabled storage: nothing to keep
  }
}

export function clearReturnGame(store = storage()): void {
  try {
    store?.removeItem(RETURN_GAME_KEY);
  } catch {
    // nothing to clear
  }
}

/** A guest's wish to play this game for real, kept across sign-in: true once, then forgotten. */
export function takeRealPlayWish(slug: string, now = Date.now(), store = storage()): boolean {
  const item = readReturnGame(now, store);
  if (!item || item.slug !== slug || item.mode !== "real") return false;
  writeReturnGame({ ...item, mode: "demo" }, now, store);
  return true;
}
