import { ErrorCode } from "@casino/contract/errors";
import { GameCollectionList, GameProviderList, GameProviderResponse } from "@casino/contract/game";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  createTestApp,
  expectErrorBody,
  ipv4InCountry,
  type TestApp,
} from "./helpers";

describe("game catalogue", () => {
  let app: TestApp;
  let trusting: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    trusting = await buildTestApp(app.testDb, { COUNTRY_HEADER: "cf-ipcountry" });
  });
  afterAll(async () => {
    await trusting?.close();
    await app?.close();
  });

  const slugs = async (
    target: FastifyInstance,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) => {
    const response = await target.inject({
      url: "/api/game/collections",
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(response.statusCode).toBe(200);
    return GameCollectionList.parse(response.json()).data.map((collection) => collection.slug);
  };

  it("API-59 collections come ordered by position with id, slug, name and position", async () => {
    const response = await app.inject({ url: "/api/game/collections" });
    const { data } = GameCollectionList.parse(response.json());
    expect(data.map((collection) => collection.slug)).toEqual([
      "popular",
      "new",
      "slots",
      "live-casino",
      "table-games",
    ]);
    const positions = data.map((collection) => collection.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(response.headers["cache-control"]).toMatch(/^private/);
  });

  it("API-59 GEO-05 collections depend on the request country (header)", async () => {
    expect(await slugs(trusting, { "cf-ipcountry": "DE" })).not.toContain("live-casino");
    expect(await slugs(trusting, { "cf-ipcountry": "BR" })).toContain("live-casino");
  });

  it("API-59 GEO-05 collections depend on the request country (GeoIP)", async () => {
    expect(await slugs(app, {}, ipv4InCountry("DE"))).not.toContain("live-casino");
    expect(await slugs(app, {}, ipv4InCountry("BR"))).toContain("live-casino");
  });

  it("GEO-05 restrictions are data: an operator restricts a collection in a country", async () => {
    await app.testDb.query(
      "UPDATE game_collections SET restricted_countries = ARRAY['BR'] WHERE slug = 'slots'",
    );
    try {
      expect(await slugs(trusting, { "cf-ipcountry": "BR" })).not.toContain("slots");
      expect(await slugs(trusting, { "cf-ipcountry": "CA" })).toContain("slots");
    } finally {
      await app.testDb.query(
        "UPDATE game_collections SET restricted_countries = '{}' WHERE slug = 'slots'",
      );
    }
  });

  it("API-60 API-61 providers list and one provider by id or slug", async () => {
    const list = GameProviderList.parse((await app.inject({ url: "/api/game/providers" })).json());
    expect(list.data.map((provider) => provider.slug)).toContain("originals");
    const first = list.data[0]!;
    const byId = await app.inject({ url: `/api/game/providers/${first.id}` });
    expect(byId.statusCode).toBe(200);
    expect(GameProviderResponse.parse(byId.json()).data).toEqual(first);
    const bySlug = await app.inject({ url: `/api/game/providers/${first.slug}` });
    expect(GameProviderResponse.parse(bySlug.json()).data).toEqual(first);
  });

  it("an unknown provider is a JSON 404", async () => {
    for (const url of ["/api/game/providers/999999", "/api/game/providers/no-such-studio"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(expectErrorBody(response.json()).error.code).toBe(ErrorCode.NotFound);
    }
  });
});
