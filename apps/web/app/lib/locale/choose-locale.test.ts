import { describe, expect, it } from "vitest";
import { chooseLocale, type LocaleChoiceInput } from "./choose-locale";

const base: Omit<LocaleChoiceInput, "url"> = {
  paramsLocale: undefined,
  cookieLocale: null,
  countryLocale: null,
  knownLocales: ["en", "de", "pt-br"],
  defaultLocale: "en",
};

function choose(path: string, extra: Partial<LocaleChoiceInput> = {}) {
  return chooseLocale({ ...base, url: new URL(path, "http://site.test"), ...extra });
}

describe("locale choice", () => {
  it("LC-01: a user-language cookie naming a known locale wins on an unprefixed URL", () => {
    const choice = choose("/", { cookieLocale: "de", countryLocale: "pt-br" });
    expect(choice).toMatchObject({ locale: "de", source: "cookie" });
  });

  it("LC-02: a cookie naming no known locale gives the default, not the country's", () => {
    expect(choose("/", { cookieLocale: "fr", countryLocale: "de" })).toMatchObject({
      locale: "en",
      source: "default",
      redirectTo: null,
    });
  });

  it("LC-03: with no cookie, the request country's locale if known, else the default", () => {
    expect(choose("/", { countryLocale: "pt-br" }).locale).toBe("pt-br");
    expect(choose("/", { countryLocale: "PT-BR" }).locale).toBe("pt-br");
    expect(choose("/", { countryLocale: "fr" })).toMatchObject({ locale: "en", source: "default" });
    expect(choose("/", {})).toMatchObject({ locale: "en", source: "default" });
  });

  it("a known locale prefix decides, whatever the cookie says", () => {
    expect(choose("/de/games/1", { cookieLocale: "pt-br" })).toMatchObject({
      locale: "de",
      source: "url",
      prefix: "de",
      redirectTo: null,
    });
    expect(choose("/pt-br", {}).locale).toBe("pt-br");
  });

  it("RT-24: the default locale has no prefix: /en/... redirects to the unprefixed URL with its query", () => {
    expect(choose("/en/static/terms?x=1").redirectTo).toBe("/static/terms?x=1");
    expect(choose("/en").redirectTo).toBe("/");
  });

  it("an unprefixed visit choosing a non-default locale redirects to the prefixed URL, query kept", () => {
    expect(choose("/?sign-in=true&a=1", { cookieLocale: "de" }).redirectTo).toBe(
      "/de?sign-in=true&a=1",
    );
    expect(choose("/games/7", { countryLocale: "pt-br" }).redirectTo).toBe("/pt-br/games/7");
    expect(choose("/games/7", { cookieLocale: "en" }).redirectTo).toBeNull();
  });

  it("an unknown :locale param marks the URL invalid (404) and never redirects", () => {
    expect(choose("/xx/games/7", { paramsLocale: "xx", cookieLocale: "de" })).toMatchObject({
      invalidPrefix: true,
      redirectTo: null,
      locale: "de",
    });
  });
});
