import { useEffect, useRef } from "react";
import { subscribeRealtime } from "../../lib/realtime/realtime";

/**
 * Listens to a realtime channel while mounted (null: none). lib/realtime/use-realtime does the
 * same, but it sits in the shell's shared chunk group, so importing it from these lazy game
 * chunks would pull it into the entry JavaScript.
 */
export function useChannel(channel: string | null, listener: (data: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!channel) return;
    return subscribeRealtime(channel, (data) => latest.current(data));
  }, [channel]);
}
