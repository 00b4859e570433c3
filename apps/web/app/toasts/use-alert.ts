import { useCallback } from "react";
import type { TextVars } from "../lib/content/translate";
import { useSite } from "../lib/site";
import { type AlertKey, alertToast } from "./alert-text";
import { useToasts } from "./toast-context";

/** `alert(key, vars)`: shows the content-configured alert `alerts.<key>` as a toast. */
export function useAlert(): (key: AlertKey | (string & {}), vars?: TextVars) => void {
  const { content } = useSite();
  const { show } = useToasts();
  return useCallback(
    (key, vars) => show(alertToast(content.alerts, key, vars)),
    [content.alerts, show],
  );
}
