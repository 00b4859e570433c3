// The back office's tests share a root operator key per file (OPERATOR_API_TOKEN of its server),
// named keys issued with it, and the sign-in with a key.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { Site } from "./fixture";

/** A fresh root key for a test file's server (OPERATOR_API_TOKEN). */
export const newRootKey = () => randomBytes(24).toString("hex");

/** A named operator key with these scopes, issued by the root key. */
export async function issueOperatorKey(
  site: Site,
  root: string,
  name: string,
  scopes: string[],
): Promise<{ token: string; id: number }> {
  const response = await fetch(`${site.server.url}/api/operator/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${root}`, "content-type": "application/json" },
    body: JSON.stringify({ name, scopes }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { token: string; id: number } }).data;
}

/** Signs the page in to the back office with an operator key. */
export async function signInWithKey(page: Page, key: string): Promise<void> {
  await page.goto("/backoffice");
  await page.getByText("Sign in with an operator key").click();
  await page.getByLabel("Operator key").fill(key);
  await page.getByRole("button", { name: "Sign in with the key" }).click();
}

/** Opens a desk from the back office's navigation. */
export async function openDesk(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Desks" }).getByRole("link", { name }).click();
}
