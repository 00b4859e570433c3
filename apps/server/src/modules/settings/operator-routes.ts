// The operator API for currencies (scope payments: rates, symbol, visibility and order;
// operator-currencies.ts) and countries (scope players: restrictions, listing, defaults;
// operator-countries.ts). Off without OPERATOR_API_TOKEN.
import {
  OperatorCountryList,
  OperatorCountryParams,
  OperatorCountryResponse,
  OperatorCurrencyList,
  OperatorCurrencyParams,
  OperatorCurrencyResponse,
  PatchOperatorCountryBody,
  PatchOperatorCurrencyBody,
} from "@casino/contract/operator";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors, operatorGuard } from "../../lib/operator-api";
import { listOperatorCountries, patchOperatorCountry } from "./operator-countries";
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

  const countries = operatorGuard(ctx, "players");
  api.get(
    "/api/operator/countries",
    {
      ...countries,
      schema: {
        tags,
        summary: "Every country with its restriction, listing and default locale and currency",
        response: { 200: OperatorCountryList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCountries(ctx) }),
  );

  api.patch(
    "/api/operator/countries/:code",
    {
      ...countries,
      schema: {
        tags,
        summary:
          "Restrict a country (1: geo-restricted layout; 2: no sign-in or sign-up) or change its listing and defaults",
        params: OperatorCountryParams,
        body: PatchOperatorCountryBody,
        response: { 200: OperatorCountryResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorCountry(ctx, request.params.code, request.body),
    }),
  );
}
