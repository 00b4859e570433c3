import { describe, expect, it } from "vitest";
import { pathInLocale } from "../locale";
import { localizePath, pathLocalePrefix, stripLocalePrefix } from "./href";

const known = ["en", "de", "pt-br"];

describe("href prefixing", () => {
  it("RT-24, LC-10: the default locale has no prefix, the others their lowercase code", () => {
    expect(localizePath("/profile/limits", "en", "en")).toBe("/profile/limits");
    expect(localizePath("/profile/limits", "pt-br", "en")).toBe("/pt-br/profile/limits");
    expect(localizePath("/", "de", "en")).toBe("/de");
    expect(localizePath("/?wallet=deposit", "de", "en")).toBe("/de?wallet=deposit");
    expect(localizePath("/#top", "de", "en")).toBe("/de#top");
  });

  it("leaves external and relative links alone", () => {
    expect(localizePath("https://example.com/x", "de", "en")).toBe("https://example.com/x");
    expect(localizePath("//cdn.example.com/x", "de", "en")).toBe("//cdn.example.com/x");
    expect(localizePath("games/1", "de", "en")).toBe("games/1");
  });

  it("strips and reads a known prefix only", () => {
    expect(stripLocalePrefix("/pt-br/games/1", known)).toBe("/games/1");
    expect(stripLocalePrefix("/de", known)).toBe("/");
    expect(stripLocalePrefix("/games/1", known)).toBe("/games/1");
    expect(stripLocalePrefix("/xx/games", known)).toBe("/xx/games");
    expect(pathLocalePrefix("/de/games", known)).toBe("de");
    expect(pathLocalePrefix("/deals", known)).toBeNull();
  });

  it("switchLocale target: the same page, query and hash in the other locale", () => {
    const url = { pathname: "/de/static/terms", search: "?a=1", hash: "#x" };
    expect(pathInLocale(url, "en", known, "en")).toBe("/static/terms?a=1#x");
    expect(pathInLocale(url, "pt-br", known, "en")).toBe("/pt-br/static/terms?a=1#x");
    expect(pathInLocale({ pathname: "/de", search: "", hash: "" }, "en", known, "en")).toBe("/");
  });
});
