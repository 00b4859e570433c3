import type { AppLoadContext, Params } from "react-router";
import { serverApi } from "./api/server-api.server";
import type { LoaderEnv } from "./loader-env";
import { memoPerRequest } from "./request-memo.server";

/** The server side of LoaderEnv (loader). */
export function serverEnv(args: {
  request: Request;
  params: Params;
  context?: AppLoadContext;
}): LoaderEnv {
  const { request } = args;
  const configured = process.env.PUBLIC_URL?.replace(/\/+$/, "");
  return {
    request,
    params: args.params,
    api: serverApi(request, args.context),
    cookieHeader: request.headers.get("cookie"),
    origin: configured || new URL(request.url).origin,
    cache: (key, load) => memoPerRequest(request, JSON.stringify(key), load),
  };
}
