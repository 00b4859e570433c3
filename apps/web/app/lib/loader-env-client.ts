import type { Params } from "react-router";
import { apiFetchWithRetry } from "./api/api-client";
import type { LoaderEnv } from "./loader-env";
import { getQueryClient } from "./query-client";

/** Settings, locales, collections and content change rarely: the browser keeps them 5 minutes. */
const CACHE_MS = 5 * 60_000;

/** The browser side of LoaderEnv (clientLoader): relative `/api/...` calls, TanStack Query cache. */
export function clientEnv(args: { request: Request; params: Params }): LoaderEnv {
  return {
    request: args.request,
    params: args.params,
    api: apiFetchWithRetry,
    cookieHeader: document.cookie,
    origin: window.location.origin,
    cache: (key, load) =>
      getQueryClient().fetchQuery({
        queryKey: ["loader", ...key],
        queryFn: load,
        staleTime: CACHE_MS,
      }),
  };
}
