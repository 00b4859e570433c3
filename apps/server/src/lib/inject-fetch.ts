import type { FastifyInstance } from "fastify";

/**
 * A fetch that answers from this Fastify app in-process (`app.inject`), for calls the server
 * makes to its own sandbox providers: no network hop, and it works whether or not the public
 * URL is reachable from inside the server (tests, containers behind a proxy).
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as "GET",
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(key, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };
}
