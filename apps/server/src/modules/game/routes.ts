import { ErrorBody } from "@casino/contract/errors";
import {
  GameBetsQuery,
  GameCollectionList,
  GameDetailResponse,
  GameLaunchResponse,
  GameList,
  GameListPlain,
  GameListQuery,
  GameParams,
  GameProviderList,
  GameProviderParams,
  GameProviderResponse,
  GameRoundList,
  GameWinnerList,
  PlayGameBody,
} from "@casino/contract/game";
import { PageQuery } from "@casino/contract/pagination";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, cachePublic, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { sandboxGameRoutes } from "../sandbox/game-studio";
import { closeStaleRounds } from "./close-stale-rounds";
import { addFavorite, listPlayerGames, removeFavorite } from "./favorites";
import { getGame } from "./get-game";
import { getProvider } from "./get-provider";
import { collectionsLister } from "./list-collections";
import { cachedGameLister, ttlCountCache } from "./list-games";
import { listProviders } from "./list-providers";
import { listRounds } from "./list-rounds";
import { winnersLister } from "./list-winners";
import { operatorGameRoutes } from "./operator-routes";
import { playGame } from "./play-game";
import { providerWalletRoutes } from "./provider-routes";
import { gameCatalogueRepository } from "./repository";
import { seedGameCatalogue } from "./seed-games";

const NoQuery = z.strictObject({});
const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

export async function gameRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  await seedGameCatalogue(ctx.db);
  ctx.jobs.add({
    name: "game-round-timeout",
    everyMs: 10 * 60_000,
    run: () => closeStaleRounds(ctx),
  });
  const cacheMs = ctx.config.nodeEnv === "test" ? 0 : 30_000;
  const counts = ttlCountCache(cacheMs);
  const repo = gameCatalogueRepository(ctx.db, counts);
  const collections = collectionsLister(repo, cacheMs);
  // Pages of games for 10 s per query and country (public data; 0 in tests).
  const gamePages = cachedGameLister(repo, collections, Math.min(cacheMs, 10_000));
  // The operator's catalogue writes clear this process's caches at once.
  await operatorGameRoutes(app, ctx, {
    clear: () => {
      counts.clear();
      collections.clear();
      gamePages.clear();
    },
  });
  const winners = winnersLister(ctx.db, repo);
  const tags = ["game"];
  const preHandler = requirePlayer(ctx);
  /** Signed in when a bearer token is sent (checked like requirePlayer), a guest otherwise. */
  const optionalPlayer: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await preHandler.call(this, request, reply);
  };

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
      return { data: await collections(await ctx.resolveCountry(request)) };
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

  api.get(
    "/api/game/games",
    {
      schema: {
        tags,
        summary:
          "Games the request country may see: collection, provider, search, device filters; sort popular | newest | title; pages (GM-02)",
        querystring: GameListQuery,
        response: { 200: GameList, ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePrivate(reply, 30);
      return gamePages(request.query, await ctx.resolveCountry(request));
    },
  );

  for (const kind of ["favorites", "played"] as const) {
    api.get(
      `/api/game/games/${kind}`,
      {
        preHandler,
        schema: {
          tags,
          summary:
            kind === "favorites"
              ? "The player's favorite games, newest first (GM-05)"
              : "The games the player launched lately, latest first (GM-07)",
          querystring: NoQuery,
          response: { 200: GameListPlain, ...authErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const country = await ctx.resolveCountry(request);
        return { data: await listPlayerGames(repo, kind, playerOf(request).profileId, country) };
      },
    );
  }

  api.get(
    "/api/game/games/:id",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary: "One game by id or slug (GM-03); 403/15020 when restricted in the request country",
        params: GameParams,
        querystring: NoQuery,
        response: { 200: GameDetailResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const country = await ctx.resolveCountry(request);
      return {
        data: await getGame(repo, request.params.id, country, request.player?.profileId ?? null),
      };
    },
  );

  api.post(
    "/api/game/games/:id/play",
    {
      preHandler: optionalPlayer,
      schema: {
        tags,
        summary:
          "Launch a game (GM-04): a URL with a one-time game session token; real money needs a session, guests get the demo",
        params: GameParams,
        body: PlayGameBody,
        response: { 200: GameLaunchResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const launch = await playGame(ctx, repo, {
        gameId: request.params.id,
        body: request.body ?? { mode: "real" },
        country: await ctx.resolveCountry(request),
        player: request.player,
      });
      return { data: launch };
    },
  );

  api.post(
    "/api/game/games/:id/favorite",
    {
      preHandler,
      schema: {
        tags,
        summary: "Favorite a game (GM-06)",
        params: GameParams,
        response: { 200: z.object({ data: z.object({ isFavorite: z.boolean() }) }), ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      await addFavorite(ctx, repo, playerOf(request).profileId, request.params.id);
      return { data: { isFavorite: true } };
    },
  );

  api.delete(
    "/api/game/games/:id/favorite",
    {
      preHandler,
      schema: {
        tags,
        summary: "Unfavorite a game (GM-06)",
        params: GameParams,
        response: { 200: z.object({ data: z.object({ isFavorite: z.boolean() }) }), ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      await removeFavorite(repo, playerOf(request).profileId, request.params.id);
      return { data: { isFavorite: false } };
    },
  );

  api.get(
    "/api/game/spins",
    {
      preHandler,
      schema: {
        tags,
        summary: "The player's game rounds, newest first (GM-09)",
        querystring: PageQuery,
        response: { 200: GameRoundList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listRounds(ctx.db, repo, {
        playerId: playerOf(request).profileId,
        page: request.query.page,
        perPage: request.query.perPage,
        settled: null,
      });
    },
  );

  api.get(
    "/api/game/bets",
    {
      preHandler,
      schema: {
        tags,
        summary: "The player's bets with their status, optionally only settled or open (GM-09)",
        querystring: GameBetsQuery,
        response: { 200: GameRoundList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { isSettled } = request.query;
      return listRounds(ctx.db, repo, {
        playerId: playerOf(request).profileId,
        page: request.query.page,
        perPage: request.query.perPage,
        settled: isSettled === undefined ? null : isSettled === "1" || isSettled === "true",
      });
    },
  );

  api.get(
    "/api/game/spins/winners",
    {
      schema: {
        tags,
        summary: "The latest wins, names masked (GM-10)",
        querystring: NoQuery,
        response: { 200: GameWinnerList, ...errorResponses },
      },
    },
    async (_request, reply) => {
      cachePublic(reply, 5);
      return { data: (await winners()) as z.infer<typeof GameWinnerList>["data"] };
    },
  );

  await providerWalletRoutes(app, ctx);
  // The game client of the seeded outside studios (SANDBOX_GAMES).
  if (ctx.config.sandboxGames) await sandboxGameRoutes(app, ctx);
}
