import { timingSafeEqual } from "node:crypto";
import { ErrorBody } from "@casino/contract/errors";
import {
  PendingWithdrawalList,
  WithdrawalReviewBody,
  WithdrawalReviewParams,
  WithdrawalReviewResponse,
} from "@casino/contract/operator";
import type { FastifyInstance, onRequestAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { errorResponses } from "../../lib/http";
import type { PaymentProcessor } from "./processor";
import { approveWithdrawal, listAwaitingWithdrawals, rejectWithdrawal } from "./withdrawal-review";

/**
 * Bearer OPERATOR_API_TOKEN, compared in constant time; the API is off without a token. Other
 * modules' operator routes (notification broadcasts) use it too.
 */
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

const operatorErrors = { 401: ErrorBody, ...errorResponses } as const;

/** The operator API's withdrawal approval (OPERATOR_API_TOKEN, WITHDRAWAL_APPROVAL_ABOVE). */
export async function operatorPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
): Promise<void> {
  const token = ctx.config.operatorApiToken;
  if (!token) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: the token is checked before the body is validated (no 422 to a stranger).
  const onRequest = requireOperator(token);

  api.get(
    "/api/operator/withdrawals",
    {
      onRequest,
      schema: {
        tags: ["operator"],
        summary: "Withdrawals waiting for an operator's approval, oldest first",
        response: { 200: PendingWithdrawalList, ...operatorErrors },
      },
    },
    async () => ({ data: await listAwaitingWithdrawals(ctx) }),
  );

  api.post(
    "/api/operator/withdrawals/:id/approve",
    {
      onRequest,
      schema: {
        tags: ["operator"],
        summary: "Approve a withdrawal: the payout goes to the processor",
        params: WithdrawalReviewParams,
        body: WithdrawalReviewBody,
        response: { 200: WithdrawalReviewResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await approveWithdrawal(ctx, processors, {
        id: request.params.id,
        reviewer: request.body.reviewer,
        log: request.log,
      }),
    }),
  );

  api.post(
    "/api/operator/withdrawals/:id/reject",
    {
      onRequest,
      schema: {
        tags: ["operator"],
        summary: "Reject a withdrawal: the invoice fails and the funds return to the player",
        params: WithdrawalReviewParams,
        body: WithdrawalReviewBody,
        response: { 200: WithdrawalReviewResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await rejectWithdrawal(ctx, { id: request.params.id, reviewer: request.body.reviewer }),
    }),
  );
}
