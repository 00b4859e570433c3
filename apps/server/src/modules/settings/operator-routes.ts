// The operator API for currencies (OPERATOR_API_TOKEN; off without it): rates, symbol,
// visibility and order (operator-currencies.ts).
import {
  OperatorCurrencyList,
  OperatorCurrencyParams,
  OperatorCurrencyResponse,
  PatchOperatorCurrencyBody,
} from "@casino/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors } from "../../lib/operator-api";
import { listOperatorCurrencies, patchOperatorCurrency } from "./operator-currencies";

export async function operatorCurrencyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "payments");
  if (!operator) return;
  const { api, guard, tags } = operator;

  api.get(
    "/api/operator/currencies",
    {
      ...guard,
      schema: {
        tags,
        summary: "Every currency with its rate to the base currency, switches and order",
        response: { 200: OperatorCurrencyList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCurrencies(ctx) }),
  );

  api.patch(
    "/api/operator/currencies/:code",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Change a currency's rate, symbol, visibility or order; applies to the next conversion",
        params: OperatorCurrencyParams,
        body: PatchOperatorCurrencyBody,
        response: { 200: OperatorCurrencyResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorCurrency(ctx, request.params.code, request.body),
    }),
  );
}
