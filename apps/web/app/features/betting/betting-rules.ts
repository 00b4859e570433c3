// The pure rules of /betting (docs/sportsbook.md): what a start error of the book's token request
// means, the SDK's init options, the book's messages and the ?setIframePath= route sync.
import { ErrorCode } from "@casino/contract/errors";
import type { PublicSettings } from "@casino/contract/init";

/** The query parameter that keeps the book's own path in the site's URL. */
export const IFRAME_PATH_PARAM = "setIframePath";

/** Start errors of the book's token request (issue 25) besides the platform's own codes. */
export const START_ERRORS = {
  /** A bet, loss or session limit is reached: game-limit-reached, then /profile/limits. */
  limit: [14100, 14101, 14105, ErrorCode.GameLimitReached] as readonly number[],
  /** The profile is limited (status 2): home, with the limitedRealGame alert. */
  limited: [14103, ErrorCode.ProfileLimited] as readonly number[],
  /** The active bonus does not allow sports bets: restricted-bets. */
  restricted: [14306] as readonly number[],
};

export type StartErrorAction = "limit" | "limited" | "restricted" | null;

/** What a start error's code asks of the page; null: the game page's own handling. */
export function startErrorAction(code: number | null | undefined): StartErrorAction {
  if (typeof code !== "number") return null;
  if (START_ERRORS.limit.includes(code)) return "limit";
  if (START_ERRORS.limited.includes(code)) return "limited";
  if (START_ERRORS.restricted.includes(code)) return "restricted";
  return null;
}

/** platform of the token request: 1 mobile, 2 desktop. */
export function platformOf(mobile: boolean): 1 | 2 {
  return mobile ? 1 : 2;
}

/** A book path kept in the URL: one that starts with a single "/" and is not too long. */
export function bookPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length > 500) return null;
  return /^\/(?![/\\])[^\s]*$/.test(value) ? value : null;
}

/** The ?setIframePath= of a location's search string (null: none or not a book path). */
export function iframePathOf(search: string): string | null {
  return bookPath(new URLSearchParams(search).get(IFRAME_PATH_PARAM));
}

/** The search string with ?setIframePath= set to the book's path, other parameters kept. */
export function withIframePath(search: string, path: string): string {
  const params = new URLSearchParams(search);
  params.set(IFRAME_PATH_PARAM, path);
  return `?${params.toString()}`;
}

export type BookMessage =
  | { type: "login" }
  | { type: "location"; path: string }
  | { type: "ready" }
  | { type: "balance" }
  | { type: "error"; code: number | null };

/** A message from the book (source "sportsbook"), or null for anything else. */
export function parseBookMessage(data: unknown): BookMessage | null {
  if (!data || typeof data !== "object") return null;
  const message = data as Record<string, unknown>;
  if (message.source !== "sportsbook") return null;
  switch (message.type) {
    case "login":
    case "ready":
    case "balance":
      return { type: message.type };
    case "location": {
      const path = bookPath(typeof message.path === "string" ? message.path : null);
      return path ? { type: "location", path } : null;
    }
    case "error":
      return { type: "error", code: typeof message.code === "number" ? message.code : null };
    default:
      return null;
  }
}

export type SdkOptions = {
  containerId: string;
  width: string;
  height: string;
  host: string;
  cid: string;
  theme: "dark" | "light";
  customStyles?: string;
  token: string | null;
  lang: string;
  loginUrl: "sendPostMessage";
  allowParentUrlUpdate: boolean;
  initialPath?: string;
  onEvent?: (event: unknown) => void;
};

/** The options of SportsbookSDK.init (contract §2). */
export function sdkOptions(input: {
  settings: PublicSettings["betting"];
  containerId: string;
  token: string | null;
  locale: string;
  initialPath: string | null;
  allowParentUrlUpdate?: boolean;
}): SdkOptions {
  const { settings } = input;
  return {
    containerId: input.containerId,
    width: "100%",
    height: "100%",
    host: (settings.clientHost ?? "").replace(/\/+$/, ""),
    cid: settings.clientId ?? "",
    theme: settings.theme,
    ...(settings.customStyles ? { customStyles: settings.customStyles } : {}),
    token: input.token,
    lang: input.locale,
    loginUrl: "sendPostMessage",
    allowParentUrlUpdate: input.allowParentUrlUpdate ?? true,
    ...(input.initialPath ? { initialPath: input.initialPath } : {}),
  };
}

/** `{clientHost}/sdk.js`. */
export function sdkUrl(clientHost: string): string {
  return `${clientHost.replace(/\/+$/, "")}/sdk.js`;
}
