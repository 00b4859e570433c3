// The operator API's game catalogue routes (bearer OPERATOR_API_TOKEN; off without it): game
// providers, games and collections as data (README "Operator API").

import { ErrorBody } from "@casino/contract/errors";
import { OperatorIdParams } from "@casino/contract/operator";
import {
  CreateOperatorGameBody,
  CreateOperatorGameCollectionBody,
  CreateOperatorGameProviderBody,
  IssuedWalletKeyResponse,
  IssueWalletKeyBody,
  OperatorGameCollectionList,
  OperatorGameCollectionResponse,
  OperatorGameList,
  OperatorGameProviderList,
  OperatorGameProviderResponse,
  OperatorGameQuery,
  OperatorGameResponse,
  OperatorProviderWalletKeysList,
  OperatorWalletKeyList,
  OperatorWalletKeyParams,
  OperatorWalletKeyResponse,
  PatchOperatorGameBody,
  PatchOperatorGameCollectionBody,
  PatchOperatorGameProviderBody,
  PutOperatorCollectionGamesBody,
} from "@casino/contract/operator-games";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { cachePrivate } from "../../lib/http";
import { operatorApi, operatorErrors, operatorGuard } from "../../lib/operator-api";
import type { CatalogueCaches } from "./operator-catalogue";
import {
  createOperatorCollection,
  listOperatorCollections,
  patchOperatorCollection,
  putCollectionGames,
  readOperatorCollection,
} from "./operator-collections";
import {
  createOperatorGame,
  listOperatorGames,
  patchOperatorGame,
  readOperatorGame,
} from "./operator-games";
import {
  issueWalletKey,
  listAllWalletKeys,
  listWalletKeys,
  retireWalletKey,
} from "./operator-provider-keys";
import {
  createOperatorProvider,
  listOperatorProviders,
  patchOperatorProvider,
  readOperatorProvider,
} from "./operator-providers";

