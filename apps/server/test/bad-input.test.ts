// Bad input never gets a 500: every route the OpenAPI document lists is called with malformed
// path parameters, query values and bodies (fixed odd values, and fast-check's arbitrary JSON
// under the body schema's own field names), with the operator's root key for operator routes and
// as a signed-in player for the rest, so the calls get past the session check to validation and
// the handlers. Every answer must be below 500 and, when it is an error, the shared error body.
// Runs on PGlite and PostgreSQL.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import { OPERATOR_TEST_TOKEN, operatorTestApp } from "./operator-helpers";
import { type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
let playerToken = "";
beforeAll(async () => {
  app = await operatorTestApp({ SANDBOX_PAYMENTS: "true" });
  playerToken = (await registerByEmail(app)).tokens.accessToken;
});
afterAll(async () => app?.close());

type Method = "get" | "post" | "put" | "patch" | "delete";
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Path parameter values a caller could send by mistake or on purpose. */
const BAD_PARAMS = [
  "0",
  "-1",
  "abc",
  "1.5",
  "99999999999999999999999",
  "%00",
  "%F0%9F%92%A5",
  "null",
  "x".repeat(300),
] as const;

/** Values of the wrong type, size or shape for any field. */
const BAD_VALUES: unknown[] = [
  "",
  "x".repeat(5000),
  -1,
  1e308,
  1.5,
  true,
  null,
  [],
  {},
  "0",
  "99999999999999999999999999999",
  "💥",
  "a\u0000b",
  [{ a: [1] }],
];

/** Whole bodies that are not the object a route expects. */
const BAD_BODIES: unknown[] = [null, [], "text", 42, false, { nested: { deep: [[[[]]]] } }];

/** Routes a malformed call cannot reach in a meaningful way (documents, streams). */
const SKIPPED = [/^\/api\/docs/, /^\/api\/realtime/, /^\/sportsbook\/api\/stream$/];

function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value).replace(/\*/g, value);
}

/** Who calls: the operator's root key for operator routes, a signed-in player for the rest. */
const authFor = (path: string): Record<string, string> => ({
  authorization: `Bearer ${path.startsWith("/api/operator") ? OPERATOR_TEST_TOKEN : playerToken}`,
});

let requests = 0;

async function expectNoServerError(method: Method, path: string, url: string, payload: unknown) {
  requests += 1;
  const send = () =>
    app.inject({
      method: method.toUpperCase() as "GET",
      url,
      headers: {
        ...authFor(path),
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  let response = await send();
  if (response.statusCode === 401 && !path.startsWith("/api/operator")) {
    // A call signed the player out (or in as someone else): sign a new one in and call again, so
    // the rest of the routes are reached past their session check.
    playerToken = (await registerByEmail(app)).tokens.accessToken;
    response = await send();
  }
  const label = `${method.toUpperCase()} ${url.slice(0, 200)} ${JSON.stringify(payload)?.slice(0, 200)}`;
  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && String(response.headers["content-type"]).includes("json")) {
    expectErrorBody(response.json());
  }
}

describe("bad input", () => {
  it("BE-02 every route answers malformed parameters, queries and bodies below 500, with the error body", async () => {
    const document = (await app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Partial<Record<Method, Operation>>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => !SKIPPED.some((pattern) => pattern.test(path)))
      .flatMap(([path, methods]) =>
        (Object.entries(methods) as [Method, Operation][])
          .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
          .map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations.length).toBeGreaterThan(150);

    for (const [index, { path, method, operation }] of operations.entries()) {
      const hasBody = method !== "get" && method !== "delete";
      const fields = Object.keys(
        operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {},
      );
      const queries = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => parameter.name);
      // Path parameters.
      for (const value of BAD_PARAMS) {
        await expectNoServerError(method, path, fillPath(path, value), hasBody ? {} : undefined);
      }
      const url = fillPath(path, "1");
      // Query values.
      for (const value of BAD_VALUES.slice(0, 8)) {
        if (queries.length === 0) break;
        const query = queries
          .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
          .join("&");
        await expectNoServerError(method, path, `${url}?${query}&${queries[0]}=again`, undefined);
      }
      if (!hasBody) continue;
      // Whole bodies of the wrong shape, and each field of the wrong type.
      for (const body of BAD_BODIES) await expectNoServerError(method, path, url, body);
      for (const value of BAD_VALUES) {
        await expectNoServerError(
          method,
          path,
          url,
          Object.fromEntries(fields.map((field) => [field, value])),
        );
      }
      // Arbitrary JSON under the schema's field names.
      if (fields.length > 0) {
        await fc.assert(
          fc.asyncProperty(
            fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 })),
            async (body) => expectNoServerError(method, path, url, body),
          ),
          { numRuns: 8, seed: index },
        );
      }
    }
    // Enough calls reached the routes to mean something.
    expect(requests).toBeGreaterThan(operations.length * 10);
  }, 600_000);

  it("a NUL character, which PostgreSQL text cannot hold, is a 422 naming the field wherever it is sent", async () => {
    const body = await app.inject({
      method: "POST",
      url: "/api/player/passwords/reset",
      payload: { login: "a\u0000b@example.com" },
    });
    expect(body.statusCode, body.body).toBe(422);
    expect(body.json().error.fields).toEqual({ login: ["Must not contain a NUL character"] });
    const nested = await app.inject({
      method: "POST",
      url: "/api/operator/quests",
      headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
      payload: { slug: "nul", tasks: [{ name: "x\u0000" }] },
    });
    expect(nested.json().error.fields).toEqual({
      "tasks.0.name": ["Must not contain a NUL character"],
    });
    const query = await app.inject({ url: "/api/game/games?search=a%00b" });
    expect(query.statusCode, query.body).toBe(422);
    expect(query.json().error.fields).toEqual({ search: ["Must not contain a NUL character"] });
  });
});
