// The origins of the outside studios whose games the site's pages frame: every switched-on
// provider's launch URL that names another host (a relative one, such as the in-house studio's,
// is the site's own). The Content-Security-Policy's frame-src lists them (infra/security-headers.ts),
// so a studio the operator adds through the operator API plays without a restart or a
// CSP_EXTRA_SOURCES entry. Every request reads the list, so each process keeps it and reads it
// again in the background once it is LAUNCH_ORIGINS_TTL_MS old; an operator's catalogue write
// reads it at once on its own process (`refreshLaunchOrigins`), other processes within the TTL.
import type { Queryable } from "../../infra/db";

export const LAUNCH_ORIGINS_TTL_MS = 5_000;

interface Known {
  origins: readonly string[];
  at: number;
  reading: Promise<void> | null;
}

const known = new WeakMap<object, Known>();
const NONE: readonly string[] = Object.freeze([]);

/**
 * An http(s) URL's origin; null for a relative URL, a template without a scheme, another scheme,
 * or a placeholder in the host (its origin is not known before a launch: CSP_EXTRA_SOURCES).
 */
export function originOfLaunchUrl(url: string): string | null {
  const origin = /^https?:\/\/[^/?#]+/i.exec(url)?.[0];
  if (!origin || origin.includes("{")) return null;
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

function stateOf(db: Queryable): Known {
  let state = known.get(db);
  if (!state) {
    state = { origins: NONE, at: 0, reading: null };
    known.set(db, state);
  }
  return state;
}

/** Reads the list now (after a catalogue write, and at start). A failed read keeps the last list. */
export function refreshLaunchOrigins(db: Queryable): Promise<void> {
  const state = stateOf(db);
  const reading = db
    .query<{ launch_url: string }>(
      `SELECT DISTINCT launch_url FROM game_providers
        WHERE is_enabled AND launch_url IS NOT NULL`,
    )
    .then((rows) => {
      const origins = [
        ...new Set(rows.flatMap((row) => originOfLaunchUrl(row.launch_url) ?? [])),
      ].sort();
      // The same list keeps its identity, so the policy is not rebuilt for nothing.
      if (origins.join(" ") !== state.origins.join(" ")) state.origins = Object.freeze(origins);
      state.at = Date.now();
    })
    .catch(() => {
      state.at = Date.now();
    })
    .finally(() => {
      if (state.reading === reading) state.reading = null;
    });
  state.reading = reading;
  return reading;
}

/** The list as last read; a list older than the TTL is read again in the background. */
export function launchOrigins(db: Queryable): readonly string[] {
  const state = stateOf(db);
  if (!state.reading && Date.now() - state.at >= LAUNCH_ORIGINS_TTL_MS) {
    void refreshLaunchOrigins(db);
  }
  return state.origins;
}
