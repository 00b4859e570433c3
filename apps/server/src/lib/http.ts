import { ErrorBody } from "@casino/contract/errors";
import type { FastifyReply } from "fastify";

/** Error answers every API route may give, for the OpenAPI document and the serializer. */
export const errorResponses = {
  400: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  500: ErrorBody,
} as const;

/** Public, shared data an operator changes rarely: caches may keep it briefly. */
export function cachePublic(reply: FastifyReply, seconds: number): void {
  reply.header("cache-control", `public, max-age=${seconds}, stale-while-revalidate=${seconds}`);
}

/** Per-visitor data (depends on the request country, later on the session). */
export function cachePrivate(reply: FastifyReply, seconds = 0): void {
  reply.header("cache-control", seconds > 0 ? `private, max-age=${seconds}` : "no-store");
}
