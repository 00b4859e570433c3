import { defineRule, makeIssue, predicateRule, type Rule, scalarText } from "../rule";
import { assertFiniteNumber } from "./number";

/** A rule passing when the text form of a scalar matches `pattern`; objects and arrays fail. */
function patternRule(id: string, pattern: RegExp): Rule {
  return predicateRule(id, [], (value) => {
    const text = scalarText(value);
    return text !== null && pattern.test(text);
  });
}

/** VR-22: exactly two uppercase ASCII letters (ISO 3166-1 alpha-2 shape, e.g. "BR"). */
export const countryCode: Rule = patternRule("countryCode", /^[A-Z]{2}$/);

/** VR-23: exactly two lowercase ASCII letters (ISO 639-1 shape, e.g. "pt"). */
export const languageCode: Rule = patternRule("languageCode", /^[a-z]{2}$/);

/** VR-35: only ASCII letters, digits, underscore and hyphen. */
export const slug: Rule = patternRule("slug", /^[A-Za-z0-9_-]+$/);

/** ASCII letters only. */
export const alpha: Rule = patternRule("alpha", /^[A-Za-z]+$/);

/** ASCII letters and digits only. */
export const alphaNum: Rule = patternRule("alphaNum", /^[A-Za-z0-9]+$/);

/**
 * VR-26: the text has no uppercase letter (it equals its own lower-case form; digits and
 * punctuation have no case and pass). Case mapping is locale-independent, so web and server agree.
 */
export const lowercase: Rule = predicateRule("lowercase", [], (value) => {
  const text = scalarText(value);
  return text !== null && text === text.toLowerCase();
});

/** VR-27: the text has no lowercase letter (it equals its own upper-case form). */
export const uppercase: Rule = predicateRule("uppercase", [], (value) => {
  const text = scalarText(value);
  return text !== null && text === text.toUpperCase();
});

/** ASCII digits only; with `count`, exactly that many (message `digitsLength`). */
export function digits(count?: number): Rule {
  if (count === undefined) return patternRule("digits", /^\d+$/);
  assertFiniteNumber("digits", count);
  return defineRule("digits", [count], (value) => {
    const text = scalarText(value);
    return text !== null && /^\d+$/.test(text) && text.length === count
      ? null
      : makeIssue("digits", { param: count }, "digitsLength");
  });
}

/**
 * The text form of the value matches `pattern`. The pattern is a JavaScript regular expression
 * source, or a delimited `/source/flags` string as payment-method field descriptors send it.
 * Only the flags i, m, s and u are kept (g and y would make `test` stateful). An invalid
 * pattern throws here, when the rule is built, never while validating.
 */
export function regex(pattern: RegExp | string, flags?: string): Rule {
  const compiled = compilePattern(pattern, flags);
  return predicateRule("regex", [compiled.source, compiled.flags], (value) => {
    const text = scalarText(value);
    return text !== null && compiled.test(text);
  });
}

const DELIMITED = /^\/(.+)\/([a-z]*)$/s;

export function compilePattern(pattern: RegExp | string, flags?: string): RegExp {
  let source: string;
  let givenFlags: string;
  if (pattern instanceof RegExp) {
    source = pattern.source;
    givenFlags = flags ?? pattern.flags;
  } else {
    const delimited = flags === undefined ? DELIMITED.exec(pattern) : null;
    source = delimited ? delimited[1]! : pattern;
    givenFlags = delimited ? delimited[2]! : (flags ?? "");
  }
  const kept = [...new Set(givenFlags)].filter((flag) => "imsu".includes(flag)).join("");
  try {
    return new RegExp(source, kept);
  } catch (error) {
    throw new TypeError(`regex: invalid pattern ${JSON.stringify(source)}`, { cause: error });
  }
}
