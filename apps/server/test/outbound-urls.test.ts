// URLs the server calls that an operator or a provider sets (lib/outbound-url.ts): with
// OUTBOUND_HTTPS_ONLY and without OUTBOUND_PRIVATE_ADDRESSES (production's defaults) a
// provider's free-spins URL must be https and public (422 naming the field), its launch URL
// https; the site's own paths and PUBLIC_URL stay allowed (the sandboxes); and a URL stored
// before the rule is refused at call time: the studio's local endpoint never hears of the grant.
// Runs on PGlite and PostgreSQL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../src/config";
import { gamePlayer } from "./game-helpers";
import { testConfig } from "./helpers";
import {
  fieldsOf,
  operatorCreated,
  operatorRequest,
  operatorTestApp,
  uniqueSlug,
} from "./operator-helpers";
import type { PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await operatorTestApp({
    OUTBOUND_HTTPS_ONLY: "true",
    OUTBOUND_PRIVATE_ADDRESSES: "false",
  });
});
afterAll(async () => app?.close());

const providers = "/api/operator/game-providers";
const create = (fields: Record<string, unknown>) =>
  operatorRequest(app, "POST", providers, {
    slug: uniqueSlug("outbound"),
    name: "Outbound Studio",
    ...fields,
  });

describe("an operator setting a provider's URLs", () => {
  it("refuses free-spins URLs that are not https or point at private, loopback, link-local or metadata addresses (422 naming the field)", async () => {
    const refused = [
      "http://games.example/free-spins",
      "https://127.0.0.1/free-spins",
      "https://127.1/free-spins",
      "https://2130706433/free-spins",
      "https://0x7f.0.0.1/free-spins",
      "https://localhost:8443/free-spins",
      "https://api.localhost/free-spins",
      "https://10.0.0.8/free-spins",
      "https://192.168.1.20/free-spins",
      "https://169.254.169.254/latest/meta-data",
      "https://metadata/computeMetadata/v1",
      "https://[::1]/free-spins",
      "https://[::ffff:127.0.0.1]/free-spins",
      "https://[fd00:ec2::254]/free-spins",
      "https://0.0.0.0/free-spins",
      "https://user:secret@games.example/free-spins",
    ];
    for (const freeSpinsUrl of refused) {
      expect(Object.keys(fieldsOf(await create({ freeSpinsUrl }))), freeSpinsUrl).toEqual([
        "freeSpinsUrl",
      ]);
    }
    const launch = await create({ launchUrl: "http://games.example/play/{gameCode}" });
    expect(Object.keys(fieldsOf(launch))).toEqual(["launchUrl"]);
    expect(
      Object.keys(fieldsOf(await create({ launchUrl: "https://10.1.2.3/play/{gameCode}" }))),
    ).toEqual(["launchUrl"]);

    // A change is checked too; the provider keeps what it had.
    const provider = await operatorCreated(app, providers, {
      slug: uniqueSlug("outbound"),
      name: "Outbound Studio",
      freeSpinsUrl: "https://8.8.8.8/free-spins",
      launchUrl: "https://{gameCode}.games.example/play?token={token}",
    });
    const patched = await operatorRequest(app, "PATCH", `${providers}/${provider.id}`, {
      freeSpinsUrl: "https://169.254.169.254/",
    });
    expect(Object.keys(fieldsOf(patched))).toEqual(["freeSpinsUrl"]);
    const read = await operatorRequest(app, "GET", `${providers}/${provider.id}`);
    expect(read.json().data.freeSpinsUrl).toBe("https://8.8.8.8/free-spins");
  });

  it("takes this site's own paths and PUBLIC_URL (reached in-process, how the sandboxes work)", async () => {
    for (const freeSpinsUrl of [
      "/studio/api/platform/free-spins",
      `${app.testConfig.publicUrl}/studio/api/platform/free-spins`,
    ]) {
      const response = await create({ freeSpinsUrl });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

describe("a call to a URL stored before the rule", () => {
  it("is refused at call time: the grant never reaches a loopback endpoint, the activation is 503 and can be tried again", async () => {
    const received: string[] = [];
    const endpoint = http.createServer((request, response) => {
      received.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
    await new Promise<void>((ok) => endpoint.listen(0, "127.0.0.1", ok));
    try {
      const { port } = endpoint.address() as AddressInfo;
      const provider = await operatorCreated(app, providers, {
        slug: uniqueSlug("outbound"),
        name: "Outbound Studio",
        launchUrl: "https://games.outbound.example/play/{gameCode}?token={token}",
      });
      // Written straight to the database: what an older version (or a rebinding name) left.
      await app.testDb.query("UPDATE game_providers SET free_spins_url = $1 WHERE id = $2", [
        `http://127.0.0.1:${port}/free-spins`,
        provider.id,
      ]);
      const keyed = await operatorRequest(
        app,
        "POST",
        `${providers}/${provider.id}/wallet-keys`,
        {},
      );
      expect(keyed.statusCode, keyed.body).toBe(201);
      const game = await operatorCreated(app, "/api/operator/games", {
        provider: provider.slug,
        code: uniqueSlug("code"),
        slug: uniqueSlug("outbound-game"),
        title: "Outbound Reels",
        hasDemo: false,
      });
      const player = await gamePlayer(app, { game: game.slug, funds: "0" });
      const bonus = await operatorCreated(app, "/api/operator/bonuses", {
        slug: uniqueSlug("outbound-spins"),
        type: 3,
        kind: "code",
        name: "Outbound spins",
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
      const applied = await app.inject({
        method: "POST",
        url: "/api/game/bonuses/bonuscodes",
        headers: player.headers,
        payload: { bonusCode: code, trigger: 1 },
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const spins = (
        await app.inject({ url: "/api/game/player-freespins", headers: player.headers })
      ).json().data as { id: number; status: number }[];
      const waiting = spins.find((item) => item.status === 1);
      expect(waiting).toBeDefined();
      const activated = await app.inject({
        method: "PUT",
        url: `/api/game/player-freespins/${waiting!.id}/activate`,
        headers: player.headers,
      });
      expect(activated.statusCode, activated.body).toBe(503);
      expect(received).toEqual([]);
    } finally {
      endpoint.close();
    }
  });
});

describe("the OpenID issuer (OIDC_ISSUER)", () => {
  it("must be https and public in production: the server does not start otherwise", () => {
    const start = (env: Record<string, string>) => () =>
      testConfig({ NODE_ENV: "production", OIDC_CLIENT_ID: "casino", ...env });
    expect(start({ OIDC_ISSUER: "http://id.example.com" })).toThrow(ConfigError);
    expect(start({ OIDC_ISSUER: "https://10.0.0.4/realms/casino" })).toThrow(/OIDC_ISSUER/);
    expect(start({ OIDC_ISSUER: "https://169.254.169.254/" })).toThrow(/OIDC_ISSUER/);
    expect(start({ OIDC_ISSUER: "https://localhost/" })).toThrow(/OIDC_ISSUER/);
    expect(start({ OIDC_ISSUER: "https://id.example.com/realms/casino" })()).toMatchObject({
      social: { oidcIssuer: "https://id.example.com/realms/casino" },
    });
    // Outside production a developer's local identity service is fine.
    expect(testConfig({ OIDC_ISSUER: "http://127.0.0.1:8080/realms/dev" }).social.oidcIssuer).toBe(
      "http://127.0.0.1:8080/realms/dev",
    );
  });
});
