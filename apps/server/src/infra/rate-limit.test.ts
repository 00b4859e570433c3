import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { consumeAll, createMemoryRateLimiter, RATE_LIMITS } from "./rate-limit";

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a 429");
}

describe("memory rate limiter", () => {
  it("spends points per key, refuses with 429 and Retry-After, and forgets on reset", async () => {
    const limiter = createMemoryRateLimiter({ scale: 1 });
    const { points } = RATE_LIMITS.loginAccountIp;
    for (let i = 0; i < points; i++) await limiter.consume("loginAccountIp", "a|1.2.3.4");
    // check() refuses without spending; another key is untouched.
    const checked = await refusal(limiter.check("loginAccountIp", "a|1.2.3.4"));
    expect(checked.status).toBe(429);
    expect(checked.code).toBe(429);
    expect(Number(checked.headers?.["retry-after"])).toBeGreaterThan(0);
    expect(Number(checked.headers?.["retry-after"])).toBeLessThanOrEqual(15 * 60);
    await limiter.check("loginAccountIp", "a|5.6.7.8");
    await limiter.check("loginIp", "1.2.3.4");
    expect((await refusal(limiter.consume("loginAccountIp", "a|1.2.3.4"))).status).toBe(429);
    await limiter.reset("loginAccountIp", "a|1.2.3.4");
    await limiter.check("loginAccountIp", "a|1.2.3.4");
  });

  it("RATE_LIMIT_SCALE multiplies every allowance", async () => {
    const limiter = createMemoryRateLimiter({ scale: 3 });
    const { points } = RATE_LIMITS.passwordResetLogin;
    for (let i = 0; i < points * 3; i++) await limiter.consume("passwordResetLogin", "x");
    expect((await refusal(limiter.consume("passwordResetLogin", "x"))).status).toBe(429);
  });

  it("consume is atomic under concurrency; refund gives a point back; settings override an allowance", async () => {
    const limiter = createMemoryRateLimiter({
      scale: 1,
      limits: { loginAccount: { points: 4, seconds: 60 } },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => limiter.consume("loginAccount", "acct")),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(4);
    for (let i = 0; i < 4; i++) await limiter.consume("loginAccount", "other");
    await limiter.refund("loginAccount", "other");
    await limiter.consume("loginAccount", "other");
    expect((await refusal(limiter.consume("loginAccount", "other"))).status).toBe(429);
  });

  it("consumeAll gives back what it spent when a later limit refuses", async () => {
    const limiter = createMemoryRateLimiter({ scale: 1 });
    const { points } = RATE_LIMITS.loginAccountIp;
    for (let i = 0; i < points; i++) await limiter.consume("loginAccountIp", "a|9.9.9.9");
    for (let i = 0; i < RATE_LIMITS.loginIp.points + 5; i++) {
      const refused = await refusal(
        consumeAll(limiter, [
          ["loginIp", "9.9.9.9"],
          ["loginAccountIp", "a|9.9.9.9"],
        ]),
      );
      expect(refused.status).toBe(429);
    }
    // The IP's allowance is whole: the refused attempts checked nothing.
    await limiter.check("loginIp", "9.9.9.9");
  });
});
