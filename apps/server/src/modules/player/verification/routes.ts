import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import {
  VerificationProviderParams,
  VerificationStateResponse,
  VerificationTokenResponse,
} from "@casino/contract/verification";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { cachePrivate, errorResponses } from "../../../lib/http";
import { VERIFICATION_WEBHOOK_PATH } from "../../sandbox/verification-provider";
import { playerOf, requirePlayer } from "../authenticate";
import { applyVerificationEvent } from "./apply-verification-event";
import { configuredProviderName, setUpVerificationProviders } from "./providers";
import { verificationRepository } from "./repository";
import { startVerification } from "./start-verification";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/**
 * Identity verification (KY-04, BE-36): the provider's token for the player, the player's
 * status, and the providers' signed webhooks that decide it.
 */
export async function verificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providers = await setUpVerificationProviders(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);
  const tags = ["verification"];

  api.post(
    "/api/player/services/:provider/auth",
    {
      preHandler,
      schema: {
        tags,
        summary: "A verification token from the identity-verification provider (KY-04, BE-36)",
        params: VerificationProviderParams,
        response: { 200: VerificationTokenResponse, 409: ErrorBody, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return {
        data: await startVerification(ctx, providers, profileId, request.params.provider),
      };
    },
  );

  api.get(
    "/api/player/verification",
    {
      preHandler,
      schema: {
        tags,
        summary: "The player's identity-verification status and the configured provider",
        querystring: z.strictObject({}),
        response: { 200: VerificationStateResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const record = await verificationRepository(ctx.db).find(playerOf(request).profileId);
      if (!record) throw AppError.unauthorized();
      return {
        data: {
          status: record.status,
          provider: await configuredProviderName(ctx),
          updatedAt: record.updatedAt?.toISOString() ?? null,
        },
      };
    },
  );

  // Provider webhooks read the exact bytes: the signature is over the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 16 * 1024 }, (_r, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${VERIFICATION_WEBHOOK_PATH}/:provider`,
      {
        schema: {
          tags,
          summary: "Verification provider webhook: signed, timestamped, idempotent by event id",
          params: VerificationProviderParams,
          response: {
            200: z.object({ data: z.object({ outcome: z.string() }) }),
            401: ErrorBody,
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const provider = providers.get(request.params.provider);
        if (!provider) throw AppError.notFound("Unknown verification provider");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = provider.verifyWebhook(request.headers, body, ctx.now());
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, "verification webhook refused");
          const malformed = check.reason === "malformed";
          throw new AppError(
            malformed ? 400 : 401,
            malformed ? ErrorCode.BadRequest : ErrorCode.Unauthorized,
            check.reason === "stale" ? "Stale webhook timestamp" : `Webhook ${check.reason}`,
          );
        }
        return { data: { outcome: await applyVerificationEvent(ctx, provider.name, check.event) } };
      },
    );
  });
}
