import {
  ConstantsResponse,
  CountryList,
  CurrenciesQuery,
  CurrencyList,
  LocaleList,
} from "@casino/contract/settings";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePublic, errorResponses } from "../../lib/http";
import { readFlag } from "./flags";
import { getConstants } from "./get-constants";
import { listCountries } from "./list-countries";
import { listCurrencies } from "./list-currencies";
import { listLocales } from "./list-locales";
import { operatorCurrencyRoutes } from "./operator-routes";
import { settingsRepository } from "./repository";

/** Settings change by an operator's hand, so a few minutes of caching is harmless. */
const SETTINGS_MAX_AGE = 300;
const NoQuery = z.strictObject({});

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = settingsRepository(ctx.db);
  const tags = ["settings"];
  await operatorCurrencyRoutes(app, ctx);

  api.get(
    "/api/settings/currencies",
    {
      schema: {
        tags,
        summary: "Currencies, with visible=1 only the visible ones (API-01)",
        querystring: CurrenciesQuery.strict(),
        response: { 200: CurrencyList, ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePublic(reply, SETTINGS_MAX_AGE);
      return { data: await listCurrencies(repo, request.query) };
    },
  );

  // CN-07: flag images by lowercase country code (an uppercase or unknown code is not found).
  api.get(
    "/images/flags/:file",
    {
      schema: {
        tags,
        summary: "The flag image of a country, by lowercase code: /images/flags/{code}.svg",
        params: z.object({ file: z.string() }),
      },
    },
    async (request, reply) => {
      const svg = await readFlag(request.params.file);
      if (!svg) throw AppError.notFound();
      cachePublic(reply, 86_400);
      return reply.type("image/svg+xml").send(svg);
    },
  );

  api.get(
    "/api/settings/locales",
    {
      schema: {
        tags,
        summary: "Locales; one is the default (API-02)",
        querystring: NoQuery,
        response: { 200: LocaleList, ...errorResponses },
      },
    },
    async (_request, reply) => {
      cachePublic(reply, SETTINGS_MAX_AGE);
      return { data: await listLocales(repo) };
    },
  );

  api.get(
    "/api/settings/countries",
    {
      schema: {
        tags,
        summary: "Countries offered to players, without those of spec section 9 (API-03, CN-01)",
        querystring: NoQuery,
        response: { 200: CountryList, ...errorResponses },
      },
    },
    async (_request, reply) => {
      cachePublic(reply, SETTINGS_MAX_AGE);
      return { data: await listCountries(repo) };
    },
  );

  api.get(
    "/api/settings/constants",
    {
      schema: {
        tags,
        summary: "Global constants and their enumeration values (API-04)",
        querystring: NoQuery,
        response: { 200: ConstantsResponse, ...errorResponses },
      },
    },
    async (_request, reply) => {
      cachePublic(reply, SETTINGS_MAX_AGE);
      return { data: await getConstants(repo) };
    },
  );
}
