import { InitResponse } from "@casino/contract/init";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { settingsRepository } from "../settings/repository";
import { getInit } from "./get-init";

export async function playerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = settingsRepository(ctx.db);

  api.get(
    "/api/player/init",
    {
      schema: {
        tags: ["player"],
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
        onInvalidSetting: (key) =>
          request.log.warn({ key }, "site_settings row has an invalid value; using the default"),
      });
    },
  );
}
