import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** Origins of outside parties the pages load (sportsbook client host, chat widget, ...). */
  extraSources: string[];
}

/**
 * The one Content-Security-Policy of the site, for pages, API answers and the API docs alike.
 *
 * script-src has no 'unsafe-inline' (issue 24): a page the server renders gets a fresh nonce
 * (`pagePolicy` of registerSecurityHeaders, used by web/ssr.ts), which React Router's hydration
 * context, module bootstrap and streamed data scripts and React's own streaming scripts carry
 * (apps/web entry.server.tsx and root.tsx); every other answer allows no inline script at all.
 * Scripts from 'self' and the configured outside parties (tag manager, chat widget, sportsbook)
 * load by origin; no 'strict-dynamic', so those origins keep working.
 * style-src allows 'unsafe-inline' for the style attributes React renders.
 */
export function contentSecurityPolicy(
  options: SecurityHeaderOptions,
  /** Origins the pages frame besides those: the outside studios' games (game/launch-origins.ts). */
  frameSources: readonly string[] = [],
  /** The page's script nonce (base64), for a server-rendered page. */
  nonce?: string,
): string {
  const origin = new URL(options.publicUrl);
  const wsOrigin = `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
  const extra = options.extraSources;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...extra],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    // The realtime websocket is same-origin; older browsers do not count ws: as 'self'.
    "connect-src": ["'self'", wsOrigin, ...extra],
    "frame-src": ["'self'", ...extra, ...frameSources],
    "media-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...extra],
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`)
    .join("; ");
}

/**
 * The stricter policy of the apps the server hosts as a plain build (the back office, the
 * studio): their index.html loads one module script and one stylesheet, so no inline script or
 * style is ever needed, and they call only their own origin. React's `style` props are set
 * through the CSSOM, which style-src does not govern. `framedBySite`: the player site's pages
 * frame it (the studio's games); otherwise nothing may frame it (the back office holds keys).
 */
export function appContentSecurityPolicy(framedBySite: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framedBySite ? "'self'" : "'none'"}`,
  ].join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(options),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "SAMEORIGIN",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  if (options.publicUrl.startsWith("https:")) {
    headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

const NO_FRAMES: readonly string[] = Object.freeze([]);

/**
 * Set on the raw response at the start, so they also reach answers that bypass Fastify's reply
 * (the SSR handler hijacks it and writes to the socket itself).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
  /** The frame sources as they stand (a cached list: the policy is rebuilt when it changes). */
  frameSources: () => readonly string[] = () => NO_FRAMES,
): { pagePolicy: (nonce: string) => string } {
  const headers = Object.entries(securityHeaders(options)).filter(
    ([name]) => name !== "content-security-policy",
  );
  // Built at the first request (the list is read by then) and again only when the list changes.
  let frames: readonly string[] | undefined;
  let policy = "";
  app.addHook("onRequest", async (_request, reply) => {
    const now = frameSources();
    if (now !== frames) {
      frames = now;
      policy = contentSecurityPolicy(options, frames);
    }
    reply.raw.setHeader("content-security-policy", policy);
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
  return {
    /** The policy of a server-rendered page whose inline scripts carry `nonce`. */
    pagePolicy: (nonce) => contentSecurityPolicy(options, frameSources(), nonce),
  };
}

/** A fresh script nonce: 128 random bits, base64. */
export function newScriptNonce(): string {
  return randomBytes(16).toString("base64");
}
