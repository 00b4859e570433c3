/** A fetch bound to the API: in-process on the server, relative `/api/...` in the browser. */
export type FetchLike = (path: string, init?: RequestInit) => Promise<Response>;
