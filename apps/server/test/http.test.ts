import { ErrorCode } from "@casino/contract/errors";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../src/infra/migrate";
import { seed } from "../src/seed";
import {
  buildTestApp,
  createTestApp,
  createTestDatabase,
  expectErrorBody,
  type TestApp,
} from "./helpers";

/** Every route of this foundation, with a valid URL. */
const ROUTES = [
  "/api/health",
  "/api/settings/currencies",
  "/api/settings/locales",
  "/api/settings/countries",
  "/api/settings/constants",
  "/api/player/init",
  "/api/game/collections",
  "/api/game/providers",
  "/api/game/providers/1",
  "/api/content/en/alerts",
] as const;

describe("HTTP conventions", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const expectClientError = (response: Awaited<ReturnType<TestApp["inject"]>>, status?: number) => {
    if (status !== undefined) expect(response.statusCode).toBe(status);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    return expectErrorBody(response.json());
  };

  it.each(ROUTES)("every route answers 200 JSON: %s", async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it.each(ROUTES)("BE-02 an unknown query parameter is a 422 naming it: %s", async (url) => {
    const response = await app.inject({ url: `${url}?debug=1` });
    const body = expectClientError(response, 422);
    expect(body.error.code).toBe(ErrorCode.UnprocessableEntity);
    expect(body.error.fields).toEqual({ debug: ["Unknown field"] });
  });

  it.each(ROUTES)("BE-02 a POST with broken JSON is a JSON 400: %s", async (url) => {
    const response = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: '{"a":',
    });
    expectClientError(response, 400);
  });

  it.each(ROUTES)("BE-02 a body of an unsupported type is a JSON 415: %s", async (url) => {
    const response = await app.inject({
      method: "PUT",
      url,
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expectClientError(response, 415);
  });

  it.each(ROUTES)("BE-02 an oversized body is a JSON 413: %s", async (url) => {
    const response = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ filler: "x".repeat(2 * 1024 * 1024) }),
    });
    expectClientError(response, 413);
  });

  it.each(ROUTES)("BE-02 a method the route lacks is a JSON 404: %s", async (url) => {
    const response = await app.inject({ method: "DELETE", url });
    expectClientError(response, 404);
  });

  it.each(ROUTES)("BE-02 a GET with a junk body and JSON type is never a 500: %s", async (url) => {
    const response = await app.inject({
      url,
      headers: { "content-type": "application/json" },
      payload: "not json",
    });
    expect(response.statusCode).toBeLessThan(500);
  });

  it("API-01 BE-02 bad visible values are 422 with the field named", async () => {
    for (const query of ["visible=yes", "visible=", "visible=1&visible=0", "visible[]=1"]) {
      const response = await app.inject({ url: `/api/settings/currencies?${query}` });
      const body = expectClientError(response, 422);
      expect(Object.keys(body.error.fields ?? {}), query).toContain("visible");
    }
  });

  it("BE-02 a broken percent-encoding in the query is a 4xx, not a 500", async () => {
    const response = await app.inject({ url: "/api/settings/currencies?visible=%E0%A4%A" });
    expect(response.statusCode).toBeLessThan(500);
  });

  it("BE-02 bad provider ids are 422 with the param named", async () => {
    for (const id of ["Bad$Id", "x".repeat(80), "1.5", "-1"]) {
      const response = await app.inject({ url: `/api/game/providers/${encodeURIComponent(id)}` });
      const body = expectClientError(response, 422);
      expect(Object.keys(body.error.fields ?? {}), id).toEqual(["id"]);
    }
  });

  it("BE-43 an unknown /api path is a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"] as const) {
      for (const url of ["/api/nope/deeper?x=1", "/api", "/api/"]) {
        const response = await app.inject({ method, url });
        const body = expectClientError(response, 404);
        expect(body).toEqual({ error: { code: 404, message: "Not Found" } });
      }
    }
  });

  it("a non-API path without the web build is a JSON 404", async () => {
    expectClientError(await app.inject({ url: "/some/page" }), 404);
  });

  it("security headers are on every answer: 200, 404, 422 and the docs", async () => {
    for (const url of [
      "/api/settings/locales",
      "/api/nope",
      "/api/game/providers/$",
      "/api/docs",
    ]) {
      const response = await app.inject({ url });
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("SAMEORIGIN");
      expect(response.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("connect-src 'self' ws://127.0.0.1:");
    }
  });

  it("the request id is taken from x-request-id when sane, else generated, and echoed", async () => {
    const given = await app.inject({
      url: "/api/health",
      headers: { "x-request-id": "abc-123" },
    });
    expect(given.headers["x-request-id"]).toBe("abc-123");
    const generated = await app.inject({ url: "/api/health" });
    expect(String(generated.headers["x-request-id"])).toMatch(/^[0-9a-f-]{36}$/);
    const junk = await app.inject({
      url: "/api/health",
      headers: { "x-request-id": "<script>" },
    });
    expect(junk.headers["x-request-id"]).not.toBe("<script>");
  });

  it("the OpenAPI document lists every route with the shared ErrorBody", async () => {
    const response = await app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    for (const path of [
      "/api/health",
      "/api/settings/currencies",
      "/api/settings/locales",
      "/api/settings/countries",
      "/api/settings/constants",
      "/api/player/init",
      "/api/game/collections",
      "/api/game/providers",
      "/api/game/providers/{id}",
      "/api/content/{locale}/{*}",
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(Object.keys(document.paths)).not.toContain("/api/{*}");
    expect(Object.keys(document.components.schemas).join(",")).toMatch(/ErrorBody/);
    const ui = await app.inject({ url: "/api/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("BE-04 GET answers are repeatable (the client retries them once)", async () => {
    const first = await app.inject({ url: "/api/settings/countries" });
    const second = await app.inject({ url: "/api/settings/countries" });
    expect(second.body).toBe(first.body);
  });
});

describe("database outage", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await createTestDatabase();
    await migrate(database.db);
    await seed(database.db);
    app = await buildTestApp(database.db);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
    await database.close();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("health answers 503 with the error body when the database is unreachable", async () => {
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(expectErrorBody(response.json()).error.code).toBe(ErrorCode.ServiceUnavailable);
  });

  it("an unexpected failure is a 500 JSON that says nothing about internals", async () => {
    const response = await app.inject({ url: "/api/settings/locales" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 500, message: "Internal Server Error" } });
  });
});
