// How a chat message's text is shown, the same on the player site and in the back office's support
// desk: always as plain text (never as HTML), with http and https addresses made into links and
// nothing else (no javascript:, data:, mailto: or bare "www." links). No imports: the web's chat
// chunk and the back office load this file without zod.

export type ChatTextPart =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string };

/** A candidate address: http:// or https:// up to white space or a character no URL has raw. */
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Characters that end a sentence rather than an address when they come last. */
const TRAILING = /[.,;:!?*'"»”’]+$/;

/** Drops trailing punctuation and closing brackets the address did not open. */
function trimAddress(candidate: string): string {
  let text = candidate;
  for (;;) {
    const before = text;
    text = text.replace(TRAILING, "");
    for (const [open, close] of [
      ["(", ")"],
      ["[", "]"],
      ["{", "}"],
    ] as const) {
      while (text.endsWith(close) && count(text, close) > count(text, open)) {
        text = text.slice(0, -1);
      }
    }
    if (text === before) return text;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The link an address in a message may become: an absolute http or https URL with a host and no
 * user name or password (a "https://bank.example@evil.test" look-alike stays text). Null: text.
 */
export function safeChatHref(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}

/**
 * A message's text as parts to render as text nodes and links (rel="noopener noreferrer
 * nofollow", target _blank). Concatenating every part's `text` gives the message back unchanged.
 */
export function chatTextParts(message: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let plain = "";
  let at = 0;
  for (const match of message.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const address = trimAddress(match[0]);
    const href = address.length > "https://".length - 1 ? safeChatHref(address) : null;
    if (!href) continue;
    plain += message.slice(at, start);
    if (plain) parts.push({ kind: "text", text: plain });
    plain = "";
    parts.push({ kind: "link", text: address, href });
    at = start + address.length;
  }
  plain += message.slice(at);
  if (plain) parts.push({ kind: "text", text: plain });
  return parts;
}

/** Compares two chat message ids (decimal strings that grow within a conversation). */
export function compareMessageIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * How long a player has waited, for the support desk's queue: "just now", "4 min", "2 h 5 min",
 * "3 d 4 h". Null `since` (answered): null.
 */
export function waitingTime(since: string | null, now: number): string | null {
  if (since === null) return null;
  const start = Date.parse(since);
  if (Number.isNaN(start)) return null;
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
