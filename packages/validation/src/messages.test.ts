import { describe, expect, it } from "vitest";
import { DEFAULT_MESSAGES, formatIssue, interpolate } from "./messages";
import { makeIssue } from "./rule";
import { max, min } from "./rules/size";
import { validateField } from "./validate";

describe("messages", () => {
  it("VR-39 default English messages include the three known texts", () => {
    expect(DEFAULT_MESSAGES.required).toBe("Value is required");
    expect(DEFAULT_MESSAGES.min).toBe("This field should be at least {min} characters long");
    expect(DEFAULT_MESSAGES.max).toBe("The maximum length allowed is {max}");
  });

  it("VR-39 placeholders are filled from the failing rule's params", () => {
    expect(validateField("abc", [min(6)])).toEqual([
      "This field should be at least 6 characters long",
    ]);
    expect(validateField("abcdef", [max(3)])).toEqual(["The maximum length allowed is 3"]);
    expect(validateField(undefined, [], {})).toEqual([]);
  });

  it("WR-25 caller messages (site content) override the defaults with {min}, {max}, {param}", () => {
    const messages = {
      min: "Mínimo {min} caracteres",
      between: "Entre {min} e {max}",
      sameAs: "Igual a {param}",
    };
    expect(formatIssue(makeIssue("min", { min: 6 }), messages)).toBe("Mínimo 6 caracteres");
    expect(formatIssue(makeIssue("between", { min: 1, max: 9 }), messages)).toBe("Entre 1 e 9");
    expect(formatIssue(makeIssue("sameAs", { param: "password" }), messages)).toBe(
      "Igual a password",
    );
    // keys the caller does not override fall back to English
    expect(formatIssue(makeIssue("required"), messages)).toBe("Value is required");
  });

  it("a variant key falls back to the caller's rule-id text before the default variant text", () => {
    const issue = makeIssue("min", { min: 18 }, "minValue");
    expect(formatIssue(issue)).toBe("The minimum value allowed is 18");
    expect(formatIssue(issue, { min: "At least {min}" })).toBe("At least 18");
    expect(formatIssue(issue, { minValue: "Value ≥ {min}", min: "x" })).toBe("Value ≥ 18");
  });

  it("an empty override text is ignored and an unknown rule falls back to its id", () => {
    expect(formatIssue(makeIssue("required"), { required: "" })).toBe("Value is required");
    expect(formatIssue(makeIssue("mystery"))).toBe("mystery");
  });

  it("interpolate leaves unknown placeholders as written", () => {
    expect(interpolate("{min}-{max} {other}", { min: 1, max: 2 })).toBe("1-2 {other}");
  });
});
