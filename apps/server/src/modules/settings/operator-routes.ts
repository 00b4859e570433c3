// The operator API for currencies (scope payments: add one, rates, symbol, sub-units,
// visibility, order and switch; operator-currencies.ts), countries (scope players: restrictions,
// listing, defaults; operator-countries.ts) and locales (scope content: languages, their switch
// and order, the default; operator-locales.ts). Their reads are reference data every desk's
// pickers need, so any operator key may read them; the writes need the scope. Off without
// OPERATOR_API_TOKEN.
import {
  CreateOperatorCurrencyBody,
  OperatorCountryList,
  OperatorCountryParams,
  OperatorCountryResponse,
  OperatorCurrencyList,
  OperatorCurrencyParams,
  OperatorCurrencyResponse,
  PatchOperatorCountryBody,
  PatchOperatorCurrencyBody,
} from "@casino/contract/operator";
import { OPERATOR_SCOPES } from "@casino/contract/operator-access";
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
import {
  listOperatorCountries,
  patchOperatorCountry,
  readOperatorCountry,
} from "./operator-countries";
import {
  createOperatorCurrency,
  listOperatorCurrencies,
  patchOperatorCurrency,
  readOperatorCurrency,
} from "./operator-currencies";
import { createOperatorLocale, listOperatorLocales, patchOperatorLocale } from "./operator-locales";

export async function operatorCurrencyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const operator = operatorApi(app, ctx, "payments");
  if (!operator) return;
  const { api, guard, tags } = operator;
  // Any scope at all: a key without one (a sign-in still setting up its second factor) reads
  // only its own /me.
  const anyKey = operatorGuard(ctx, OPERATOR_SCOPES);

  api.get(
    "/api/operator/currencies",
    {
      ...anyKey,
      schema: {
        tags,
        summary:
          "Every currency with its rate to the base currency, switches, sub-units and order (any key)",
        response: { 200: OperatorCurrencyList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCurrencies(ctx) }),
  );

  api.get(
    "/api/operator/currencies/:code",
    {
      ...anyKey,
      schema: {
        tags,
        summary: "One currency (any key)",
        params: OperatorCurrencyParams,
        response: { 200: OperatorCurrencyResponse, ...operatorErrors },
      },
    },
    async (request) => ({ data: await readOperatorCurrency(ctx.db, request.params.code) }),
  );

  api.post(
    "/api/operator/currencies",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Add a currency, switched off until switched on; its code and minor units are fixed",
        body: CreateOperatorCurrencyBody,
        response: { 201: OperatorCurrencyResponse, ...operatorErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createOperatorCurrency(ctx, request.body) }),
  );

  api.patch(
    "/api/operator/currencies/:code",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Change a currency's rate, symbol, sub-units, visibility, order or switch; a rate applies to the next conversion; off stops new accounts and deposits, not withdrawals",
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
      ...anyKey,
      schema: {
        tags,
        summary:
          "Every country with its restriction, listing and default locale and currency (any key)",
        response: { 200: OperatorCountryList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCountries(ctx) }),
  );

  api.get(
    "/api/operator/countries/:code",
    {
      ...anyKey,
      schema: {
        tags,
        summary: "One country (any key)",
        params: OperatorCountryParams,
        response: { 200: OperatorCountryResponse, ...operatorErrors },
      },
    },
    async (request) => ({ data: await readOperatorCountry(ctx.db, request.params.code) }),
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
      ...anyKey,
      schema: {
        tags,
        summary:
          "Every locale, switched off ones too, with whether the content folder has texts for it (any key)",
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
