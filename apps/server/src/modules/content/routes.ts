import { ContentParams, ContentResponse } from "@casino/contract/content";
import { ErrorBody } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePublic, errorResponses } from "../../lib/http";
import { listLocales, pickDefaultLocale } from "../settings/list-locales";
import { settingsRepository } from "../settings/repository";
import { ContentStore } from "./content-store";
import { getContent } from "./get-content";
import { operatorContentRoutes } from "./operator-routes";
import { ContentEdits, SiteContent } from "./site-content";

export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = settingsRepository(ctx.db);
  // The folder, with the operator's edits over it; one per server, shared with the operator's
  // routes so their writes show here at once.
  const store = new SiteContent(
    new ContentStore(ctx.config.contentDir, ctx.config.isProduction),
    new ContentEdits(ctx.db, ctx.now),
  );
  await operatorContentRoutes(app, ctx, store);

  api.get(
    "/api/content/:locale/*",
    {
      schema: {
        tags: ["content"],
        summary:
          "Site content: a group (alerts, fields-settings, global-components, layout, modals), " +
          "pages/{kind} or pages/{kind}/{identity} (BE-43)",
        params: ContentParams,
        querystring: z.strictObject({}),
        response: { 200: ContentResponse, ...errorResponses, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const locales = await listLocales(settings);
      const result = await getContent(store, {
        locale: request.params.locale,
        path: request.params["*"],
        locales: locales.map((locale) => locale.code),
        defaultLocale: pickDefaultLocale(locales),
      });
      // Edits should show within a minute in production and at once in development.
      if (ctx.config.isProduction) cachePublic(reply, 60);
      else reply.header("cache-control", "no-cache");
      return result;
    },
  );
}
