// Social login links (spec §7, SI-23..SI-25).
import { sitePathOrNull } from "../site-path";

export const SOCIAL_STRIPPED_PARAMS = ["sign-in", "sign-up", "stag"] as const;

/** backRoute: the current path and query without sign-in, sign-up and stag (SI-25). */
export function backRouteOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SOCIAL_STRIPPED_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The redirect that starts a social login: /api/player/sessions/social/{provider}/redirect with
 * state = URL-encoded JSON {backRoute}, and connection for the generic identity service.
 */
export function socialRedirectUrl(
  provider: string,
  backRoute: string,
  connection?: string,
): string {
  const params = new URLSearchParams({ state: JSON.stringify({ backRoute }) });
  if (connection) params.set("connection", connection);
  return `/api/player/sessions/social/${encodeURIComponent(provider)}/redirect?${params}`;
}

function parseState(state: string): Record<string, unknown> | null {
  const attempts = [state, ...state.split(".")];
  for (const attempt of attempts) {
    for (const text of [attempt, decodeBase64Url(attempt)]) {
      if (!text) continue;
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === "object") return parsed as Record<string, unknown>;
      } catch {
        // next
      }
    }
  }
  return null;
}

function decodeBase64Url(text: string): string | null {
  try {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    return atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  } catch {
    return null;
  }
}

/**
 * The backRoute of a callback's state, when it is a same-site path. The state is our JSON as
 * sent, or a server-made wrapper of it (base64url JSON, possibly signed: `payload.signature`).
 */
export function backRouteFromState(state: string | null): string | null {
  if (!state) return null;
  const parsed = parseState(state);
  const back = parsed?.backRoute ?? parseState(String(parsed?.state ?? ""))?.backRoute;
  return sitePathOrNull(back);
}

/** The provider of a callback: the route's connection param, else one named in the state. */
export function providerFromCallback(connection: string | undefined, state: string | null): string {
  const provider = state ? parseState(state)?.provider : undefined;
  if (typeof provider === "string" && provider) return provider;
  return connection ?? "";
}
