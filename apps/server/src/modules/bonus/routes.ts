// Bonus routes (packages/contract/src/bonus.ts; BE-29..BE-31) and the module's wiring: the
// demo seed, the domain-event consumers (deposits issue bonuses, settled bets move wagering)
// and the expiry job.
import {
  AddBonusCodeBody,
  BonusCodeListQuery,
  BonusStatusList,
  BonusStatusQuery,
  CashbackQuery,
  CashbackResponse,
  DeleteBonusCodeBody,
  DepositBonusList,
  DepositBonusQuery,
  PlayerBonusCodeList,
  PlayerBonusCodeResponse,
  PlayerBonusList,
  PlayerBonusParams,
  PlayerBonusQuery,
  PlayerBonusResponse,
  PlayerFreespinList,
  PlayerFreespinResponse,
} from "@casino/contract/bonus";
import { ErrorBody } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate, errorResponses } from "../../lib/http";
import { injectFetch } from "../../lib/inject-fetch";
import { createOutboundFetch, outboundPolicy } from "../../lib/outbound-url";
import { walletProviders } from "../game/provider-keys";
import { playerOf, requirePlayer } from "../player/authenticate";
import { addBonusCode, deleteBonusCode, listBonusCodes } from "./bonus-codes";
import { getCashback, payCashback } from "./cashback";
import { bonusStatuses, listAvailableDepositBonuses, onDepositSucceeded } from "./deposit-bonuses";
import { expireBonuses } from "./expire-bonuses";
import { providerFreeSpins, setFreeSpinsProvider } from "./free-spins";
import { operatorBonusRoutes } from "./operator-routes";
import {
  changePlayerBonus,
  changePlayerFreespin,
  listPlayerBonuses,
  listPlayerFreespins,
} from "./player-bonuses";
import { seedBonuses } from "./seed-bonuses";
import { onBetEvent, onBetEvents } from "./wagering";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const changeErrors = { ...authErrors, 404: ErrorBody, 409: ErrorBody } as const;

export async function bonusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedBonuses(ctx.db);
  ctx.domainEvents.subscribe("bonus-deposits", ["payment.deposit.succeeded"], (tx, event) =>
    onDepositSucceeded(tx, ctx, event),
  );
  ctx.domainEvents.subscribe(
    "bonus-wagering",
    ["game.bet.settled", "game.bet.refunded"],
    (tx, event) => onBetEvent(tx, ctx, event),
    { handleBatch: (tx, events) => onBetEvents(tx, ctx, events) },
  );
  setFreeSpinsProvider(
    ctx,
    providerFreeSpins({
      inProcess: injectFetch(app),
      // Checked URLs only (lib/outbound-url.ts): https in production, public addresses, no
      // redirects; the site's own URLs go in-process.
      fetch: createOutboundFetch(outboundPolicy(ctx.config)),
      publicUrl: ctx.config.publicUrl,
      keys: (slug) => walletProviders(ctx).find(slug),
      now: ctx.now,
    }),
  );
  ctx.jobs.add({ name: "bonus-expiry", everyMs: 60_000, run: () => expireBonuses(ctx) });
  ctx.jobs.add({ name: "cashback-payout", everyMs: 10 * 60_000, run: () => payCashback(ctx) });

  // The operator's bonuses, game rules and bonus codes (OPERATOR_API_TOKEN).
  await operatorBonusRoutes(app, ctx);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  api.get(
    "/api/game/bonuses",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "Deposit bonuses the player may get with the next deposit (API-57, BE-29)",
        querystring: DepositBonusQuery,
        response: { 200: DepositBonusList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await listAvailableDepositBonuses(ctx, profileId, request.query.currency) };
    },
  );

  api.get(
    "/api/game/bonuses/status",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "Whether bonuses are available to the player (API-58)",
        querystring: BonusStatusQuery,
        response: { 200: BonusStatusList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const raw = request.query.bonusIds;
      const parts = (Array.isArray(raw) ? raw : raw.split(",")).map((part) => part.trim());
      if (
        parts.length === 0 ||
        parts.length > 50 ||
        parts.some((part) => !/^\d{1,9}$/.test(part))
      ) {
        throw AppError.unprocessable({ bonusIds: ["Must be a list of bonus ids"] });
      }
      const { profileId } = playerOf(request);
      return {
        data: await bonusStatuses(ctx, profileId, parts.map(Number), request.query.currency),
      };
    },
  );

  api.get(
    "/api/game/bonuses/cashback",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "The cashback of a currency and what the current period would pay (API-56)",
        querystring: CashbackQuery,
        response: { 200: CashbackResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await getCashback(ctx, profileId, request.query.currency) };
    },
  );

  api.get(
    "/api/game/bonuses/bonuscodes",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "The player's stored (and applied) bonus codes (API-53, DP-20)",
        querystring: BonusCodeListQuery,
        response: { 200: PlayerBonusCodeList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const trigger = request.query.trigger === undefined ? null : Number(request.query.trigger);
      return { data: await listBonusCodes(ctx, playerOf(request).profileId, trigger) };
    },
  );

  api.post(
    "/api/game/bonuses/bonuscodes",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary:
          "Apply (trigger 1) or store for the next deposit (trigger 3) a bonus code (API-54)",
        body: AddBonusCodeBody,
        response: { 200: PlayerBonusCodeResponse, ...authErrors },
      },
    },
    async (request) => ({
      data: await addBonusCode(ctx, playerOf(request).profileId, request.body),
    }),
  );

  api.delete(
    "/api/game/bonuses/bonuscodes",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "Remove a stored bonus code (API-55)",
        body: DeleteBonusCodeBody,
        response: { 204: z.null(), ...authErrors },
      },
    },
    async (request, reply) => {
      await deleteBonusCode(
        ctx,
        playerOf(request).profileId,
        Number(request.body.playerBonusCodeId),
      );
      return reply.code(204).send(null);
    },
  );

  api.get(
    "/api/game/player-bonuses",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "The player's bonuses by status[] and currency[] (API-47, BN-01)",
        querystring: PlayerBonusQuery,
        response: { 200: PlayerBonusList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listPlayerBonuses(ctx, playerOf(request).profileId, request.query) };
    },
  );

  api.get(
    "/api/game/player-freespins",
    {
      preHandler,
      schema: {
        tags: ["bonus"],
        summary: "The player's free spins by status[] and currency[] (API-48, BN-02)",
        querystring: PlayerBonusQuery,
        response: { 200: PlayerFreespinList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listPlayerFreespins(ctx, playerOf(request).profileId, request.query) };
    },
  );

  for (const action of ["activate", "cancel"] as const) {
    api.put(
      `/api/game/player-bonuses/:id/${action}`,
      {
        preHandler,
        schema: {
          tags: ["bonus"],
          summary: `${action} a player bonus (API-49, API-50, BN-04)`,
          params: PlayerBonusParams,
          response: { 200: PlayerBonusResponse, ...changeErrors },
        },
      },
      async (request) => ({
        data: await changePlayerBonus(
          ctx,
          playerOf(request).profileId,
          Number(request.params.id),
          action,
        ),
      }),
    );
    api.put(
      `/api/game/player-freespins/:id/${action}`,
      {
        preHandler,
        schema: {
          tags: ["bonus"],
          summary: `${action} player free spins (API-51, API-52, BN-05)`,
          params: PlayerBonusParams,
          response: { 200: PlayerFreespinResponse, ...changeErrors },
        },
      },
      async (request) => ({
        data: await changePlayerFreespin(
          ctx,
          playerOf(request).profileId,
          Number(request.params.id),
          action,
        ),
      }),
    );
  }
}
