// The operator API for currencies (scope payments: rates, symbol, visibility and order;
// operator-currencies.ts), countries (scope players: restrictions, listing, defaults;
// operator-countries.ts) and locales (scope content: languages, their switch and order, the
// default; operator-locales.ts). Off without OPERATOR_API_TOKEN.
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
import {
  CreateOperatorLocaleBody,
  OperatorLocaleList,
  OperatorLocaleParams,
  OperatorLocaleResponse,
  PatchOperatorLocaleBody,
} from "@casino/contract/operator-content";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { operatorApi, operatorErrors, operatorGuard } from "../../lib/operator-api";
import { listOperatorCountries, patchOperatorCountry } from "./operator-countries";
import { listOperatorCurrencies, patchOperatorCurrency } from "./operator-currencies";
import { createOperatorLocale, listOperatorLocales, patchOperatorLocale } from "./operator-locales";

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

  const locales = operatorGuard(ctx, "content");
  api.get(
    "/api/operator/locales",
    {
      ...locales,
      schema: {
        tags,
        summary:
          "Every locale, switched off ones too, with whether the content folder has texts for it",
        response: { 200: OperatorLocaleList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorLocales(ctx) }),
  );

  api.post(
    "/api/operator/locales",
    {
      ...locales,
      schema: {
        tags,
        summary:
          "Add a locale (off until switched on); its players get the default locale's texts until its own are written",
        body: CreateOperatorLocaleBody,
        response: { 201: OperatorLocaleResponse, ...operatorErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOperatorLocale(ctx, request.body) }),
  );

  api.patch(
    "/api/operator/locales/:code",
    {
      ...locales,
      schema: {
        tags,
        summary: "Rename, switch, order a locale or make it the default (the default stays on)",
        params: OperatorLocaleParams,
        body: PatchOperatorLocaleBody,
        response: { 200: OperatorLocaleResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorLocale(ctx, request.params.code, request.body),
    }),
  );
}
