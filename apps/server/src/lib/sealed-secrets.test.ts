import { describe, expect, it } from "vitest";
import { SealedSecrets } from "./sealed-secrets";

const KEY = "a-long-enough-encryption-key-for-tests-0123456789";

describe("sealed secrets (AES-256-GCM under SECRETS_ENCRYPTION_KEY)", () => {
  it("opens what it sealed for the same context; each seal differs and hides the secret", () => {
    const sealer = new SealedSecrets(KEY);
    const secret = "studio-wallet-key-Zx9_-";
    const one = sealer.seal(secret, "game-provider-key:7");
    const two = sealer.seal(secret, "game-provider-key:7");
    expect(one).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain(secret);
    expect(sealer.open(one, "game-provider-key:7")).toBe(secret);
    expect(new SealedSecrets(KEY).open(two, "game-provider-key:7")).toBe(secret);
  });

  it("opens nothing under another key or context, altered, or in another format", () => {
    const sealer = new SealedSecrets(KEY);
    const sealed = sealer.seal("secret", "game-provider-key:7");
    expect(new SealedSecrets(`${KEY}!`).open(sealed, "game-provider-key:7")).toBeNull();
    expect(sealer.open(sealed, "game-provider-key:8")).toBeNull();
    const [version, iv, body] = sealed.split(".") as [string, string, string];
    const flipped = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(sealer.open(`${version}.${iv}.${flipped}`, "game-provider-key:7")).toBeNull();
    expect(sealer.open(`v2.${iv}.${body}`, "game-provider-key:7")).toBeNull();
    expect(sealer.open(`${version}.${iv}`, "game-provider-key:7")).toBeNull();
    expect(sealer.open(`${version}.AAAA.${body}`, "game-provider-key:7")).toBeNull();
    expect(sealer.open(`${version}.${iv}.AAAA`, "game-provider-key:7")).toBeNull();
    expect(sealer.open("secret", "game-provider-key:7")).toBeNull();
  });

  it("opens what a previous key sealed and calls it stale; a new seal is under the current key", () => {
    const old = new SealedSecrets(KEY);
    const sealed = old.seal("rotated", "game-provider-key:7");
    const changing = new SealedSecrets(`${KEY}-new`, [KEY]);
    expect(changing.open(sealed, "game-provider-key:7")).toBe("rotated");
    expect(changing.stale(sealed, "game-provider-key:7")).toBe(true);
    const again = changing.seal("rotated", "game-provider-key:7");
    expect(changing.stale(again, "game-provider-key:7")).toBe(false);
    expect(new SealedSecrets(`${KEY}-new`).open(again, "game-provider-key:7")).toBe("rotated");
    expect(new SealedSecrets(`${KEY}-new`).open(sealed, "game-provider-key:7")).toBeNull();
    expect(changing.stale("garbage", "game-provider-key:7")).toBe(false);
  });
});
