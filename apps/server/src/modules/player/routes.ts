import { ErrorBody } from "@casino/contract/errors";
import { InitResponse } from "@casino/contract/init";
import {
  FieldDescriptorList,
  FieldsQuery,
  ProfileResponse,
  ProfileUpdateBody,
} from "@casino/contract/player";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { SPORTSBOOK_GAME_TTL_MS, sportsbookGameId } from "../game/sportsbook-game";
import { settingsRepository } from "../settings/repository";
import { playerAuthRoutes } from "./auth-routes";
import { playerOf, requirePlayer } from "./authenticate";
import { getInit } from "./get-init";
import { operatorPlayerRoutes } from "./operator-routes";
import { listFieldDescriptors } from "./player-fields";
import { getProfile, updateProfile } from "./profile";
import { playersRepository } from "./repository";

const authErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody } as const;

export async function playerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The operator's side (OPERATOR_API_TOKEN or a scoped key).
  await operatorPlayerRoutes(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = settingsRepository(ctx.db);
  const authenticated = requirePlayer(ctx);
  const tags = ["player"];
  // The sportsbook's catalogue game, kept a few seconds per process (read every time in tests).
  const gameCacheMs = ctx.config.nodeEnv === "test" ? 0 : SPORTSBOOK_GAME_TTL_MS;

  api.get(
    "/api/player/init",
    {
      schema: {
        tags,
        summary: "Request country, public settings and default locale (API-05, BE-06, BE-07)",
        querystring: z.strictObject({}),
        response: { 200: InitResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Depends on the visitor's country, so no shared cache may keep it.
      cachePrivate(reply);
      return getInit(settings, {
        country: await ctx.resolveCountry(request),
        overrides: ctx.config.publicSettingOverrides,
        bettingGameId: sportsbookGameId(ctx.db, gameCacheMs),
        onInvalidSetting: (key) =>
          request.log.warn({ key }, "site_settings row has an invalid value; using the default"),
      });
    },
  );

  api.get(
    "/api/player/fields/validations",
    {
      schema: {
        tags,
        summary:
          "Registration or profile field descriptors with their rules (SU-10, PR-01, BE-08); profile needs a player",
        querystring: FieldsQuery,
        response: { 200: FieldDescriptorList, ...authErrors },
      },
      // The registration form is public; the profile form carries the player's values.
      preHandler: async (request, reply) => {
        if (request.query.scenario === "profile") await authenticated.call(app, request, reply);
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const player = request.player
        ? await playersRepository(ctx.db).findById(request.player.profileId)
        : null;
      return { data: await listFieldDescriptors(ctx.db, request.query.scenario, player) };
    },
  );

  api.get(
    "/api/player/profile",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "The player's profile (BE-20)",
        querystring: z.strictObject({}),
        response: { 200: ProfileResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await getProfile(ctx, playerOf(request).profileId) };
    },
  );

  api.put(
    "/api/player/profile",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary:
          "Update editable profile fields, or {freshchatRestoreId}, or {pwaInstalled} (PR-02, BE-20)",
        body: ProfileUpdateBody,
        response: { 200: ProfileResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await updateProfile(ctx, playerOf(request).profileId, request.body) };
    },
  );

  await app.register(async (scope) => playerAuthRoutes(scope, ctx));
}
