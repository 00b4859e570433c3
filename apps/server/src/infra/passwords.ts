import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

export interface PasswordHashCost {
  memoryKiB: number;
  timeCost: number;
  parallelism: 1;
}

/** Argon2id password hashing (@node-rs/argon2), with the cost from configuration. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed hash; never throws on user input. */
  verify(hashed: string, password: string): Promise<boolean>;
  /**
   * Burns the same time as checking a real account's password, for logins of accounts that do
   * not exist, so timing does not tell which e-mails are registered.
   */
  verifyDummy(password: string): Promise<void>;
}

// @node-rs/argon2 declares Algorithm as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.timeCost,
    parallelism: cost.parallelism,
  };
  let dummy: Promise<string> | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(hashed, password) {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(16).toString("hex"), options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}
