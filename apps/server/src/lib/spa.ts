// A small front end the server hosts beside the player site (the studio under /studio, the back
// office under /backoffice): its Vite build's hashed assets, cached for good, and its one
// index.html for each of its pages, never cached, so a new build shows at the next load, under
// a stricter Content-Security-Policy than the site's (appContentSecurityPolicy).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { appContentSecurityPolicy } from "../infra/security-headers";

export async function serveSpa(
  app: FastifyInstance,
  options: {
    /** The app's build folder (index.html and assets/). */
    buildDir: string;
    /** Where it lives: "/studio". Vite's `base` is this with a trailing slash. */
    prefix: string;
    /** The paths that answer its page (Fastify route paths). */
    pages: string[];
    /** What to answer when it is not built (a plain-text hint). */
    notBuilt: string;
    /** The player site's pages frame it (else nothing may: X-Frame-Options DENY). */
    framedBySite: boolean;
  },
): Promise<void> {
  const { buildDir, prefix } = options;
  if (existsSync(path.join(buildDir, "assets"))) {
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "assets"),
      prefix: `${prefix}/assets/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  const page = async (_request: unknown, reply: FastifyReply) => {
    // Stricter than the site's policy: a Vite build needs no inline script.
    reply.header("content-security-policy", appContentSecurityPolicy(options.framedBySite));
    if (!options.framedBySite) reply.header("x-frame-options", "DENY");
    let html: string;
    try {
      html = await readFile(path.join(buildDir, "index.html"), "utf8");
    } catch {
      return reply.code(404).type("text/plain").send(options.notBuilt);
    }
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
  };
  for (const url of options.pages) app.get(url, { schema: { hide: true } }, page);
}
