import { ErrorBody } from "@casino/contract/errors";
import { PageQuery } from "@casino/contract/pagination";
import {
  EmailConfirmBody,
  LoginBody,
  OkResponse,
  OtpSendBody,
  OtpSendResponse,
  OtpVerifyBody,
  OtpVerifyResponse,
  PasswordChangeBody,
  PasswordChangeResponse,
  PasswordConfirmBody,
  PasswordResetBody,
  PlayerSessionList,
  RegisterBody,
  RegisterPhoneBody,
  SessionIdParams,
  SessionTokensResponse,
  TokenLoginBody,
} from "@casino/contract/player";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate, errorResponses } from "../../lib/http";
import { audit, limitOrAudit } from "./audit";
import { playerOf, requirePlayer } from "./authenticate";
import { confirmEmail, resendEmailConfirmation } from "./email-confirmation";
import { login } from "./login";
import { checkOtp } from "./one-time-codes";
import { changePassword, confirmPasswordReset, requestPasswordReset } from "./passwords";
import { normalizePhone } from "./player-fields";
import { registerPlayer } from "./register-player";
import { sendOtp } from "./send-otp";
import { signInAnswer } from "./session-cookie";
import { closeSession, listSessions, logout, refreshSession } from "./sessions";
import { tokenLogin } from "./token-login";

const NoQuery = z.strictObject({});
const authErrors = { ...errorResponses, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody } as const;
const ok = { data: { ok: true as const } };

