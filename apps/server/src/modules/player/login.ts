import { ErrorCode } from "@casino/contract/errors";
import type { LoginBody, SessionTokens } from "@casino/contract/player";
import { buildSchema } from "@casino/validation/descriptor";
import { signInSchemaDescriptors } from "@casino/validation/fields";
import { validateForm } from "@casino/validation/validate";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { assertCountryAllowed } from "./assert-country-allowed";
import { audit, loginHash } from "./audit";
import { normalizePhone } from "./player-fields";
import { type PlayerRecord, playersRepository } from "./repository";
import { startSession } from "./start-session";

/** One answer for an unknown account and a wrong password (no account enumeration). */
export function invalidCredentials(): AppError {
  return new AppError(401, ErrorCode.Unauthorized, "Invalid login or password");
}

export function accountBlocked(): AppError {
  return new AppError(403, ErrorCode.AccountBlocked, "The account is blocked");
}

/** An e-mail login, or a phone login with its leading + (SI-12, SI-20). */
export function loginKind(login: string): "email" | "phone" {
  return login.trim().startsWith("+") ? "phone" : "email";
}

/** The player a login names (e-mail any case, or phone in E.164), or null. */
export async function findPlayerByLogin(
  ctx: AppContext,
  login: string,
): Promise<PlayerRecord | null> {
  const players = playersRepository(ctx.db);
  if (loginKind(login) === "email") return players.findByEmail(login.trim());
  const phone = normalizePhone(login.trim());
  return phone ? players.findByPhone(phone) : null;
}

/**
 * POST /api/player/sessions (BE-12): 422 for malformed fields, 401 for an unknown account or a
 * wrong password (same body; an unknown account still pays one Argon2 verification so the
 * timing matches), 403/11040 for a blocked account (only after its password was proven), and
 * 403/11010 from a restricted country. Failures count against the IP and the account-on-IP
 * limits (429 with Retry-After once used up); a success clears the account-on-IP count.
 */
export async function login(
  ctx: AppContext,
  request: FastifyRequest,
  body: z.infer<typeof LoginBody>,
): Promise<SessionTokens> {
  const country = await assertCountryAllowed(ctx, request).catch(async (error: unknown) => {
    await audit(ctx, request, { event: "login", outcome: "restricted", login: body.login });
    throw error;
  });
  const kind = loginKind(body.login);
  const errors = validateForm(body, buildSchema(signInSchemaDescriptors(kind)));
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);

  const accountKey = `${loginHash(ctx, body.login)}|${request.ip}`;
  try {
    await ctx.rateLimits.check("loginIp", request.ip);
    await ctx.rateLimits.check("loginAccountIp", accountKey);
  } catch (error) {
    await audit(ctx, request, {
      event: "login",
      outcome: "rate_limited",
      login: body.login,
      country,
    });
    throw error;
  }

  const player = await findPlayerByLogin(ctx, body.login);
  let valid = false;
  if (player?.passwordHash) {
    valid = await ctx.passwords.verify(player.passwordHash, body.password);
  } else {
    await ctx.passwords.verifyDummy(body.password);
  }
  if (!player || !valid) {
    await Promise.all([
      ctx.rateLimits.consume("loginIp", request.ip).catch(() => {}),
      ctx.rateLimits.consume("loginAccountIp", accountKey).catch(() => {}),
    ]);
    await audit(ctx, request, {
      event: "login",
      outcome: player ? "failed" : "unknown_account",
      playerId: player?.id ?? null,
      login: body.login,
      country,
    });
    throw invalidCredentials();
  }
  if (player.status === 3) {
    await audit(ctx, request, {
      event: "login",
      outcome: "blocked",
      playerId: player.id,
      login: body.login,
      country,
    });
    throw accountBlocked();
  }

  await ctx.rateLimits.reset("loginAccountIp", accountKey);
  await audit(ctx, request, {
    event: "login",
    outcome: "ok",
    playerId: player.id,
    login: body.login,
    country,
  });
  return startSession(ctx, {
    playerId: player.id,
    request,
    method: kind === "phone" ? "phone" : "password",
    fingerprint: body.fingerprint ?? null,
    country,
  });
}
