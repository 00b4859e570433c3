import type { FastifyInstance } from "fastify";

// A site run on this machine (PUBLIC_URL on a loopback name, as `npm start`'s default
// http://127.0.0.1:3000) answers on every loopback name of the port, but its absolute URLs, the
// sandboxes' framed pages and its cookies belong to PUBLIC_URL's name: at http://localhost:3000
// the sandbox games would be blocked in their frame (frame-src and frame-ancestors 'self' across
// two origins). A browser's page navigation to another loopback name of the same port is sent to
// PUBLIC_URL's. Nothing else is: API calls, webhooks and a site with a public name answer as
// they are.

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function hostAndPort(value: string): { host: string; port: string } | null {
  try {
    const url = new URL(`http://${value}`);
    return { host: url.hostname.toLowerCase(), port: url.port || "80" };
  } catch {
    return null;
  }
}

/** Where a navigation to `hostHeader` + `path` should go instead; null to answer it as it is. */
export function loopbackAliasTarget(
  publicUrl: string,
  hostHeader: string | undefined,
  path: string,
): string | null {
  const site = new URL(publicUrl);
  const siteHost = site.hostname.toLowerCase();
  if (!LOOPBACK.test(siteHost) || !hostHeader) return null;
  const asked = hostAndPort(hostHeader);
  const sitePort = site.port || (site.protocol === "https:" ? "443" : "80");
  if (!asked || !LOOPBACK.test(asked.host) || asked.host === siteHost) return null;
  if (asked.port !== sitePort) return null;
  return `${site.origin}${path.startsWith("/") ? path : `/${path}`}`;
}

export function registerLoopbackAliasRedirect(app: FastifyInstance, publicUrl: string): void {
  if (!LOOPBACK.test(new URL(publicUrl).hostname)) return;
  app.addHook("onRequest", (request, reply, done) => {
    const navigation =
      (request.method === "GET" || request.method === "HEAD") &&
      request.headers["sec-fetch-mode"] === "navigate";
    const target = navigation
      ? loopbackAliasTarget(publicUrl, request.headers.host, request.url)
      : null;
    if (target) {
      reply.redirect(target, 302);
      return;
    }
    done();
  });
}
