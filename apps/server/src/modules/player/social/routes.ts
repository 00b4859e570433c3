import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import {
  SessionTokensResponse,
  SocialLoginBody,
  SocialLoginQuery,
  SocialLoginResponse,
  SocialRedirectQuery,
  SocialRegisterBody,
} from "@casino/contract/player";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { cachePrivate, errorResponses } from "../../../lib/http";
import { getPublicSettings } from "../../settings/get-public-settings";
import { settingsRepository } from "../../settings/repository";
import { addFieldError, checkReferences, flagValue } from "../player-fields";
import { signInAnswer } from "../session-cookie";
import { csrfOfState, hashStateKey, type IdentityService } from "./identity-service";
import { pendingSignUps } from "./pending-signups";
import { socialRepository } from "./repository";
import { type SocialIdentity, signInWithIdentity } from "./sign-in-with-identity";
import { verifyTelegramLogin } from "./telegram";

export interface SocialOptions {
  /** The generic identity service (an OpenID provider, or the sandbox); null when not set up. */
  identityService: IdentityService | null;
  /** The messaging-app (Telegram) bot token; null when that login is off. */
  telegramBotToken: string | null;
}

const MESSAGING_APP = "telegram";

/** Social login (SI-22…SI-27, BE-17, BE-44). */
export async function socialRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: SocialOptions,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const settings = settingsRepository(ctx.db);
  const social = socialRepository(ctx.db);
  const now = () => new Date();

  /** The identity service's name and connections as the public settings offer them. */
  async function identitySettings() {
    const { social: offered } = await getPublicSettings(
      settings,
      ctx.config.publicSettingOverrides,
    );
    return offered.identityService;
  }

  api.get(
    "/api/player/sessions/social/:provider/redirect",
    {
      schema: {
        tags: ["player"],
        summary: "Start a social login: redirect to the provider (SI-23, SI-24, BE-17)",
        params: z.object({ provider: z.string().max(64) }),
        querystring: SocialRedirectQuery,
        response: { 302: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const offered = await identitySettings();
      const { provider } = request.params;
      const connection = request.query.connection ?? provider;
      const isIdentityService =
        offered !== null &&
        (provider === offered.name || offered.connections.includes(provider)) &&
        offered.connections.includes(connection);
      if (!isIdentityService || !options.identityService) {
        throw AppError.notFound(`Social login "${provider}" is not available`);
      }
      let target: Awaited<ReturnType<IdentityService["authorizationUrl"]>>;
      try {
        target = await options.identityService.authorizationUrl(connection, request.query.state);
      } catch (error) {
        request.log.error({ err: error }, "identity service unavailable");
        throw new AppError(503, ErrorCode.ServiceUnavailable, "The login provider is unavailable");
      }
      await social.savePending(target.pending, now());
      return reply.redirect(target.url, 302);
    },
  );

  api.post(
    "/api/player/sessions/social",
    {
      schema: {
        tags: ["player"],
        summary: "Finish a social login with the provider's callback parameters (SI-27, BE-17)",
        querystring: SocialLoginQuery,
        body: SocialLoginBody,
        response: { 200: SocialLoginResponse, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { provider, locale, fingerprint, affiliateTag } = request.body;
      const identity = await verifyCallback(provider, request.query);
      const answer = await signInWithIdentity(ctx, request, identity, {
        locale: locale ?? null,
        fingerprint: fingerprint ?? null,
        affiliateTag: affiliateTag ?? null,
      });
      if ("signUpRequired" in answer) return { data: answer };
      return { data: signInAnswer(reply, ctx.config, answer) };
    },
  );

  api.post(
    "/api/player/sessions/social/register",
    {
      schema: {
        tags: ["player"],
        summary:
          "Create the account of a first social sign-in with the 18+ and terms consent, country and currency (SU-23, issue 31)",
        body: SocialRegisterBody,
        response: { 201: SessionTokensResponse, 403: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const body = request.body;
      // The same checks as the e-mail form's, before the token is used up.
      const errors: Record<string, string[]> = {};
      if (!flagValue(body.agreements)) addFieldError(errors, "agreements", "Value is required");
      if (!body.country.trim()) addFieldError(errors, "country", "Value is required");
      if (!body.currency.trim()) addFieldError(errors, "currency", "Value is required");
      await checkReferences(
        ctx.db,
        { country: body.country.trim() || null, currency: body.currency.trim() || null },
        errors,
      );
      if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
      const pending = await pendingSignUps(ctx.db).consume(body.signUpToken, now());
      if (!pending) {
        throw new AppError(
          400,
          ErrorCode.CodeInvalid,
          "This sign-up has expired or was already used; please sign in again",
        );
      }
      const answer = await signInWithIdentity(
        ctx,
        request,
        pending.identity,
        { ...pending.input, fingerprint: body.fingerprint ?? pending.input.fingerprint },
        {
          country: body.country.trim(),
          currency: body.currency.trim(),
          receiveEmailPromo: flagValue(body.receiveEmailPromo),
        },
      );
      // With the choices given, the identity always has a player now.
      if ("signUpRequired" in answer) throw new Error("social sign-up made no player");
      return reply.code(201).send({ data: signInAnswer(reply, ctx.config, answer) });
    },
  );

  async function verifyCallback(
    provider: string,
    query: Record<string, string>,
  ): Promise<SocialIdentity> {
    if (provider === MESSAGING_APP) {
      if (!options.telegramBotToken) throw failed(`Social login "${provider}" is not available`);
      const user = verifyTelegramLogin(query, options.telegramBotToken, now());
      if (!user) throw failed("The messaging-app login could not be verified");
      const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
      return {
        provider: MESSAGING_APP,
        subject: user.id,
        email: null,
        emailVerified: false,
        name: user.username ?? name,
      };
    }
    if (!options.identityService) throw failed(`Social login "${provider}" is not available`);
    if (query.error) throw failed(`The provider refused the login: ${query.error}`);
    const csrf = csrfOfState(query.state);
    const pending = csrf ? await social.consumePending(hashStateKey(csrf), now()) : null;
    if (!pending) throw failed("This login link is unknown, used or expired; please try again");
    try {
      return await options.identityService.verifyCallback(pending, query);
    } catch (error) {
      app.log.warn({ err: error }, "social login callback refused");
      throw failed("The login provider's answer could not be verified");
    }
  }
}

function failed(message: string): AppError {
  return new AppError(400, ErrorCode.SocialLoginFailed, message);
}
