import { predicateRule, type Rule } from "../rule";

// The WHATWG "valid e-mail address" grammar (what <input type=email> accepts), plus a dot in
// the domain: an address players type always has a top-level domain.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** VR-08: an e-mail address: at most 254 characters, a local part of at most 64. */
export const email: Rule = predicateRule("email", [], (value) => isEmailAddress(value));

export function isEmailAddress(value: unknown): boolean {
  if (typeof value !== "string" || value.length > 254 || !EMAIL.test(value)) return false;
  return value.indexOf("@") <= 64;
}

const URL_PROTOCOLS = new Set(["http:", "https:", "ftp:"]);

/** An absolute http, https or ftp URL with a host, and no blanks. */
export const url: Rule = predicateRule("url", [], (value) => {
  if (typeof value !== "string" || /\s/.test(value)) return false;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  return URL_PROTOCOLS.has(parsed.protocol) && parsed.hostname !== "";
});

/** An IP address: version 4, version 6, or either when no version is given. */
export function ip(version?: 4 | 6): Rule {
  if (version !== undefined && version !== 4 && version !== 6) {
    throw new TypeError(`ip: version must be 4 or 6, got ${String(version)}`);
  }
  return predicateRule("ip", version === undefined ? [] : [version], (value) => {
    if (typeof value !== "string") return false;
    if (version === 4) return isIPv4(value);
    if (version === 6) return isIPv6(value);
    return isIPv4(value) || isIPv6(value);
  });
}

/** Dotted quad of decimal octets 0-255, without leading zeros ("010" is ambiguous: octal?). */
export function isIPv4(text: string): boolean {
  const parts = text.split(".");
  return (
    parts.length === 4 &&
    parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255)
  );
}

/**
 * RFC 4291 text form: eight groups of 1-4 hex digits, one `::` standing for one or more zero
 * groups, and optionally a dotted IPv4 address as the last 32 bits. Zone ids (`%eth0`) are refused.
 */
export function isIPv6(text: string): boolean {
  const halves = text.split("::");
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all.at(-1);
  if (last?.includes(".")) {
    if (!isIPv4(last)) return false;
    all.pop();
    count += 1; // an embedded IPv4 fills two groups
  }
  if (!all.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}
