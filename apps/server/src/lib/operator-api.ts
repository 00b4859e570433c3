// The operator API's guard and common route options (OPERATOR_API_TOKEN; the API is off without
// it). Every /api/operator/... route checks the bearer token on request, before its body is
// parsed or validated, so a caller without the token learns nothing of the contract.
import { timingSafeEqual } from "node:crypto";
import { ErrorBody } from "@casino/contract/errors";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { AppError } from "../infra/errors";
import { errorResponses } from "./http";

/** Bearer OPERATOR_API_TOKEN, compared in constant time. */
export function requireOperator(token: string): onRequestAsyncHookHandler {
  const expected = Buffer.from(token);
  return async (request) => {
    const header = request.headers.authorization ?? "";
    const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw AppError.unauthorized();
    }
  };
}

/** The error answers of an operator route: 401 besides the usual ones. */
export const operatorErrors = { 401: ErrorBody, ...errorResponses } as const;

/** What an operator route needs (typed api, guard, tag), or null when the API is off. */
export function operatorApi(app: FastifyInstance, ctx: AppContext) {
  const token = ctx.config.operatorApiToken;
  if (!token) return null;
  return {
    api: app.withTypeProvider<ZodTypeProvider>(),
    onRequest: requireOperator(token),
    tags: ["operator"],
  };
}
