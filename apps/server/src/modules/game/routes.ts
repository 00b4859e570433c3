import {
  GameCollectionList,
  GameProviderList,
  GameProviderParams,
  GameProviderResponse,
} from "@casino/contract/game";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, cachePublic, errorResponses } from "../../lib/http";
import { getProvider } from "./get-provider";
import { listCollections } from "./list-collections";
import { listProviders } from "./list-providers";
import { gameCatalogueRepository } from "./repository";

const NoQuery = z.strictObject({});

export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repo = gameCatalogueRepository(ctx.db);
  const tags = ["game"];

  api.get(
    "/api/game/collections",
    {
      schema: {
        tags,
        summary: "Game collections the request country may see, by position (API-59, GEO-05)",
        querystring: NoQuery,
        response: { 200: GameCollectionList, ...errorResponses },
      },
    },
    async (request, reply) => {
      // The answer depends on the visitor's country.
      cachePrivate(reply, 60);
      return { data: await listCollections(repo, await ctx.resolveCountry(request)) };
    },
  );

  api.get(
    "/api/game/providers",
    {
      schema: {
        tags,
        summary: "Game providers",
        querystring: NoQuery,
        response: { 200: GameProviderList, ...errorResponses },
      },
    },
    async (_request, reply) => {
      cachePublic(reply, 300);
      return { data: await listProviders(repo) };
    },
  );

  api.get(
    "/api/game/providers/:id",
    {
      schema: {
        tags,
        summary: "One game provider by id or slug",
        params: GameProviderParams,
        querystring: NoQuery,
        response: { 200: GameProviderResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = await getProvider(repo, request.params.id);
      cachePublic(reply, 300);
      return { data: provider };
    },
  );
}
