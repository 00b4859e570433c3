import type { Params } from "react-router";
import type { FetchLike } from "./api/fetch-like";

/**
 * What a page's data loading needs, the same on both sides: the server loader (first page load,
 * in-process API) and the client loader (later navigations, `/api/...` from the browser).
 */
export type LoaderEnv = {
  request: Request;
  params: Params;
  api: FetchLike;
  /** The request's Cookie header (server) or document.cookie (browser). */
  cookieHeader: string | null;
  /** Public origin, for canonical and alternate links. */
  origin: string;
  /** Shares an answer: per request on the server, cached for a while in the browser. */
  cache: <T>(key: readonly unknown[], load: () => Promise<T>) => Promise<T>;
};
