import { describe, expect, it } from "vitest";
import { isChunkLoadError, mayReload } from "./chunk-reload";

describe("chunk reload", () => {
  it("ER-24: recognises dynamic-import failures of the browsers", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("ER-24: does not reload again within 10 s of the last reload (no loop)", () => {
    expect(mayReload(null, 50_000)).toBe(true);
    expect(mayReload(45_000, 50_000)).toBe(false);
    expect(mayReload(30_000, 50_000)).toBe(true);
  });
});