/** Sign-up, sign-in, one-time codes, sessions, passwords and e-mail confirmation (issue 3). */
export async function playerAuthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["player"];
  const authenticated = requirePlayer(ctx);
  // Nothing here may be cached by anyone: tokens, codes, per-player data.
  app.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) cachePrivate(reply);
  });

  api.post(
    "/api/player/register",
    {
      schema: {
        tags,
        summary:
          "E-mail registration (SU-23, BE-09); 422 error.fields, 403/11010 restricted country",
        body: RegisterBody,
        response: { 201: SessionTokensResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      const tokens = await registerPlayer(ctx, request, { kind: "email", body: request.body });
      return reply.code(201).send({ data: signInAnswer(reply, ctx.config, tokens) });
    },
  );

  api.post(
    "/api/player/register/phone",
    {
      schema: {
        tags,
        summary: "Phone registration with the one-time code (SU-25, BE-11); 400/11003, 400/11004",
        body: RegisterPhoneBody,
        response: { 201: SessionTokensResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      const tokens = await registerPlayer(ctx, request, { kind: "phone", body: request.body });
      return reply.code(201).send({ data: signInAnswer(reply, ctx.config, tokens) });
    },
  );

  api.post(
    "/api/player/otp/send",
    {
      schema: {
        tags,
        summary: "Send a six-digit code by SMS (SU-24, PV-04, BE-10); 429/11005 over the limit",
        body: OtpSendBody,
        response: { 200: OtpSendResponse, ...authErrors },
      },
    },
    async (request) => {
      return { data: await sendOtp(ctx, request, request.body) };
    },
  );

  api.post(
    "/api/player/otp/verify",
    {
      schema: {
        tags,
        summary: "Check a code without using it (BE-11); 400/11003 wrong, 400/11004 burnt",
        body: OtpVerifyBody,
        response: { 200: OtpVerifyResponse, ...authErrors },
      },
    },
    async (request) => {
      const phone = normalizePhone(request.body.phone);
      if (!phone) {
        throw AppError.unprocessable({ phone: ["The value is not a valid phone number"] });
      }
      await limitOrAudit(
        ctx,
        request,
        { name: "otpVerifyIp", key: request.ip },
        { event: "otp.verify", login: phone },
      );
      try {
        await checkOtp(ctx, ctx.db, { ...request.body, phone });
      } catch (error) {
        await audit(ctx, request, { event: "otp.verify", outcome: "invalid_code", login: phone });
        throw error;
      }
      await audit(ctx, request, { event: "otp.verify", outcome: "ok", login: phone });
      return { data: { valid: true as const } };
    },
  );

  api.post(
    "/api/player/sessions",
    {
      schema: {
        tags,
        summary: "Sign in (SI-20, BE-12): 401 invalid, 403/11040 blocked, 403/11010, 429",
        body: LoginBody,
        response: { 201: SessionTokensResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      const tokens = await login(ctx, request, request.body);
      return reply.code(201).send({ data: signInAnswer(reply, ctx.config, tokens) });
    },
  );

  api.post(
    "/api/player/sessions/token",
    {
      schema: {
        tags,
        summary: "Auto-login by a one-time token (SI-28, BE-16); 400/11030 when used or expired",
        body: TokenLoginBody,
        response: { 201: SessionTokensResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      const tokens = await tokenLogin(ctx, request, request.body);
      return reply.code(201).send({ data: signInAnswer(reply, ctx.config, tokens) });
    },
  );

  api.post(
    "/api/player/sessions/refresh",
    {
      schema: {
        tags,
        summary:
          "New access token and rotated session token, from the session cookie or `Authorization: Bearer <sessionToken>` (SE-02, BE-14, ADR 0022)",
        querystring: NoQuery,
        response: { 200: SessionTokensResponse, ...authErrors },
      },
    },
    async (request, reply) => ({ data: await refreshSession(ctx, request, reply) }),
  );

  api.post(
    "/api/player/sessions/logout",
    {
      schema: {
        tags,
        summary:
          "Revoke the session of the bearer access token (expired too), session token or session cookie; clears the cookie (SE-07, BE-15)",
        querystring: NoQuery,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await logout(ctx, request, reply);
      return ok;
    },
  );

  api.get(
    "/api/player/sessions",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "The player's live sessions, newest first (PR-05, BE-15)",
        querystring: PageQuery,
        response: { 200: PlayerSessionList, ...authErrors },
      },
    },
    async (request) => listSessions(ctx, playerOf(request), request.query),
  );

  api.put(
    "/api/player/sessions/:id/close",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "Close one of the player's sessions (PR-05, BE-15); 404 for anyone else's",
        params: SessionIdParams,
        querystring: NoQuery,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      await closeSession(ctx, request, playerOf(request), request.params.id);
      return ok;
    },
  );

  api.put(
    "/api/player/passwords",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "Change the password (PR-04, BE-18); every other session ends",
        body: PasswordChangeBody,
        response: { 200: PasswordChangeResponse, ...authErrors },
      },
    },
    async (request) => ({
      data: await changePassword(ctx, request, playerOf(request), request.body),
    }),
  );

  api.post(
    "/api/player/passwords/reset",
    {
      schema: {
        tags,
        summary: "Forgot password (SI-29, BE-18): the same answer for every login",
        body: PasswordResetBody,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request, request.body);
      return ok;
    },
  );

  api.post(
    "/api/player/passwords/confirm",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset code (SI-30, BE-18); 400/11030 bad code",
        body: PasswordConfirmBody,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      await confirmPasswordReset(ctx, request, request.body);
      return ok;
    },
  );

  api.post(
    "/api/player/profile/confirmations/email",
    {
      schema: {
        tags,
        summary: "Confirm the e-mail with the code of the verify/{confirmCode} page (BE-19)",
        body: EmailConfirmBody,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      await confirmEmail(ctx, request, request.body.confirmCode);
      return ok;
    },
  );

  api.post(
    "/api/player/profile/confirmations/email/resend",
    {
      preHandler: authenticated,
      schema: {
        tags,
        summary: "Send the e-mail confirmation link again (PR-06, BE-19); 429 past 3 in 15 min",
        querystring: NoQuery,
        response: { 200: OkResponse, ...authErrors },
      },
    },
    async (request) => {
      await resendEmailConfirmation(ctx, request, playerOf(request).profileId);
      return ok;
    },
  );
}
