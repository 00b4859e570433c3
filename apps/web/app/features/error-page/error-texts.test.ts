import { describe, expect, it } from "vitest";
import { errorHomeHref } from "./error-home-href";
import { type ErrorContentLookup, errorTexts } from "./error-texts";

const none: ErrorContentLookup = () => null;

describe("error page", () => {
  it("RT-40, RT-41: fallback title, description and button", () => {
    expect(errorTexts(500, none)).toEqual({
      title: "Something went wrong",
      description:
        "The page you are trying to access does not exist or has been moved. Try going back to our homepage.",
      buttonLabel: "Homepage",
    });
    expect(errorTexts(null, none).title).toBe("Something went wrong");
  });

  it("ER-23: a 404 is 'Page Not Found'", () => {
    expect(errorTexts(404, none).title).toBe("Page Not Found");
  });

  it("RT-42: content error.title, error.description, error.buttonLabel override; 404 prefers error.notFoundTitle", () => {
    const content: Record<string, string> = {
      title: "Oops",
      description: "Try again",
      buttonLabel: "Home",
    };
    const lookup: ErrorContentLookup = (key) => content[key] ?? null;
    expect(errorTexts(500, lookup)).toEqual({
      title: "Oops",
      description: "Try again",
      buttonLabel: "Home",
    });
    expect(errorTexts(404, lookup).title).toBe("Oops");
    content.notFoundTitle = "Lost in space";
    expect(errorTexts(404, lookup).title).toBe("Lost in space");
    expect(errorTexts(500, lookup).title).toBe("Oops");
  });

  it("RT-39: Homepage goes to / or /{locale} when the URL has a locale prefix", () => {
    const known = { codes: ["en", "de", "pt-br"], defaultLocale: "en" };
    expect(errorHomeHref("/static/nope", known)).toBe("/");
    expect(errorHomeHref("/de/static/nope", known)).toBe("/de");
    expect(errorHomeHref("/pt-br/x/y", known)).toBe("/pt-br");
    expect(errorHomeHref("/xx/static/nope", known)).toBe("/");
    expect(errorHomeHref("/de/static/nope", null)).toBe("/de");
    expect(errorHomeHref("/static/nope", null)).toBe("/");
  });
});
