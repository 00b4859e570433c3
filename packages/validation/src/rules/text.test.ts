import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import {
  alpha,
  alphaNum,
  compilePattern,
  countryCode,
  digits,
  languageCode,
  lowercase,
  regex,
  slug,
  uppercase,
} from "./text";

const ctx = makeContext();
const passes = (rule: (v: unknown, c: typeof ctx) => unknown, value: unknown) =>
  rule(value, ctx) === null;

describe("text rules", () => {
  it("VR-22 country code is exactly two uppercase letters", () => {
    for (const ok of ["BR", "US", "DE"]) expect(passes(countryCode, ok)).toBe(true);
    for (const bad of ["br", "Br", "BRA", "B", "B1", " BR", "BR ", "ÄB", 12, ["BR"]]) {
      expect(passes(countryCode, bad), String(bad)).toBe(false);
    }
    expect(countryCode("br", ctx)).toEqual({ rule: "countryCode", key: "countryCode", params: {} });
  });

  it("VR-23 language code is exactly two lowercase letters", () => {
    for (const ok of ["en", "pt", "de"]) expect(passes(languageCode, ok)).toBe(true);
    for (const bad of ["EN", "eN", "eng", "e", "pt-br", "e1", "é"]) {
      expect(passes(languageCode, bad), bad).toBe(false);
    }
  });

  it("VR-26 all-lowercase rule", () => {
    for (const ok of ["abc", "abc-123", "ñandú", "123", "straße"]) {
      expect(passes(lowercase, ok), ok).toBe(true);
    }
    for (const bad of ["Abc", "ABC", "abC", "Ñ"]) expect(passes(lowercase, bad), bad).toBe(false);
  });

  it("VR-27 all-uppercase rule", () => {
    for (const ok of ["ABC", "ABC-123", "ÑANDÚ", "123"])
      expect(passes(uppercase, ok), ok).toBe(true);
    for (const bad of ["Abc", "abc", "ABc", "ß"]) expect(passes(uppercase, bad), bad).toBe(false);
  });

  it("VR-35 slug-like: letters, digits, underscore and hyphen only", () => {
    for (const ok of ["abc", "a_b-c", "ABC-123", "_", "-"]) expect(passes(slug, ok), ok).toBe(true);
    for (const bad of ["a b", "a.b", "a/b", "ção", "a+b", "a\nb"]) {
      expect(passes(slug, bad), bad).toBe(false);
    }
  });

  it("VR-38 alpha and alphaNum accept ASCII letters (and digits)", () => {
    expect(passes(alpha, "abcXYZ")).toBe(true);
    expect(passes(alpha, "abc1")).toBe(false);
    expect(passes(alpha, "a b")).toBe(false);
    expect(passes(alphaNum, "abc123")).toBe(true);
    expect(passes(alphaNum, "abc_123")).toBe(false);
  });

  it("VR-38 digits: digits only, and an exact count when given", () => {
    expect(passes(digits(), "0123")).toBe(true);
    expect(passes(digits(), 123)).toBe(true);
    expect(passes(digits(), "12.3")).toBe(false);
    expect(passes(digits(), "-1")).toBe(false);
    expect(passes(digits(6), "123456")).toBe(true);
    expect(passes(digits(6), "12345")).toBe(false);
    expect(digits(6)("12345", ctx)).toEqual({
      rule: "digits",
      key: "digitsLength",
      params: { param: 6 },
    });
  });

  it("VR-38 regex takes a source, a RegExp or a delimited /source/flags string", () => {
    expect(passes(regex("^[0-9]{4}$"), "1234")).toBe(true);
    expect(passes(regex("^[0-9]{4}$"), "12345")).toBe(false);
    expect(passes(regex(/^t[a-z]+$/i), "TRX")).toBe(true);
    expect(passes(regex("/^t[a-z]+$/i"), "TRX")).toBe(true);
    expect(passes(regex("^t[a-z]+$", "i"), "TRX")).toBe(true);
    expect(passes(regex("^t"), { t: 1 })).toBe(false);
  });

  it("regex drops the stateful g and y flags so repeated tests agree", () => {
    const rule = regex(/\d/g);
    expect(rule.params).toEqual(["\\d", ""]);
    expect(passes(rule, "1")).toBe(true);
    expect(passes(rule, "1")).toBe(true);
  });

  it("an invalid pattern throws when the rule is built", () => {
    expect(() => compilePattern("([")).toThrow(/invalid pattern/);
  });
});
