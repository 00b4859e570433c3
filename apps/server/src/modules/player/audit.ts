import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import type { RateLimitName } from "../../infra/rate-limit";
import { keyedHash } from "./secrets";

export type AuthEvent =
  | "login"
  | "register"
  | "otp.send"
  | "otp.verify"
  | "refresh"
  | "logout"
  | "session.close"
  | "password.change"
  | "password.reset.request"
  | "password.reset"
  | "email.confirm"
  | "email.confirm.resend"
  | "autologin"
  | "social";

export type AuthOutcome =
  | "ok"
  | "failed"
  | "blocked"
  | "rate_limited"
  | "restricted"
  | "invalid_code"
  | "unknown_account"
  | "expired"
  | "token_reuse";

/** The HMAC of a normalised login, so the audit correlates attempts without storing e-mails. */
export function loginHash(ctx: AppContext, login: string): string {
  return keyedHash(ctx.config.secrets.jwtSecret, "login", login.trim().toLowerCase());
}

/**
 * Spends one point of an abuse limit, before the attempt is checked (a check now and a spend
 * after the outcome lets simultaneous attempts all pass); a refusal (429) is audited as
 * rate_limited before it reaches the client. An attempt that turns out not to count gives its
 * point back with `ctx.rateLimits.refund`.
 */
export async function limitOrAudit(
  ctx: AppContext,
  request: FastifyRequest,
  limit: { name: RateLimitName; key: string },
  entry: { event: AuthEvent; playerId?: string | null; login?: string | null },
): Promise<void> {
  try {
    await ctx.rateLimits.consume(limit.name, limit.key);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      await audit(ctx, request, { ...entry, outcome: "rate_limited" });
    }
    throw error;
  }
}

/**
 * Appends one event to auth_audit. Never fails the request: a lost audit row is logged, the
 * player's action stands.
 */
export async function audit(
  ctx: AppContext,
  request: FastifyRequest,
  entry: {
    event: AuthEvent;
    outcome: AuthOutcome;
    playerId?: string | null;
    login?: string | null;
    country?: string | null;
  },
): Promise<void> {
  try {
    const userAgent = request.headers["user-agent"];
    await ctx.db.query(
      `INSERT INTO auth_audit (event, outcome, player_id, login_hash, ip, country, user_agent,
         created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.event,
        entry.outcome,
        entry.playerId ?? null,
        entry.login ? loginHash(ctx, entry.login) : null,
        request.ip,
        entry.country ?? null,
        typeof userAgent === "string" ? userAgent.slice(0, 512) : null,
        ctx.now(),
      ],
    );
  } catch (error) {
    request.log.error({ err: error, event: entry.event }, "auth audit write failed");
  }
}
