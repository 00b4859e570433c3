// The signed-in player's self-exclusion or cooling-off (from the limits query the wallet and the
// limits page share), and dates as the player reads them: their locale and their profile's time
// zone (the browser's when the profile has none).
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { profileQuery } from "../../lib/session/player-queries";
import { useSite } from "../../lib/site";
import { formatDateTime } from "./limit-rules";
import { limitsQuery } from "./limits-api";
import { activeBlock, type PlayBlock } from "./play-blocks";

/** Formats an ISO date and time in the player's locale and time zone. */
export function usePlayerDate(): (iso: string) => string {
  const { locale, session } = useSite();
  const profile = useQuery({ ...profileQuery, enabled: session.isLoggedIn });
  const zone = profile.data?.timeZone ?? null;
  return useCallback((iso: string) => formatDateTime(iso, locale, zone), [locale, zone]);
}

/**
 * The block in force now (null: none, or not known yet), and whether the limits are still being
 * read (a game page waits for them before it starts real play on arrival).
 */
export function usePlayBlock(): { block: PlayBlock | null; pending: boolean } {
  const { session } = useSite();
  const limits = useQuery({ ...limitsQuery, enabled: session.isLoggedIn });
  const data = limits.data;
  const block = useMemo(() => (data ? activeBlock(data, new Date()) : null), [data]);
  return { block, pending: session.isLoggedIn && limits.isPending };
}
