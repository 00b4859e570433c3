// The page's Content-Security-Policy script nonce (issue 24): set by entry.server.tsx from the
// server's load context, read by root.tsx for <Scripts>. In the browser there is none (the
// scripts are already in the page); the value only matters to the server render.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
