import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import {
  DepositRequest,
  DepositResponseBody,
  InvoiceList,
  InvoiceParams,
  InvoiceResponse,
  InvoiceStatisticsList,
  InvoicesQuery,
  PaymentMethodList,
  PaymentMethodsQuery,
  WithdrawRequest,
  WithdrawResponseBody,
} from "@casino/contract/payment";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { playersRepository } from "../player/repository";
import { applyWebhookEvent } from "./apply-webhook";
import { createDeposit } from "./create-deposit";
import { createWithdrawal } from "./create-withdrawal";
import { declineInvoice, invoiceStatistics, listInvoices } from "./invoices";
import { listPaymentMethods } from "./list-methods";
import { operatorPaymentRoutes } from "./operator-routes";
import type { Direction } from "./repository";
import { setUpProcessors } from "./setup";

const IdempotencyHeaders = z.object({ "idempotency-key": z.string().min(1).max(200).optional() });

/** Who creates an invoice, from where, under which Idempotency-Key. */
async function callerOf(ctx: AppContext, request: FastifyRequest) {
  const key = request.headers["idempotency-key"];
  return {
    playerId: playerOf(request).profileId,
    requestCountry: await ctx.resolveCountry(request),
    idempotencyKey: typeof key === "string" ? key : null,
    log: request.log,
  };
}

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/** Payment methods (DP-01, WD-01, BE-22). */
export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);
  const processors = await setUpProcessors(app, ctx);
  const invoiceCaller = (request: FastifyRequest) => callerOf(ctx, request);
  await operatorPaymentRoutes(app, ctx, processors);

  for (const direction of ["deposit", "withdrawal"] as const satisfies Direction[]) {
    api.get(
      `/api/payment/methods/${direction}`,
      {
        preHandler,
        schema: {
          tags: ["payment"],
          summary:
            direction === "deposit"
              ? "The deposit methods of a currency in the payment region (BE-22); 400/13100 while deposits are limited (BE-24)"
              : "The withdrawal methods of a currency in the payment region (BE-22)",
          querystring: PaymentMethodsQuery,
          response: { 200: PaymentMethodList, ...authErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const { profileId } = playerOf(request);
        const player = await playersRepository(ctx.db).findById(profileId);
        const country = request.query.country ?? (await ctx.resolveCountry(request));
        const data = await listPaymentMethods(ctx, {
          playerId: profileId,
          direction,
          currency: request.query.currency,
          country,
          prefill: { phone: player?.phone ?? null, cpf_number: player?.extra.cpf_number ?? null },
        });
        return { data };
      },
    );
  }

  api.post(
    "/api/payment/invoices/deposit",
    {
      preHandler,
      schema: {
        tags: ["payment"],
        summary: "Create a deposit invoice (DP-04, BE-23); Idempotency-Key makes retries safe",
        headers: IdempotencyHeaders,
        body: DepositRequest,
        response: { 201: DepositResponseBody, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const data = await createDeposit(ctx, processors, {
        ...(await invoiceCaller(request)),
        request: request.body,
      });
      return reply.code(201).send({ data });
    },
  );

  api.post(
    "/api/payment/invoices/withdrawal",
    {
      preHandler,
      schema: {
        tags: ["payment"],
        summary: "Create a withdrawal invoice; the funds are set aside at once (WD-02, BE-26)",
        headers: IdempotencyHeaders,
        body: WithdrawRequest,
        response: { 201: WithdrawResponseBody, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const data = await createWithdrawal(ctx, processors, {
        ...(await invoiceCaller(request)),
        request: request.body,
      });
      return reply.code(201).send({ data });
    },
  );

  api.get(
    "/api/payment/invoices",
    {
      preHandler,
      schema: {
        tags: ["payment"],
        summary: "The player's invoices with filters (BE-27)",
        querystring: InvoicesQuery,
        response: { 200: InvoiceList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return listInvoices(ctx, playerOf(request).profileId, request.query);
    },
  );

  api.get(
    "/api/payment/invoices/statistics",
    {
      preHandler,
      schema: {
        tags: ["payment"],
        summary: "Deposit and withdrawal totals per currency (PR-08, BE-27)",
        querystring: z.strictObject({}),
        response: { 200: InvoiceStatisticsList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await invoiceStatistics(ctx, playerOf(request).profileId) };
    },
  );

  api.put(
    "/api/payment/invoices/:id/decline",
    {
      preHandler,
      schema: {
        tags: ["payment"],
        summary: "Decline one's own pending invoice (BE-27)",
        params: InvoiceParams,
        response: { 200: InvoiceResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return {
        data: await declineInvoice(ctx, processors, playerOf(request).profileId, request.params.id),
      };
    },
  );

  // Processor webhooks read the exact bytes: the signature is over the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/payment/webhooks/:processor",
      {
        schema: {
          tags: ["payment"],
          summary: "Processor webhook: signed, timestamped, idempotent by event id (BE-25)",
          params: z.object({ processor: z.string().max(64) }),
          response: {
            200: z.object({ data: z.object({ outcome: z.string() }) }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const processor = processors.get(request.params.processor);
        if (!processor) throw AppError.notFound("Unknown processor");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = processor.verifyWebhook(request.headers, body, ctx.now());
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, "webhook refused");
          throw new AppError(
            check.reason === "malformed" ? 400 : 401,
            check.reason === "malformed" ? ErrorCode.BadRequest : ErrorCode.Unauthorized,
            check.reason === "stale" ? "Stale webhook timestamp" : `Webhook ${check.reason}`,
          );
        }
        const outcome = await applyWebhookEvent(ctx, processor.name, check.event);
        return { data: { outcome } };
      },
    );
  });
}
