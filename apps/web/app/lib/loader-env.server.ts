import type { AppLoadContext, Params } from "react-router";
import { serverApi } from "./api/server-api.server";
import { parseCookies } from "./cookies";
import type { LoaderEnv } from "./loader-env";
import { memoPerRequest } from "./request-memo.server";
import { TOKEN_COOKIE } from "./session/token-store";

/** The server side of LoaderEnv (loader). */
export function serverEnv(args: {
  request: Request;
  params: Params;
  context?: AppLoadContext;
}): LoaderEnv {
  const { request } = args;
  const configured = process.env.PUBLIC_URL?.replace(/\/+$/, "");
  const cookieHeader = request.headers.get("cookie");
  const token = parseCookies(cookieHeader)[TOKEN_COOKIE];
  const api = serverApi(request, args.context);
  return {
    request,
    params: args.params,
    // Calls made for a signed-in visitor carry the bearer token, as the browser's would (HC-03).
    api: token
      ? (path, init = {}) => {
          const headers = new Headers(init.headers);
          if (!headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
          return api(path, { ...init, headers });
        }
      : api,
    cookieHeader,
    origin: configured || new URL(request.url).origin,
    // React Router hands each loader its own Request object; the load context is the one object
    // per incoming request that all of them share (dev mode without a context: the request).
    cache: (key, load) => memoPerRequest(args.context ?? request, JSON.stringify(key), load),
  };
}