export async function operatorGameRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  caches: CatalogueCaches,
): Promise<void> {
  const operator = operatorApi(app, ctx, "games");
  if (!operator) return;
  const { api, guard, tags } = operator;
  // Wallet keys are credentials that move money (a studio's signed wins credit players): only a
  // games key issues one (issue 24: an access-only key could mint them). The keys desk (access)
  // still lists them, names and fingerprints only, and may retire one (stopping calls is safe).
  const keysGuard = operatorGuard(ctx, ["access", "games"]);
  const issueKeyGuard = operatorGuard(ctx, "games");
  // The catalogue's reads also serve the promotions desks (free-spin games, game rules, quest
  // and tournament games): a promotions key reads them, only a games key changes them.
  const readGuard = operatorGuard(ctx, ["games", "promotions"]);
  const created = <T>(result: { data: T; replay: boolean }) => ({
    status: result.replay ? (200 as const) : (201 as const),
    body: { data: result.data },
  });

  api.get(
    "/api/operator/game-providers",
    {
      ...readGuard,
      schema: {
        tags,
        summary: "Every game provider, switched off ones too, with its URLs and game count",
        response: { 200: OperatorGameProviderList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorProviders(ctx) }),
  );

  api.post(
    "/api/operator/game-providers",
    {
      ...guard,
      schema: {
        tags,
        summary:
          "Create a game provider (then issue its wallet key: .../{id}/wallet-keys); 200 on a replay",
        body: CreateOperatorGameProviderBody,
        response: {
          200: OperatorGameProviderResponse,
          201: OperatorGameProviderResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, body } = created(await createOperatorProvider(ctx, caches, request.body));
      return reply.code(status).send(body);
    },
  );

  api.get(
    "/api/operator/game-providers/:id",
    {
      ...readGuard,
      schema: {
        tags,
        summary: "One game provider, switched off too, with its URLs and game count",
        params: OperatorIdParams,
        response: { 200: OperatorGameProviderResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorProvider(ctx, ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/game-providers/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a provider; isEnabled false takes its games out and stops new bets",
        params: OperatorIdParams,
        body: PatchOperatorGameProviderBody,
        response: { 200: OperatorGameProviderResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorProvider(ctx, caches, Number(request.params.id), request.body),
    }),
  );

  api.get(
    "/api/operator/wallet-keys",
    {
      ...keysGuard,
      schema: {
        tags,
        summary:
          "Every game provider (by name) with its wallet keys: GAME_PROVIDER_SECRETS's (if set), then every issued one",
        response: { 200: OperatorProviderWalletKeysList, ...operatorErrors },
      },
    },
    async (_request, reply) => {
      cachePrivate(reply);
      return { data: await listAllWalletKeys(ctx) };
    },
  );

  api.get(
    "/api/operator/game-providers/:id/wallet-keys",
    {
      ...keysGuard,
      schema: {
        tags,
        summary:
          "A provider's wallet keys: GAME_PROVIDER_SECRETS's (if set), then every issued one, retired ones too",
        params: OperatorIdParams,
        response: { 200: OperatorWalletKeyList, ...operatorErrors },
      },
    },
    async (request) => ({ data: await listWalletKeys(ctx, Number(request.params.id)) }),
  );

  api.post(
    "/api/operator/game-providers/:id/wallet-keys",
    {
      ...issueKeyGuard,
      schema: {
        tags,
        summary:
          "Issue a wallet key to hand to the studio (scope games): the answer is the only one with the key (a replay by key repeats it); at most 3 active (409)",
        params: OperatorIdParams,
        body: IssueWalletKeyBody,
        response: {
          200: IssuedWalletKeyResponse,
          201: IssuedWalletKeyResponse,
          409: ErrorBody,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, body } = created(
        await issueWalletKey(ctx, Number(request.params.id), request.body),
      );
      return reply.code(status).send(body);
    },
  );

  api.delete(
    "/api/operator/game-providers/:id/wallet-keys/:keyId",
    {
      ...keysGuard,
      schema: {
        tags,
        summary: "Retire a wallet key: calls signed with it are refused from now on (401)",
        params: OperatorWalletKeyParams,
        response: { 200: OperatorWalletKeyResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await retireWalletKey(ctx, Number(request.params.id), Number(request.params.keyId)),
    }),
  );

  api.get(
    "/api/operator/games",
    {
      ...readGuard,
      schema: {
        tags,
        summary:
          "A page of every game, switched off ones too (filters: provider, collection, search)",
        querystring: OperatorGameQuery,
        response: { 200: OperatorGameList, ...operatorErrors },
      },
    },
    async (request) => listOperatorGames(ctx, request.query),
  );

  api.post(
    "/api/operator/games",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a game of a provider, optionally in collections; 200 on a replay",
        body: CreateOperatorGameBody,
        response: { 200: OperatorGameResponse, 201: OperatorGameResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      const { status, body } = created(await createOperatorGame(ctx, caches, request.body));
      return reply.code(status).send(body);
    },
  );

  api.get(
    "/api/operator/games/:id",
    {
      ...readGuard,
      schema: {
        tags,
        summary: "One game, switched off too",
        params: OperatorIdParams,
        response: { 200: OperatorGameResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorGame(ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/games/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a game; isEnabled false takes it out and stops new bets in it",
        params: OperatorIdParams,
        body: PatchOperatorGameBody,
        response: { 200: OperatorGameResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorGame(ctx, caches, Number(request.params.id), request.body),
    }),
  );

  api.get(
    "/api/operator/game-collections",
    {
      ...readGuard,
      schema: {
        tags,
        summary: "Every game collection, switched off ones too, with its game count",
        response: { 200: OperatorGameCollectionList, ...operatorErrors },
      },
    },
    async () => ({ data: await listOperatorCollections(ctx) }),
  );

  api.post(
    "/api/operator/game-collections",
    {
      ...guard,
      schema: {
        tags,
        summary: "Create a game collection (a category of the site); 200 on a replay",
        body: CreateOperatorGameCollectionBody,
        response: {
          200: OperatorGameCollectionResponse,
          201: OperatorGameCollectionResponse,
          ...operatorErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, body } = created(await createOperatorCollection(ctx, caches, request.body));
      return reply.code(status).send(body);
    },
  );

  api.get(
    "/api/operator/game-collections/:id",
    {
      ...readGuard,
      schema: {
        tags,
        summary: "One game collection, switched off too, with its game count",
        params: OperatorIdParams,
        response: { 200: OperatorGameCollectionResponse, ...operatorErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await readOperatorCollection(ctx.db, request.params.id) };
    },
  );

  api.patch(
    "/api/operator/game-collections/:id",
    {
      ...guard,
      schema: {
        tags,
        summary: "Change a collection's name, order, countries or switch",
        params: OperatorIdParams,
        body: PatchOperatorGameCollectionBody,
        response: { 200: OperatorGameCollectionResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await patchOperatorCollection(ctx, caches, Number(request.params.id), request.body),
    }),
  );

  api.put(
    "/api/operator/game-collections/:id/games",
    {
      ...guard,
      schema: {
        tags,
        summary: "Set a collection's games, in order (games left out leave it)",
        params: OperatorIdParams,
        body: PutOperatorCollectionGamesBody,
        response: { 200: OperatorGameCollectionResponse, ...operatorErrors },
      },
    },
    async (request) => ({
      data: await putCollectionGames(ctx, caches, Number(request.params.id), request.body),
    }),
  );
}
