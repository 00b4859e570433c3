import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import { HealthResponse } from "@casino/contract/health";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { errorBody } from "../../infra/errors";
import { checkHealth } from "./check-health";

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability, for load balancers",
        querystring: z.strictObject({}),
        response: { 200: HealthResponse, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const healthy = await checkHealth(ctx.db);
      if (healthy.ok) return { status: "ok" as const, database: "ok" as const };
      request.log.error({ err: healthy.error }, "health check: database unreachable");
      return reply.code(503).send(errorBody(ErrorCode.ServiceUnavailable, "Database unreachable"));
    },
  );
}
