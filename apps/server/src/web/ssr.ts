import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createRequestListener } from "@react-router/node";
import compression from "compression";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import type { ServerBuild } from "react-router";
import { newScriptNonce } from "../infra/security-headers";

export interface SsrOptions {
  /** The React Router build folder holding server/index.js and client/. */
  buildDir: string;
  /** The trusted country header, forwarded to in-process API calls so they see the same country. */
  countryHeader: string | null;
  /**
   * The session of a page request (ADR 0022, player/page-session.ts): a fresh access token for
   * the render when the session cookie is live and the `token` cookie is missing or expiring, or
   * both cleared when the session ended.
   */
  /**
   * The Content-Security-Policy of a rendered page allowing the inline scripts that carry this
   * nonce (infra/security-headers.ts); without it the page keeps the site's nonce-less policy.
   */
  pagePolicy?: (nonce: string) => string;
  pageSession?: (headers: {
    cookie?: string | undefined;
  }) => Promise<{ cookieHeader: string; setCookies: string[] } | null>;
}

/**
 * What loaders and actions of the web app get as `context`. `apiFetch` calls this server's own
 * API in process (no socket, no second TLS hop) as if the browser had made the call.
 */
// A type alias, not an interface: React Router's AppLoadContext wants an index signature.
export type WebLoadContext = {
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  /** The nonce every inline script of this page must carry (entry.server.tsx, root.tsx). */
  cspNonce?: string;
};

/** Headers of the page request that an API call made on its behalf must carry. */
const FORWARDED_HEADERS = [
  "authorization",
  "accept-language",
  "cookie",
  "x-forwarded-for",
  "user-agent",
] as const;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

export function createApiFetch(
  app: FastifyInstance,
  request: FastifyRequest,
  countryHeader: string | null,
): WebLoadContext["apiFetch"] {
  const forwarded = countryHeader ? [...FORWARDED_HEADERS, countryHeader] : FORWARDED_HEADERS;
  return async (apiPath, init = {}) => {
    // Only the API: a loader fetching a page path would render SSR inside SSR.
    if (!apiPath.startsWith("/api/")) {
      throw new TypeError(`apiFetch takes an /api/ path, got ${apiPath}`);
    }
    const headers: Record<string, string> = { "x-request-id": request.id };
    for (const name of forwarded) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const method = (init.method ?? "GET").toUpperCase();
    const payload =
      init.body === undefined || init.body === null
        ? undefined
        : Buffer.from(await new Response(init.body).arrayBuffer());

    const response = await app.inject({
      method: method as HTTPMethods,
      url: apiPath,
      headers,
      ...(payload ? { payload } : {}),
      // The client's address, so GeoIP and rate limits see the visitor and not the server.
      remoteAddress: request.ip,
    });

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
      else responseHeaders.set(name, String(value));
    }
    const body =
      NULL_BODY_STATUS.has(response.statusCode) || method === "HEAD"
        ? null
        : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers: responseHeaders });
  };
}

/** Raw header pairs with every Cookie line replaced by one. */
function withCookieHeader(raw: string[], cookie: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== "cookie") out.push(raw[i]!, raw[i + 1]!);
  }
  out.push("cookie", cookie);
  return out;
}

/** Hashed build assets never change under one name; everything else must be revalidated. */
function cacheControlFor(filePath: string, clientDir: string): string {
  const relative = path.relative(clientDir, filePath).split(path.sep).join("/");
  return relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Mounts the React Router app when its build exists: static client files, then a catch-all that
 * hands every other non-API request to React Router. Returns whether it was mounted.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<boolean> {
  const serverEntry = path.join(options.buildDir, "server", "index.js");
  const clientDir = path.join(options.buildDir, "client");
  if (!existsSync(serverEntry)) return false;

  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const current = new AsyncLocalStorage<{ request: FastifyRequest; nonce: string | undefined }>();
  const listener = createRequestListener({
    build,
    mode: process.env.NODE_ENV === "production" ? "production" : "development",
    getLoadContext: (): WebLoadContext => {
      const store = current.getStore();
      if (!store) throw new Error("SSR request outside its Fastify request");
      return {
        apiFetch: createApiFetch(app, store.request, options.countryHeader),
        ...(store.nonce ? { cspNonce: store.nonce } : {}),
      };
    },
  });

  await app.register(async (scope) => {
    // React Router reads the raw body itself (form actions); Fastify must leave the stream alone.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    if (existsSync(clientDir)) {
      await scope.register(fastifyStatic, {
        root: clientDir,
        prefix: "/",
        // One route per file found at start, so unknown paths reach the catch-all below.
        wildcard: false,
        // <file>.br / .gz written at build time (scripts/precompress.mjs), sent by Accept-Encoding.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          reply.header("cache-control", cacheControlFor(filePath, clientDir));
        },
      });
    }

    // BE-45: only the current build's chunks are served (one route each, above); a chunk of
    // another build is a plain 404, not a page, so its import fails at once and the app reloads
    // (ER-24) instead of rendering a page for a script request.
    scope.get("/assets/*", async (_request, reply) =>
      reply.code(404).type("text/plain; charset=utf-8").send("Not found"),
    );

    // The page is written straight to the Node response, past Fastify's reply (and so past
    // @fastify/compress): compress that stream here, by the request's Accept-Encoding.
    const compress = compression({ threshold: 1024 });
    scope.all("/*", async (request, reply) => {
      const session = options.pageSession ? await options.pageSession(request.headers) : null;
      if (session) {
        // The loaders (and their in-process API calls) read the Cookie header of this request:
        // React Router's request is built from rawHeaders, the API calls from headers.
        request.raw.headers.cookie = session.cookieHeader;
        request.raw.rawHeaders = withCookieHeader(request.raw.rawHeaders, session.cookieHeader);
        reply.raw.setHeader("set-cookie", session.setCookies);
      }
      // A fresh nonce per page: its inline scripts carry it, no other inline script runs.
      const nonce = options.pagePolicy ? newScriptNonce() : undefined;
      if (nonce && options.pagePolicy) {
        reply.raw.setHeader("content-security-policy", options.pagePolicy(nonce));
      }
      reply.hijack();
      await current.run(
        { request, nonce },
        () =>
          new Promise<void>((resolve, reject) => {
            compress(request.raw as never, reply.raw as never, (error?: unknown) => {
              if (error) reject(error);
              else Promise.resolve(listener(request.raw, reply.raw)).then(resolve, reject);
            });
          }),
      );
    });
  });
  return true;
}
