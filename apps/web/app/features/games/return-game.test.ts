import { describe, expect, it } from "vitest";
import {
  clearReturnGame,
  isSitePath,
  parseReturnGame,
  RETURN_GAME_KEY,
  RETURN_GAME_MAX_AGE_MS,
  readReturnGame,
  takeRealPlayWish,
  writeReturnGame,
} from "./return-game";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const game = {
  slug: "dice",
  title: "Dice",
  mode: "real" as const,
  returnPath: "/categories/popular?x=1",
};

describe("the return-game object (GM-11)", () => {
  it("GM-11 is kept in session storage under return-game and read back while fresh", () => {
    const store = memoryStorage();
    writeReturnGame(game, 1_000, store);
    expect(JSON.parse(store.map.get(RETURN_GAME_KEY) ?? "{}")).toEqual({ ...game, savedAt: 1_000 });
    expect(readReturnGame(2_000, store)).toEqual({ ...game, savedAt: 1_000 });
    expect(readReturnGame(1_000 + RETURN_GAME_MAX_AGE_MS + 1, store)).toBeNull();
    clearReturnGame(store);
    expect(store.map.has(RETURN_GAME_KEY)).toBe(false);
  });

  it("GM-11 a wish to play for real is taken once, for that game only", () => {
    const store = memoryStorage();
    writeReturnGame(game, 1_000, store);
    expect(takeRealPlayWish("limbo", 1_500, store)).toBe(false);
    expect(takeRealPlayWish("dice", 1_500, store)).toBe(true);
    expect(takeRealPlayWish("dice", 1_600, store)).toBe(false);
    // The return path stays for the game's close button.
    expect(readReturnGame(1_700, store)?.returnPath).toBe("/categories/popular?x=1");
  });

  it("GM-11 refuses malformed objects and return paths that leave the site", () => {
    expect(parseReturnGame("not json", 0)).toBeNull();
    expect(parseReturnGame(JSON.stringify({ ...game, savedAt: 0, mode: "x" }), 0)).toBeNull();
    expect(
      parseReturnGame(JSON.stringify({ ...game, savedAt: 0, returnPath: "//evil.example" }), 0),
    ).toBeNull();
    expect(isSitePath("/games/dice")).toBe(true);
    expect(isSitePath("https://evil.example/")).toBe(false);
    expect(isSitePath("/\\evil.example")).toBe(false);
    expect(isSitePath("javascript:alert(1)")).toBe(false);
  });
});
