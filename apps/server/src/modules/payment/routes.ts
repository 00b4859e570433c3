import { ErrorBody } from "@casino/contract/errors";
import { PaymentMethodList, PaymentMethodsQuery } from "@casino/contract/payment";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { playersRepository } from "../player/repository";
import { listPaymentMethods } from "./list-methods";
import type { Direction } from "./repository";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/** Payment methods (DP-01, WD-01, BE-22). */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  for (const direction of ["deposit", "withdrawal"] as const satisfies Direction[]) {
    api.get(
      `/api/payment/methods/${direction}`,
      {
        preHandler,
        schema: {
          tags: ["payment"],
          summary: `The ${direction} methods of a currency in the payment region (BE-22)`,
          querystring: PaymentMethodsQuery,
          response: { 200: PaymentMethodList, ...authErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const player = await playersRepository(ctx.db).findById(playerOf(request).profileId);
        const country = request.query.country ?? (await ctx.resolveCountry(request));
        const data = await listPaymentMethods(ctx, {
          direction,
          currency: request.query.currency,
          country,
          prefill: { phone: player?.phone ?? null, cpf_number: player?.extra.cpf_number ?? null },
        });
        return { data };
      },
    );
  }
}
