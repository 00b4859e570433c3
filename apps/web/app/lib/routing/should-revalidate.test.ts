import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { pageShouldRevalidate, rootShouldRevalidate } from "./should-revalidate";

function args(
  from: string,
  to: string,
  extra: Partial<ShouldRevalidateFunctionArgs> = {},
): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL(from, "http://site.test"),
    nextUrl: new URL(to, "http://site.test"),
    currentParams: {},
    nextParams: {},
    defaultShouldRevalidate: true,
    ...extra,
  };
}

describe("revalidation", () => {
  it("root data reloads only when the locale segment changes", () => {
    expect(rootShouldRevalidate(args("/", "/games/1"))).toBe(false);
    expect(rootShouldRevalidate(args("/", "/de"))).toBe(true);
    expect(rootShouldRevalidate(args("/de/games/1", "/pt-br/games/1"))).toBe(true);
    expect(rootShouldRevalidate(args("/de/games/1", "/de/profile"))).toBe(false);
    expect(rootShouldRevalidate(args("/x", "/x"))).toBe(true);
  });

  it("modal and stag query changes do not reload page data", () => {
    expect(pageShouldRevalidate(args("/games/1", "/games/1?sign-in=true"))).toBe(false);
    expect(pageShouldRevalidate(args("/games/1?stag=a&x=1", "/games/1?x=1"))).toBe(false);
    expect(pageShouldRevalidate(args("/games/1", "/games/1?page=2"))).toBe(true);
    expect(pageShouldRevalidate(args("/games/1", "/games/2"))).toBe(true);
  });
});
