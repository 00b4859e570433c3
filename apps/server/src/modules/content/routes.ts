import { ContentParams, ContentResponse } from "@casino/contract/content";
import { ErrorBody } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePublic, errorResponses } from "../../lib/http";
import { ContentStore } from "./content-store";
import { answerContent } from "./get-content";
import { operatorContentRoutes } from "./operator-routes";
import { ContentEdits, SiteContent } from "./site-content";

export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      const result = await answerContent(ctx.db, store, request.params.locale, request.params["*"]);
      // Edits should show within a minute in production and at once in development.
      if (ctx.config.isProduction) cachePublic(reply, 60);
      else reply.header("cache-control", "no-cache");
      return result;
    },
  );
}
