// Test helpers for the operator API: a bearer token for the test app, signed-in calls, and the
// error.fields of a 422.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { GAME_TEST_ENV } from "./game-helpers";
import { expectErrorBody } from "./helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

/** A JSON answer, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
export type Json = Record<string, any>;

/** Give the app OPERATOR_API_TOKEN: OPERATOR_TEST_TOKEN. */
export const OPERATOR_TEST_TOKEN = randomBytes(24).toString("hex");

/** The environment of an operator API test app: the games' and the operator's keys. */
export const OPERATOR_TEST_ENV = { ...GAME_TEST_ENV, OPERATOR_API_TOKEN: OPERATOR_TEST_TOKEN };

/** A test app with the operator API on (OPERATOR_TEST_ENV and `env`). */
export const operatorTestApp = (env: Record<string, string> = {}) =>
  createPlayerTestApp({ ...OPERATOR_TEST_ENV, ...env });

/** An operator API call with the bearer token. */
export function operatorRequest(
  app: PlayerTestApp,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPERATOR_TEST_TOKEN}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The error.fields of an answer that must be a 422. */
export function fieldsOf(response: { statusCode: number; body: string; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(422);
  return expectErrorBody(response.json()).error.fields ?? {};
}

/** A slug or code no other test uses: `prefix-<8 hex>`. */
export const uniqueSlug = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

/** Creates through the operator API and returns the created row (expects 201). */
export async function operatorCreated(
  app: PlayerTestApp,
  url: string,
  payload: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
): Promise<Record<string, any>> {
  const response = await operatorRequest(app, "POST", url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}
