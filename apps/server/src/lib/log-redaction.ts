// Secrets never reach the logs: the request line Fastify logs for every request goes through
// redactUrl. A secret can ride in the path (a password-reset or e-mail confirmation link's code,
// a sandbox payment's or verification's reference, an OpenID interaction) or in the query (a
// game session's token, an auto-login token, an OpenID code and state, a signature): both are
// replaced by "[redacted]". Headers that carry them (authorization, cookie) are redacted by the
// logger's own `redact` list (app.ts).

export const REDACTED = "[redacted]";

/**
 * Path segments that are secrets: the segment after one of these (with or without a locale
 * prefix such as /de/). `verify` and `password-reset` are the web's links (route-table.ts); the
 * sandbox pages are keyed by their payment's reference, their check's token, OpenID's uid.
 */
const SECRET_AFTER = [
  "password-reset",
  "verify",
  "sandbox/payments",
  "sandbox/verification",
  "sandbox/oidc/interaction",
  "sandbox/oidc/auth",
];

/**
 * Query parameter names whose values are secrets: any name containing one of these words (a
 * name that merely looks like one, gameCode, is redacted too: a log loses nothing by it).
 */
const SECRET_PARAMETER =
  /token|code|state|secret|passw|key|signature|sig|hash|otp|nonce|ticket|session|sid|jwt|auth|credential|assertion|verifier/i;

function redactPath(path: string): string {
  const segments = path.split("/");
  for (let index = 1; index < segments.length - 1; index++) {
    for (const prefix of SECRET_AFTER) {
      const parts = prefix.split("/");
      const slice = segments.slice(index, index + parts.length);
      if (
        slice.length === parts.length &&
        slice.every((segment, at) => segment.toLowerCase() === parts[at]) &&
        index + parts.length < segments.length &&
        segments[index + parts.length] !== ""
      ) {
        segments[index + parts.length] = REDACTED;
      }
    }
  }
  return segments.join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const at = pair.indexOf("=");
      if (at < 0) return pair;
      let name = pair.slice(0, at);
      try {
        name = decodeURIComponent(name.replaceAll("+", " "));
      } catch {
        // an undecodable name is judged as written
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, at)}=${REDACTED}` : pair;
    })
    .join("&");
}

/** The request URL as it may be logged: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash < 0 ? url : url.slice(0, hash);
  const at = withoutHash.indexOf("?");
  const path = at < 0 ? withoutHash : withoutHash.slice(0, at);
  const query = at < 0 ? null : withoutHash.slice(at + 1);
  return `${redactPath(path)}${query === null ? "" : `?${redactQuery(query)}`}`;
}
