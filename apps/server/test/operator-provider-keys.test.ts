// Provider wallet keys as the operator's data (migration 0043, ADR 0015): a provider created
// through the API plays once the operator issues its key, without a restart; keys rotate with
// both verifying during the switch; a retired key is refused; keys are sealed at rest and
// shown once; another server of the database sees a new key at once; grants to the studio are
// signed with its oldest active key. Runs on PGlite and PostgreSQL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ProviderWalletError } from "@casino/contract/game";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../src/context";
import { resealWalletKeys } from "../src/modules/game/provider-keys";
import { signWalletBody } from "../src/modules/studio/platform-client";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import {
  gamePlayer,
  type ProviderAction,
  providerCall,
  providerId,
  TEST_PROVIDER,
} from "./game-helpers";
import { buildTestApp, expectErrorCode, testConfig } from "./helpers";
import {
  fieldsOf,
  OPERATOR_TEST_ENV,
  operatorCreated,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp();
});
afterAll(async () => app?.close());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) =>
  operatorRequest(app, method, url, payload);
const keysUrl = (providerId: number) => `/api/operator/game-providers/${providerId}/wallet-keys`;

/** Issues a key (expects 201) and returns it with its secret. */
async function issue(provider: number, body: Json = {}): Promise<Json> {
  const response = await call("POST", keysUrl(provider), body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function listKeys(provider: number): Promise<Json[]> {
  const response = await call("GET", keysUrl(provider));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A studio created through the operator API, with one game and a player in a real session. */
async function studioWithPlayer(providerFields: Json = {}) {
  const provider = await operatorCreated(app, "/api/operator/game-providers", {
    slug: uniqueSlug("keyed"),
    name: "Keyed Studio",
    launchUrl: "https://games.keyed.example/play/{gameCode}?token={token}",
    ...providerFields,
  });
  const game = await operatorCreated(app, "/api/operator/games", {
    provider: provider.slug,
    code: uniqueSlug("code"),
    slug: uniqueSlug("keyed-game"),
    title: "Keyed Reels",
    hasDemo: false,
  });
  const player = await gamePlayer(app, { game: game.slug, funds: "30.00" });
  /** A wallet call of this studio signed with `secret`, on `on` (this app by default). */
  const walletCall = (
    action: ProviderAction,
    body: Json,
    secret: string,
    on: PlayerTestApp = app,
  ) =>
    providerCall(on, action, { token: player.token, ...body }, { provider: provider.slug, secret });
  return { provider, game, player, walletCall };
}

describe("issuing a provider's wallet key", () => {
  it("BE-32 a provider created through the API plays once its key is issued, without a restart; the key is shown once and sealed at rest", async () => {
    const { provider, walletCall } = await studioWithPlayer();
    expect(provider.hasWalletKey).toBe(false);
    expect(await listKeys(provider.id)).toEqual([]);
    // Without a key every call is refused, whatever it is signed with.
    expectErrorCode(
      await walletCall("balance", {}, "k".repeat(43)),
      401,
      ProviderWalletError.InvalidSignature,
    );

    const key = await issue(provider.id);
    expect(key).toEqual({
      id: expect.any(Number),
      source: "operator",
      fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{16}$/),
      createdAt: app.clock.now().toISOString(),
      retiredAt: null,
      usable: true,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });

    // The studio configures it and plays a round.
    const balance = await walletCall("balance", {}, key.secret);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().data).toMatchObject({
      balance: "30.00",
      playerId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const roundId = providerId("round");
    const bet = await walletCall(
      "bet",
      { transactionId: providerId("bet"), roundId, amount: "4.00", currency: "EUR" },
      key.secret,
    );
    expect(bet.statusCode, bet.body).toBe(200);
    const win = await walletCall(
      "win",
      { transactionId: providerId("win"), roundId, amount: "10.00", currency: "EUR" },
      key.secret,
    );
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().data.balance).toBe("36.00");

    // Listed without the key; the provider now has one.
    const { secret, ...shown } = key;
    expect(await listKeys(provider.id)).toEqual([shown]);
    const providers = (await call("GET", "/api/operator/game-providers")).json().data as Json[];
    expect(providers.find((p) => p.id === provider.id)).toMatchObject({ hasWalletKey: true });
    // Every provider's keys at once, by name (what an access-only key sees).
    const all = (await call("GET", "/api/operator/wallet-keys")).json().data as Json[];
    expect(all.find((item) => item.provider.id === provider.id)).toEqual({
      provider: { id: provider.id, slug: provider.slug, name: provider.name },
      keys: [shown],
    });
    // GAME_PROVIDER_SECRETS's key shows first for the provider it names.
    expect(all.find((item) => item.provider.slug === TEST_PROVIDER)?.keys[0]).toMatchObject({
      id: null,
      source: "environment",
    });

    // At rest: neither the key's row nor the audit trail holds the key.
    const rows = await app.testDb.query<{ row: string }>(
      "SELECT to_jsonb(k)::text AS row FROM game_provider_keys k WHERE provider_id = $1",
      [provider.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).not.toContain(secret);
    expect(rows[0]!.row).toContain(key.fingerprint);
    const audit = await app.testDb.query<{ action: string; changes: string }>(
      `SELECT action, changes::text AS changes FROM operator_changes
        WHERE kind = 'game-provider-key' AND entity_id = $1`,
      [String(key.id)],
    );
    expect(audit).toEqual([{ action: "create", changes: `{"providerId": ${provider.id}}` }]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("a replay by key answers the first key again (200); concurrent issues with one key make one key", async () => {
    const { provider } = await studioWithPlayer();
    const body = { key: uniqueSlug("issue") };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", keysUrl(provider.id), body)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const secrets = new Set(answers.map((answer) => answer.json().data.secret));
    expect(secrets.size).toBe(1);
    expect(await listKeys(provider.id)).toHaveLength(1);
    const later = await call("POST", keysUrl(provider.id), body);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.secret).toBe([...secrets][0]);
  });
});

describe("rotating a provider's wallet keys", () => {
  it("BE-32 both keys verify during the switch, the retired one is refused at once, and the player keeps their id", async () => {
    const { provider, walletCall } = await studioWithPlayer();
    const first = await issue(provider.id);
    const playerIdWith = async (secret: string) => {
      const response = await walletCall("balance", {}, secret);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.playerId as string;
    };
    const playerId = await playerIdWith(first.secret);

    app.clock.advance(60);
    const second = await issue(provider.id);
    expect(second.fingerprint).not.toBe(first.fingerprint);
    expect(await playerIdWith(first.secret)).toBe(playerId);
    expect(await playerIdWith(second.secret)).toBe(playerId);
    // A round may even straddle the switch: its bet with the old key, its win with the new.
    const roundId = providerId("round");
    const bet = await walletCall(
      "bet",
      { transactionId: providerId("bet"), roundId, amount: "5.00", currency: "EUR" },
      first.secret,
    );
    expect(bet.statusCode, bet.body).toBe(200);

    const retired = await call("DELETE", `${keysUrl(provider.id)}/${first.id}`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data).toMatchObject({
      id: first.id,
      retiredAt: app.clock.now().toISOString(),
    });
    expectErrorCode(
      await walletCall("balance", {}, first.secret),
      401,
      ProviderWalletError.InvalidSignature,
    );
    const win = await walletCall(
      "win",
      { transactionId: providerId("win"), roundId, amount: "0", currency: "EUR" },
      second.secret,
    );
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().data.balance).toBe("25.00");
    expect(await playerIdWith(second.secret)).toBe(playerId);

    // Retiring again changes nothing; the list keeps the retired key.
    app.clock.advance(60);
    const again = await call("DELETE", `${keysUrl(provider.id)}/${first.id}`);
    expect(again.json().data.retiredAt).toBe(retired.json().data.retiredAt);
    expect((await listKeys(provider.id)).map((key) => [key.id, key.retiredAt !== null])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    const audit = await app.testDb.query<{ action: string }>(
      `SELECT action FROM operator_changes WHERE kind = 'game-provider-key' AND entity_id = $1
        ORDER BY id`,
      [String(first.id)],
    );
    expect(audit.map((row) => row.action)).toEqual(["create", "delete"]);
  });

  it("at most three active keys (409); retiring one makes room; unknown keys and providers are 404", async () => {
    const { provider } = await studioWithPlayer();
    const other = await studioWithPlayer();
    const keys = [await issue(provider.id), await issue(provider.id), await issue(provider.id)];
    expectErrorCode(await call("POST", keysUrl(provider.id), {}), 409, 409);
    const retired = await call("DELETE", `${keysUrl(provider.id)}/${keys[0]!.id}`);
    expect(retired.statusCode, retired.body).toBe(200);
    await issue(provider.id);

    // Another provider's key, an unknown key, an unknown provider.
    expectErrorCode(await call("DELETE", `${keysUrl(other.provider.id)}/${keys[1]!.id}`), 404, 404);
    expectErrorCode(await call("DELETE", `${keysUrl(provider.id)}/999999`), 404, 404);
    expectErrorCode(await call("GET", keysUrl(999999)), 404, 404);
    expectErrorCode(await call("POST", keysUrl(999999), {}), 404, 404);
    expect(fieldsOf(await call("POST", keysUrl(provider.id), { secret: "mine" }))).toHaveProperty(
      "secret",
    );
    expect(fieldsOf(await call("DELETE", `${keysUrl(provider.id)}/first`))).toHaveProperty("keyId");
  });
});

describe("keys across servers", () => {
  it("a key issued on one server verifies calls on another at once; a key retired there stops within 10 s", async () => {
    const { provider, walletCall } = await studioWithPlayer();
    const other = (await buildTestApp(app.testDb, OPERATOR_TEST_ENV, {
      config: app.testConfig,
      now: app.clock.now,
    })) as PlayerTestApp;
    try {
      other.clock = app.clock;
      const first = await issue(provider.id);
      const onOther = (secret: string) => walletCall("balance", {}, secret, other);
      expect((await onOther(first.secret)).statusCode).toBe(200);

      // The other server has the provider cached with one key; a call with a new key reloads
      // it (at most once a second).
      app.clock.advance(2);
      const second = await issue(provider.id);
      expect((await onOther(second.secret)).statusCode).toBe(200);

      await call("DELETE", `${keysUrl(provider.id)}/${first.id}`);
      // Refused at once where it was retired; on the other server once its cache expires.
      expect((await walletCall("balance", {}, first.secret)).statusCode).toBe(401);
      app.clock.advance(11);
      expectErrorCode(await onOther(first.secret), 401, ProviderWalletError.InvalidSignature);
      expect((await onOther(second.secret)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("a server with another SECRETS_ENCRYPTION_KEY cannot open the keys: it refuses their calls and lists them as not usable", async () => {
    const { provider, walletCall } = await studioWithPlayer();
    const key = await issue(provider.id, { key: uniqueSlug("sealed") });
    const stranger = (await buildTestApp(
      app.testDb,
      { ...OPERATOR_TEST_ENV, SECRETS_ENCRYPTION_KEY: "another-key-".repeat(4) },
      { now: app.clock.now },
    )) as PlayerTestApp;
    try {
      stranger.clock = app.clock;
      expectErrorCode(
        await walletCall("balance", {}, key.secret, stranger),
        401,
        ProviderWalletError.InvalidSignature,
      );
      const listed = await operatorRequest(stranger, "GET", keysUrl(provider.id));
      expect(listed.json().data).toEqual([expect.objectContaining({ id: key.id, usable: false })]);
      // A replay there cannot show the key: 409, and nothing new is issued.
      const replay = await operatorRequest(stranger, "POST", keysUrl(provider.id), {
        key: (
          await app.testDb.query<{ key: string }>(
            "SELECT key FROM operator_keys WHERE kind = 'game-provider-key' AND entity_id = $1",
            [String(key.id)],
          )
        )[0]!.key,
      });
      expectErrorCode(replay, 409, 409);
      expect(await listKeys(provider.id)).toHaveLength(1);
    } finally {
      await stranger.close();
    }
  });
});

describe("changing SECRETS_ENCRYPTION_KEY", () => {
  it("with the old key as SECRETS_ENCRYPTION_KEY_PREVIOUS the keys keep working, the job seals them again, and then the old key can go", async () => {
    const { provider, walletCall } = await studioWithPlayer();
    const key = await issue(provider.id);
    const sealedOf = async () =>
      (
        await app.testDb.query<{ sealed: string }>(
          "SELECT sealed FROM game_provider_keys WHERE id = $1",
          [key.id],
        )
      )[0]!.sealed;
    const before = await sealedOf();
    const oldKey = app.testConfig.secrets.encryptionKey;
    const newKey = "the-new-secrets-encryption-key-0123456789";
    const changing = {
      ...OPERATOR_TEST_ENV,
      SECRETS_ENCRYPTION_KEY: newKey,
      SECRETS_ENCRYPTION_KEY_PREVIOUS: `some-even-older-key-0123456789abcdef,${oldKey}`,
    };
    const during = (await buildTestApp(app.testDb, changing, {
      now: app.clock.now,
    })) as PlayerTestApp;
    try {
      during.clock = app.clock;
      expect((await walletCall("balance", {}, key.secret, during)).statusCode).toBe(200);
      const ctx = {
        db: app.testDb,
        now: app.clock.now,
        config: testConfig(changing),
      } as unknown as AppContext;
      expect(await resealWalletKeys(ctx)).toBeGreaterThanOrEqual(1);
      expect(await sealedOf()).not.toBe(before);
      expect(await resealWalletKeys(ctx)).toBe(0);
    } finally {
      await during.close();
    }
    const after = (await buildTestApp(
      app.testDb,
      { ...OPERATOR_TEST_ENV, SECRETS_ENCRYPTION_KEY: newKey },
      { now: app.clock.now },
    )) as PlayerTestApp;
    try {
      after.clock = app.clock;
      expect((await walletCall("balance", {}, key.secret, after)).statusCode).toBe(200);
      const listed = await operatorRequest(after, "GET", keysUrl(provider.id));
      expect(listed.json().data).toEqual([expect.objectContaining({ id: key.id, usable: true })]);
    } finally {
      await after.close();
    }
  });
});

describe("calls to the studio", () => {
  it("BN-05 free-spin grants go signed with the provider's oldest active key and name the player as the wallet does", async () => {
    // The outside studio's free-spins endpoint, keeping what it receives.
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const endpoint = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { "content-type": "application/json" });
        response.end("{}");
      });
    });
    await new Promise<void>((ok) => endpoint.listen(0, "127.0.0.1", ok));
    try {
      const { port } = endpoint.address() as AddressInfo;
      const { provider, game, player } = await studioWithPlayer({
        freeSpinsUrl: `http://127.0.0.1:${port}/free-spins`,
      });
      const bonus = await operatorCreated(app, "/api/operator/bonuses", {
        slug: uniqueSlug("keyed-spins"),
        type: 3,
        kind: "code",
        name: "Keyed spins",
        assignConditions: { presets: { quantity: 5 } },
        freespinGame: game.slug,
        freespinBet: { items: [{ currency: "EUR", amount: "0.10" }] },
      });
      const code = uniqueSlug("SPINS").toUpperCase();
      await operatorCreated(app, "/api/operator/bonus-codes", {
        code,
        bonusId: bonus.id,
        trigger: 1,
        maxUses: 10,
      });
      const first = await issue(provider.id);
      const second = await issue(provider.id);

      /** A player applies the code and activates the spins: the grant sent, their wallet id. */
      const grantFor = async (who: typeof player) => {
        const applied = await app.inject({
          method: "POST",
          url: "/api/game/bonuses/bonuscodes",
          headers: who.headers,
          payload: { bonusCode: code, trigger: 1 },
        });
        expect(applied.statusCode, applied.body).toBe(200);
        const spins = (
          await app.inject({ url: "/api/game/player-freespins", headers: who.headers })
        ).json().data as Json[];
        const waiting = spins.find((item) => item.status === 1);
        if (waiting) {
          const activated = await app.inject({
            method: "PUT",
            url: `/api/game/player-freespins/${waiting.id}/activate`,
            headers: who.headers,
          });
          expect(activated.statusCode, activated.body).toBe(200);
        }
        const grant = received.at(-1)!;
        const balance = await providerCall(
          app,
          "balance",
          { token: who.token },
          { provider: provider.slug, secret: second.secret },
        );
        return {
          body: JSON.parse(grant.body) as Json,
          playerId: balance.json().data.playerId as string,
          signedWith: (secret: string) =>
            grant.headers["x-casino-signature"] ===
            signWalletBody(secret, Number(grant.headers["x-casino-timestamp"]), grant.body),
        };
      };

      const before = await grantFor(player);
      expect(received).toHaveLength(1);
      expect(before.signedWith(first.secret)).toBe(true);
      expect(before.body).toMatchObject({
        playerId: before.playerId,
        gameCode: game.code,
        spins: 5,
      });

      // Once the oldest key is retired, grants go signed with the next one.
      await call("DELETE", `${keysUrl(provider.id)}/${first.id}`);
      const after = await grantFor(await gamePlayer(app, { game: game.slug, funds: "0" }));
      expect(received).toHaveLength(2);
      expect(after.signedWith(second.secret)).toBe(true);
      expect(after.body.playerId).toBe(after.playerId);
    } finally {
      endpoint.close();
    }
  });
});
