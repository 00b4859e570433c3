import {
  OperatorMethodCurrencyParams,
  OperatorMethodParams,
  OperatorPaymentMethodList,
  OperatorPaymentMethodResponse,
  PatchOperatorPaymentMethodBody,
  PendingWithdrawalList,
  PutOperatorMethodCurrencyBody,
  WithdrawalReviewBody,
  WithdrawalReviewParams,
  WithdrawalReviewResponse,
} from "@casino/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors, reviewerOf } from "../../lib/operator-api";
import {
  deleteOperatorMethodCurrency,
  listOperatorMethods,
  patchOperatorMethod,
  putOperatorMethodCurrency,
  readOperatorMethod,
} from "./operator-methods";
import type { PaymentProcessor } from "./processor";
import { approveWithdrawal, listAwaitingWithdrawals, rejectWithdrawal } from "./withdrawal-review";

/**
 * The operator API of payments (OPERATOR_API_TOKEN): withdrawal approval
 * (WITHDRAWAL_APPROVAL_ABOVE) and the payment methods as data.
 */
export async function operatorPaymentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  processors: ReadonlyMap<string, PaymentProcessor>,
): Promise<void> {
  const operator = operatorApi(app, ctx, "payments");
  if (!operator) return;
  const { api, guard } = operator;

  api.get(
    "/api/operator/withdrawals",
    {
      ...guard,
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
      ...guard,
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
        reviewer: reviewerOf(),
        log: request.log,
      }),
    }),
  );

  api.post(
    "/api/operator/withdrawals/:id/reject",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary: "Reject a withdrawal: the invoice fails and the funds return to the player",
        params: WithdrawalReviewParams,
        body: WithdrawalReviewBody,
        response: { 200: WithdrawalReviewResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await rejectWithdrawal(ctx, {
        id: request.params.id,
        reviewer: reviewerOf(),
      }),
    }),
  );

  api.get(
    "/api/operator/payment-methods",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary: "Every payment method with its countries, switch, currencies' limits and fields",
        response: { 200: OperatorPaymentMethodList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorMethods(ctx) }),
  );

  api.get(
    "/api/operator/payment-methods/:id",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary: "One payment method",
        params: OperatorMethodParams,
        response: { 200: OperatorPaymentMethodResponse, ...operatorErrors },
      },
    },
    async (request) => ({ data: await readOperatorMethod(ctx.db, request.params.id) }),
  );

  api.patch(
    "/api/operator/payment-methods/:id",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary:
          "Change a method's title, logo, countries, order or switch; applies to new invoices",
        params: OperatorMethodParams,
        body: PatchOperatorPaymentMethodBody,
        response: { 200: OperatorPaymentMethodResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorMethod(ctx, request.params.id, request.body),
    }),
  );

  api.put(
    "/api/operator/payment-methods/:id/currencies/:currency",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary:
          "Set the limits and presets of a currency of the method; adds the currency when the method's processor takes it",
        params: OperatorMethodCurrencyParams,
        body: PutOperatorMethodCurrencyBody,
        response: { 200: OperatorPaymentMethodResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await putOperatorMethodCurrency(
        ctx,
        processors,
        request.params.id,
        request.params.currency,
        request.body,
      ),
    }),
  );

  api.delete(
    "/api/operator/payment-methods/:id/currencies/:currency",
    {
      ...guard,
      schema: {
        tags: ["operator"],
        summary: "Stop taking a currency with the method; invoices already made in it go on",
        params: OperatorMethodCurrencyParams,
        response: { 200: OperatorPaymentMethodResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await deleteOperatorMethodCurrency(ctx, request.params.id, request.params.currency),
    }),
  );
}
