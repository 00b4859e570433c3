import { ErrorCode } from "@casino/contract/errors";
import type { LoginBody, SessionTokens } from "@casino/contract/player";
import { buildSchema } from "@casino/validation/descriptor";
import { signInSchemaDescriptors } from "@casino/validation/fields";
import { validateForm } from "@casino/validation/validate";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { consumeAll, type RateLimitSpend, refundAll } from "../../infra/rate-limit";
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
 * Whether the player has had a session (sign-in, registration) from this address: an address the
 * account's owner uses, which keeps its own allowance when the account's is used up.
 */
async function hasSessionFrom(ctx: AppContext, playerId: string, ip: string): Promise<boolean> {
  const rows = await ctx.db.query(
    "SELECT 1 FROM player_sessions WHERE player_id = $1 AND ip = $2 LIMIT 1",
    [playerId, ip],
  );
  return rows.length > 0;
}

/**
 * POST /api/player/sessions (BE-12): 422 for malformed fields, 401 for an unknown account or a
 * wrong password (same body; an unknown account still pays one Argon2 verification so the
 * timing matches), 403/11040 for a blocked account (only after its password was proven), and
 * 403/11010 from a restricted country.
 *
 * Abuse limits (429 with Retry-After): every attempt spends a point of the per-IP and the
 * account-on-IP allowances *before* the password is checked, so simultaneous guesses cannot
 * outrun them; a success gives its points back and clears the account-on-IP count. Failures on
 * the account from every address together have an allowance too (LOGIN_ACCOUNT_MAX_FAILURES):
 * past it, only an address the account has had a session from may keep trying, within its own
 * account-on-IP allowance, so many addresses cannot share out the guessing and the owner at
 * their usual address still signs in. An unknown login is counted the same way (no enumeration).
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

  const account = loginHash(ctx, body.login);
  const accountKey = `${account}|${request.ip}`;
  const spends: RateLimitSpend[] = [
    ["loginIp", request.ip],
    ["loginAccountIp", accountKey],
  ];
  const rateLimited = async (error: unknown) => {
    await audit(ctx, request, {
      event: "login",
      outcome: "rate_limited",
      login: body.login,
      country,
    });
    return error;
  };
  try {
    await consumeAll(ctx.rateLimits, spends);
  } catch (error) {
    throw await rateLimited(error);
  }

  const player = await findPlayerByLogin(ctx, body.login);
  try {
    await ctx.rateLimits.consume("loginAccount", account);
  } catch (error) {
    // The account's allowance across addresses is used up: only a known address goes on.
    if (!(error instanceof AppError && error.status === 429)) throw error;
    if (!player || !(await hasSessionFrom(ctx, player.id, request.ip))) {
      await refundAll(ctx.rateLimits, spends);
      throw await rateLimited(error);
    }
  }
  let valid = false;
  if (player?.passwordHash) {
    valid = await ctx.passwords.verify(player.passwordHash, body.password);
  } else {
    await ctx.passwords.verifyDummy(body.password);
  }
  if (!player || !valid) {
    await audit(ctx, request, {
      event: "login",
      outcome: player ? "failed" : "unknown_account",
      playerId: player?.id ?? null,
      login: body.login,
      country,
    });
    throw invalidCredentials();
  }
  // The password was right: not a failure, the points spent on it go back.
  await Promise.all([
    ctx.rateLimits.refund("loginIp", request.ip),
    ctx.rateLimits.refund("loginAccount", account),
    ctx.rateLimits.reset("loginAccountIp", accountKey),
  ]);
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
