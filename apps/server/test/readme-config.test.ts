import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { configDocsMarkdown } from "../src/config";

// The README's configuration table is generated from config.ts; keep them the same.
describe("README configuration table", () => {
  test("matches the variables, defaults and meanings in config.ts", () => {
    const readme = readFileSync(resolve(import.meta.dirname, "../../../README.md"), "utf8");
    const table = readme
      .split("<!-- config-table:start -->")[1]
      ?.split("<!-- config-table:end -->")[0];
    expect(table?.trim()).toBe(configDocsMarkdown().trim());
  });
});
