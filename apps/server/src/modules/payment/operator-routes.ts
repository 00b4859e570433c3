import {
  PendingWithdrawalList,
  WithdrawalReviewBody,
  WithdrawalReviewParams,
  WithdrawalReviewResponse,
} from "@casino/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import type { PaymentProcessor } from "./processor";
import { approveWithdrawal, listAwaitingWithdrawals, rejectWithdrawal } from "./withdrawal-review";

/** The operator API's withdrawal approval (OPERATOR_API_TOKEN, WITHDRAWAL_APPROVAL_ABOVE). */
export async function operatorPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
): Promise<void> {
  const operator = operatorApi(app, ctx);
  if (!operator) return;
  const { api, onRequest } = operator;

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
