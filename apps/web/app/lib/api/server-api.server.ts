// How loaders reach the API on the server. In production the Fastify server mounts the SSR build
// and passes `context.apiFetch` (in-process, bound to the visitor's request). In `react-router
// dev` there is no such context: loaders fetch API_URL over HTTP and forward the headers that
// tell the API who the visitor is.
import type { AppLoadContext } from "react-router";
import type { FetchLike } from "./fetch-like";

declare module "react-router" {
  interface AppLoadContext {
    apiFetch?: FetchLike;
    /** The page's CSP script nonce (the Fastify server's SSR mount). */
    cspNonce?: string;
  }
}

const FORWARDED_HEADERS = [
  "x-forwarded-for",
  "x-real-ip",
  "cf-ipcountry",
  "user-agent",
  "accept-language",
];

export function serverApi(request: Request, context: AppLoadContext | undefined): FetchLike {
  const inProcess = context?.apiFetch;
  if (inProcess) return inProcess;
  const base = process.env.API_URL ?? "http://127.0.0.1:3000";
  const names = [...FORWARDED_HEADERS];
  if (process.env.COUNTRY_HEADER) names.push(process.env.COUNTRY_HEADER.toLowerCase());
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    for (const name of names) {
      const value = request.headers.get(name);
      if (value && !headers.has(name)) headers.set(name, value);
    }
    if (!headers.has("accept")) headers.set("accept", "application/json");
    return fetch(new URL(path, base), { ...init, headers });
  };
}
