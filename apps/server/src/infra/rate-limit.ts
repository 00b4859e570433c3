import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";

/**
 * The abuse limits of sign-in, sign-up, one-time codes and password recovery: an allowance of
 * `points` per `seconds`, per key. Keys are chosen by the caller (IP, account, account + IP).
 *
 * Login counts *failures*: per IP, and per account *and* IP. The per-account limit is keyed with
 * the IP on purpose: an attacker guessing one account's password from their addresses uses up
 * only their own allowance, and the real owner on another address can still sign in. A slow,
 * many-address attack against one account is held back by the per-IP limits and Argon2's cost.
 */
export const RATE_LIMITS = {
  /** Failed logins from one IP. */
  loginIp: { points: 50, seconds: 15 * 60 },
  /** Failed logins on one account from one IP. */
  loginAccountIp: { points: 10, seconds: 15 * 60 },
  /** One-time code requests from one IP (per-phone limits are in the database: code 11005). */
  otpSendIp: { points: 20, seconds: 15 * 60 },
  /** Code checks (verify and phone registration) from one IP. */
  otpVerifyIp: { points: 30, seconds: 15 * 60 },
  /** Registrations from one IP. */
  registerIp: { points: 20, seconds: 60 * 60 },
  /** Password-reset requests from one IP, and for one login value. */
  passwordResetIp: { points: 10, seconds: 15 * 60 },
  passwordResetLogin: { points: 3, seconds: 15 * 60 },
  /** Uses of link codes (reset confirm, e-mail confirm, auto-login) from one IP. */
  codeUseIp: { points: 30, seconds: 15 * 60 },
  /** Wrong current passwords on password change, per player (a stolen access token). */
  passwordChangePlayer: { points: 10, seconds: 15 * 60 },
  /** E-mail confirmation resends per player. */
  emailResendPlayer: { points: 3, seconds: 15 * 60 },
  /** Contact-form messages from one IP (modules/notification). */
  contactIp: { points: 5, seconds: 15 * 60 },
} as const satisfies Record<string, { points: number; seconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitPort {
  /** Throws a 429 when the key's allowance is used up, without spending any. */
  check(limit: RateLimitName, key: string): Promise<void>;
  /** Spends one point; throws a 429 when there was none left. */
  consume(limit: RateLimitName, key: string): Promise<void>;
  /** Forgets the key (a successful login clears its failures). */
  reset(limit: RateLimitName, key: string): Promise<void>;
}

/** In-process store (one node). A Redis store implements the same port for several nodes. */
export function createMemoryRateLimiter(options: { scale: number }): RateLimitPort {
  const limiters = new Map<RateLimitName, RateLimiterMemory>();
  const limiter = (name: RateLimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const { points, seconds } = RATE_LIMITS[name];
      found = new RateLimiterMemory({
        keyPrefix: name,
        points: points * options.scale,
        duration: seconds,
      });
      limiters.set(name, found);
    }
    return found;
  };
  return {
    async check(name, key) {
      const state = await limiter(name).get(key);
      if (state && state.consumedPoints >= RATE_LIMITS[name].points * options.scale) {
        throw AppError.tooManyRequests(state.msBeforeNext / 1000);
      }
    },
    async consume(name, key) {
      try {
        await limiter(name).consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw AppError.tooManyRequests(error.msBeforeNext / 1000);
        }
        throw error;
      }
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
  };
}
