import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, PASSWORD_HASH_MINIMUM } from "../config";
import { createPasswordHasher } from "./passwords";

const secrets = { JWT_SECRET: "j".repeat(32), WEBHOOK_SECRET: "w".repeat(32) };

describe("password hashing", () => {
  it("defaults to Argon2id with at least m=19456 KiB, t=2, p=1 (OWASP)", () => {
    expect(PASSWORD_HASH_MINIMUM.memoryKiB).toBeGreaterThanOrEqual(19_456);
    expect(PASSWORD_HASH_MINIMUM.timeCost).toBeGreaterThanOrEqual(2);
    for (const nodeEnv of ["production", "development"]) {
      const config = loadConfig({ ...secrets, NODE_ENV: nodeEnv });
      expect(config.auth.passwordHash).toEqual({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    }
  });

  it("refuses weaker settings in production, allows them in tests", () => {
    const weak = { PASSWORD_HASH_MEMORY_KIB: "1024", PASSWORD_HASH_TIME_COST: "1" };
    expect(() => loadConfig({ ...secrets, ...weak, NODE_ENV: "production" })).toThrow(ConfigError);
    expect(loadConfig({ ...secrets, ...weak, NODE_ENV: "test" }).auth.passwordHash.memoryKiB).toBe(
      1024,
    );
  });

  it("writes Argon2id hashes with the configured cost and verifies them", async () => {
    const hasher = createPasswordHasher({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hasher.hash("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, "correct horse")).toBe(true);
    expect(await hasher.verify(hash, "wrong horse")).toBe(false);
    expect(await hasher.verify("not a hash", "x")).toBe(false);
    await expect(hasher.verifyDummy("anything")).resolves.toBeUndefined();
  });
});
