// The HTTP methods the site answers. Anything else (TRACE, PROPFIND, PURGE, ...) is a 405 with
// the shared error body and an Allow header at once: the page catch-all would hand it to React
// Router, which cannot build a request of it and left the connection hanging. A method the HTTP
// parser does not know at all, and a CONNECT, are answered 405 on the socket; other malformed
// requests 400, 408 or 431, all in the shared error body.
import type { Socket } from "node:net";
import { ErrorCode } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import { errorBody } from "./errors";

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(", ");
const NOT_ALLOWED = "This method is not allowed here";

/** 405 for every method outside ALLOWED_METHODS, before any route (or page) sees it. */
export function registerMethodGuard(app: FastifyInstance): void {
  // A callback hook: no promise per request on the hot paths (as the NUL check in errors.ts).
  app.addHook("onRequest", (request, reply, done) => {
    if (ALLOWED.has(request.method)) {
      done();
      return;
    }
    reply
      .code(405)
      .header("allow", ALLOW_HEADER)
      .send(errorBody(ErrorCode.MethodNotAllowed, NOT_ALLOWED));
  });
  // CONNECT never reaches the router: Node hands it to "connect" listeners (none: it closes).
  app.server.on("connect", (_request: unknown, socket: Socket) => {
    writeRaw(socket, 405, "Method Not Allowed", NOT_ALLOWED, { allow: ALLOW_HEADER });
  });
}

/**
 * Fastify's clientErrorHandler: requests the HTTP parser refused, answered in the shared body
 * (an unknown method is a 405).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (error.code === "HPE_INVALID_METHOD") {
    writeRaw(socket, 405, "Method Not Allowed", NOT_ALLOWED, { allow: ALLOW_HEADER });
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    writeRaw(socket, 408, "Request Timeout", "The request took too long");
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    writeRaw(socket, 431, "Request Header Fields Too Large", "The request headers are too large");
  } else {
    writeRaw(socket, 400, "Bad Request", "The request is not valid HTTP");
  }
}

function writeRaw(
  socket: Socket,
  status: number,
  reason: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(status, message));
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}
