import { type ErrorBody, ErrorCode } from "@casino/contract/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The error a use case throws: the HTTP status, the numeric code the client matches on (BE-02),
 * a human message and, for 422, messages per field (dot paths).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: number,
    message: string,
    public readonly fields?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on a 429. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  static notFound(message = "Not Found", code: number = ErrorCode.NotFound): AppError {
    return new AppError(404, code, message);
  }

  static unprocessable(fields: Record<string, string[]>, message = "Invalid input"): AppError {
    return new AppError(422, ErrorCode.UnprocessableEntity, message, fields);
  }

  static unauthorized(message = "Unauthorized"): AppError {
    return new AppError(401, ErrorCode.Unauthorized, message);
  }

  /** 429 with Retry-After (whole seconds, at least 1). */
  static tooManyRequests(
    retryAfterSeconds: number,
    code: number = ErrorCode.TooManyRequests,
    message = "Too Many Requests",
  ): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, code, message, undefined, { "retry-after": String(seconds) });
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.fields);
  }
}

export function errorBody(
  code: number,
  message: string,
  fields?: Record<string, string[]>,
): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** "/user/emails/0" → "user.emails.0"; a root-level problem is named after the part of the request. */
function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const fromPath = (issue.instancePath ?? "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");
  if (fromPath !== "") return fromPath;
  const missing = issue.params?.missingProperty;
  if (typeof missing === "string") return missing;
  return context ?? "request";
}

export function validationFields(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const add = (name: string, message: string) => {
    const list = fields[name] ?? [];
    list.push(message);
    fields[name] = list;
  };
  for (const issue of issues) {
    const name = fieldName(issue, context);
    const unknownKeys = issue.params?.keys;
    // Zod reports unknown keys on the parent object; name each key so the client can show it.
    if (Array.isArray(unknownKeys) && unknownKeys.length > 0) {
      const prefix = issue.instancePath && issue.instancePath !== "/" ? `${name}.` : "";
      for (const key of unknownKeys) add(`${prefix}${String(key)}`, "Unknown field");
      continue;
    }
    add(name, issue.message ?? "Invalid value");
  }
  return fields;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  // The same body for every route (BE-02), also where a route declares no error schema.
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/**
 * One error body for everything: validation → 422 with fields, other client mistakes (bad JSON,
 * content type, size) → their 4xx, use-case errors → their own status and code, and anything
 * unexpected → a logged 500 that says nothing about internals.
 */
/**
 * Where a NUL character sits in a request part ("" for the part itself, else a field path like
 * "tasks.0.name"), or null when there is none: PostgreSQL text cannot hold one, so such a string
 * is bad input wherever it is sent, never a database error.
 */
export function nulPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  // Raw bodies (signed webhooks, uploads) are bytes, checked by their own parsers.
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, path === "" ? key : `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // A callback hook (no promise per request: it runs on every call, the provider wallet's too).
  app.addHook("preValidation", (request, _reply, done) => {
    for (const [part, value] of [
      ["body", request.body],
      ["query", request.query],
      ["params", request.params],
    ] as const) {
      const at = nulPath(value);
      if (at !== null) {
        done(
          AppError.unprocessable({ [at === "" ? part : at]: ["Must not contain a NUL character"] }),
        );
        return;
      }
    }
    done();
  });
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.status, error.toBody());
    }

    if (Array.isArray(error.validation)) {
      const fields = validationFields(error.validation, error.validationContext);
      return sendError(
        reply,
        422,
        errorBody(ErrorCode.UnprocessableEntity, "The given data was invalid.", fields),
      );
    }

    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const message =
        status === 400 || status === 413 || status === 415
          ? error.message
          : (STATUS_MESSAGES[status] ?? error.message);
      if (status === 429) {
        return sendError(reply, 429, errorBody(ErrorCode.TooManyRequests, error.message));
      }
      return sendError(reply, status, errorBody(status, message));
    }

    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, 500, errorBody(ErrorCode.Internal, "Internal Server Error"));
  });
}

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendError(reply, 404, errorBody(ErrorCode.NotFound, "Not Found"));
}
