import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";

// React Router's default server entry (node), with one change: `progressiveChunkSize`.
export const streamTimeout = 5_000;

/**
 * React outlines a Suspense boundary whose content is ready but comes after more than
 * `progressiveChunkSize` bytes (12,800 by default) of HTML: it sends the fallback first and the
 * content at the end of the document, revealed by a script after the first paint. On the home
 * page that is the lazy game lobby (search, rails, winners): it appeared a moment after the
 * rest and pushed everything below it down (a layout shift of about 0.17 on a phone). The page
 * preloader covers the first paint anyway (spec: dismissed once the page has loaded), so an
 * early partial paint gains nothing: boundaries that are ready stay in place. Boundaries still
 * waiting for data when the shell is sent are streamed as before.
 */
const PROGRESSIVE_CHUNK_SIZE = Number.POSITIVE_INFINITY;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The page's script nonce (the server's Content-Security-Policy allows no other inline script):
  // React Router's hydration context, bootstrap and streamed data, and React's own streaming
  // scripts carry it; root.tsx hands it to <Scripts> through NonceContext.
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : undefined;
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected
    // boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        progressiveChunkSize: PROGRESSIVE_CHUNK_SIZE,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors inside the shell are logged by handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
