import { createContext, useContext } from "react";

/**
 * Which layout a page renders in. The geo-restricted layout sets "geo-restricted", and page
 * components (the home page) leave out sign-up and wallet calls to action there.
 */
export type LayoutKind = "default" | "geo-restricted";

export const LayoutKindContext = createContext<LayoutKind>("default");

export function useLayoutKind(): LayoutKind {
  return useContext(LayoutKindContext);
}
