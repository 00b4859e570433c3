import { useEffect, useRef } from "react";
import { subscribeRealtime } from "./realtime";

/** Listens to a channel while the component is mounted; null listens to nothing (guests). */
export function useRealtime(channel: string | null, listener: (data: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!channel) return;
    return subscribeRealtime(channel, (data) => latest.current(data));
  }, [channel]);
}
