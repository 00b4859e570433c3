import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";

/**
 * The abuse limits of sign-in, sign-up, one-time codes and password recovery: an allowance of
 * `points` per `seconds`, per key. Keys are chosen by the caller (IP, account, account + IP).
 *
 * Every attempt spends its points *before* the password or code is checked (`consume`), so
 * simultaneous requests cannot all pass a check made before any of them counted; an attempt that
 * turns out not to count (a successful sign-in, an ordinary form mistake) gives its point back
 * (`refund`). Login counts failures per IP, per account *and* IP, and per account across every
 * address (`loginAccount`): past that last allowance only the addresses the account has signed
 * in from before may keep trying (each within its own account + IP allowance), so an attacker on
 * many addresses is stopped and the owner on their usual address is not locked out.
 */
export const RATE_LIMITS = {
  /** Failed logins from one IP. */
  loginIp: { points: 50, seconds: 15 * 60 },
  /** Failed logins on one account from one IP. */
  loginAccountIp: { points: 10, seconds: 15 * 60 },
  /**
   * Failed logins on one account from every address together; past it, only the account's known
   * addresses may try (LOGIN_ACCOUNT_MAX_FAILURES, LOGIN_ACCOUNT_WINDOW_SECONDS).
   */
  loginAccount: { points: 30, seconds: 60 * 60 },
  /** One-time code requests from one IP (per-phone limits are in the database: code 11005). */
  otpSendIp: { points: 20, seconds: 15 * 60 },
  /** Code checks (verify and phone registration) from one IP. */
  otpVerifyIp: { points: 30, seconds: 15 * 60 },
  /** Registrations from one IP, and sign-ups refused for an e-mail or phone already taken. */
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
  /** Live-chat messages per conversation, and staff replies per staff member (modules/chat). */
  chatMessage: { points: 20, seconds: 60 },
} as const satisfies Record<string, { points: number; seconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** An allowance: `points` per `seconds`. */
export type RateLimitRule = { points: number; seconds: number };

export interface RateLimitPort {
  /** Throws a 429 when the key's allowance is used up, without spending any. */
  check(limit: RateLimitName, key: string): Promise<void>;
  /**
   * Spends one point, atomically: of any number of simultaneous calls, at most the allowance
   * succeed; the others throw a 429 (with Retry-After).
   */
  consume(limit: RateLimitName, key: string): Promise<void>;
  /** Gives back one point spent by `consume` (the attempt turned out not to count). */
  refund(limit: RateLimitName, key: string): Promise<void>;
  /** Forgets the key (a successful login clears its failures). */
  reset(limit: RateLimitName, key: string): Promise<void>;
}

/**
 * In-process store (one node): rate-limiter-flexible's memory limiter, whose `consume` and
 * `reward` are atomic within the process. A shared store (Redis or PostgreSQL) implements the
 * same port for several nodes. `limits` overrides allowances from the settings.
 */
export function createMemoryRateLimiter(options: {
  scale: number;
  limits?: Partial<Record<RateLimitName, RateLimitRule>>;
}): RateLimitPort {
  const rule = (name: RateLimitName): RateLimitRule => options.limits?.[name] ?? RATE_LIMITS[name];
  const limiters = new Map<RateLimitName, RateLimiterMemory>();
  const limiter = (name: RateLimitName) => {
    let found = limiters.get(name);
    if (!found) {
      const { points, seconds } = rule(name);
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
      if (state && state.consumedPoints >= rule(name).points * options.scale) {
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
    async refund(name, key) {
      await limiter(name).reward(key, 1);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
  };
}

/** One point of a limit under a key. */
export type RateLimitSpend = readonly [RateLimitName, string];

/**
 * Spends one point of each limit in order, before the attempt is checked. When one refuses, the
 * points already spent are given back (the refused attempt checks nothing) and its 429 is thrown.
 */
export async function consumeAll(
  port: RateLimitPort,
  spends: readonly RateLimitSpend[],
): Promise<void> {
  for (let index = 0; index < spends.length; index++) {
    const [name, key] = spends[index]!;
    try {
      await port.consume(name, key);
    } catch (error) {
      await refundAll(port, spends.slice(0, index));
      throw error;
    }
  }
}

/** Gives back one point of each limit (spent by consumeAll). */
export async function refundAll(
  port: RateLimitPort,
  spends: readonly RateLimitSpend[],
): Promise<void> {
  await Promise.all(spends.map(([name, key]) => port.refund(name, key)));
}
