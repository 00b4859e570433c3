// The nickname rules, the same for the server's contract checks, the web and the masking of
// names on leaderboards (issue 31 item 9; SU-14, PR-02). No imports: the web and the server use
// these helpers without zod, and player.ts builds its schemas on them.

/** Fewest and most user-perceived characters (graphemes) a nickname may have. */
export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 24;
/** A cap on the code units too, so combining marks cannot stack without end under one grapheme. */
const NICKNAME_MAX_UNITS = NICKNAME_MAX * 4;

/**
 * Letters (any script, with their combining marks) and digits, in words joined by one space,
 * dot, underscore or hyphen: no markup, no emoji or symbols, no invisible characters, no
 * separator at either end or twice in a row.
 */
const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:[ ._-][\p{L}\p{N}][\p{L}\p{M}\p{N}]*)*$/u;

export const NICKNAME_MESSAGES = {
  short: `The nickname must be at least ${NICKNAME_MIN} characters long`,
  long: `The nickname may be at most ${NICKNAME_MAX} characters long`,
  characters:
    "The nickname may contain only letters and digits, with single spaces, dots, underscores or hyphens between them",
  taken: "The nickname has already been taken",
} as const;

let segmenter: Intl.Segmenter | null = null;

/** The user-perceived characters of a text: an emoji with its modifiers or a flag is one. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** What is wrong with a (trimmed) nickname, or null when it is acceptable. */
export function nicknameProblem(nickname: string): string | null {
  const count = graphemes(nickname).length;
  if (count < NICKNAME_MIN) return NICKNAME_MESSAGES.short;
  if (count > NICKNAME_MAX || nickname.length > NICKNAME_MAX_UNITS) return NICKNAME_MESSAGES.long;
  if (!ALLOWED.test(nickname.normalize("NFC"))) return NICKNAME_MESSAGES.characters;
  return null;
}

/**
 * A nickname made from free text (an e-mail's local part, a social account's display name):
 * the disallowed characters become separators, runs of separators one, then it is cut to the
 * maximum length. Null when too little is left to be a nickname.
 */
export function nicknameFrom(text: string): string | null {
  const words = text
    .normalize("NFC")
    .split(/[^\p{L}\p{M}\p{N}._-]+/u)
    .join(" ")
    .replace(/([ ._-])[ ._-]+/g, "$1")
    .replace(/^[\p{M} ._-]+|[ ._-]+$/gu, "");
  let nickname = graphemes(words)
    .slice(0, NICKNAME_MAX)
    .join("")
    .replace(/[ ._-]+$/, "");
  while (nickname.length > NICKNAME_MAX_UNITS) nickname = graphemes(nickname).slice(0, -1).join("");
  return nicknameProblem(nickname) === null ? nickname : null;
}

/**
 * A name shown on a leaderboard without identifying the player: the first and last grapheme
 * with stars between ("Ada" → "A*a", "J🎉🎉n" → "J***n"), never half an emoji.
 */
export function maskNickname(name: string): string {
  const parts = graphemes(name);
  if (parts.length <= 2) return `${parts[0] ?? "*"}*`;
  return `${parts[0]}${"*".repeat(Math.min(parts.length - 2, 6))}${parts[parts.length - 1]}`;
}
