import { describe, expect, it } from "vitest";
import { and, or } from "./rules/combinators";
import { minAge } from "./rules/date";
import { required } from "./rules/required";
import { sameAs } from "./rules/same-as";
import { max, min } from "./rules/size";
import { digits } from "./rules/text";
import {
  collectIssues,
  dependentFields,
  isFormValid,
  makeContext,
  validateField,
  validateForm,
} from "./validate";

describe("validateField", () => {
  it("returns every failing rule's message in rule order", () => {
    expect(validateField("12a", [digits(), min(6), max(2)])).toEqual([
      "Value must contain digits only",
      "This field should be at least 6 characters long",
      "The maximum length allowed is 2",
    ]);
    expect(validateField("123456", [digits(), min(6)])).toEqual([]);
  });

  it("uses the caller's messages and values", () => {
    expect(
      validateField("x", [sameAs("password")], {
        values: { password: "y" },
        messages: { sameAs: "Passwords differ ({param})" },
      }),
    ).toEqual(["Passwords differ (password)"]);
  });

  it("takes an injectable now for age rules", () => {
    const rules = [minAge(18)];
    expect(validateField("2008-06-01", rules, { now: Date.UTC(2026, 4, 31) })).toEqual([
      "The minimum age allowed is 18",
    ]);
    expect(validateField("2008-06-01", rules, { now: new Date("2026-06-01T00:00:00Z") })).toEqual(
      [],
    );
  });

  it("collectIssues gives the raw issues", () => {
    expect(collectIssues("", [required, min(2)], makeContext())).toEqual([
      { rule: "required", key: "required", params: {} },
    ]);
  });
});

describe("validateForm", () => {
  const schema = {
    password: [min(6)],
    password_confirmation: [required, sameAs("password")],
    "fields.wallet_id": [required],
  };

  it("BE-02 returns only failing fields, in the shape of a 422 error.fields", () => {
    const errors = validateForm(
      { password: "abc", password_confirmation: "abd", fields: {} },
      schema,
    );
    expect(errors).toEqual({
      password: ["This field should be at least 6 characters long"],
      password_confirmation: ["The value must be equal to the password value"],
      "fields.wallet_id": ["Value is required"],
    });
    expect(isFormValid(errors)).toBe(false);
  });

  it("an all-valid form gives an empty object, and unknown values are ignored", () => {
    const errors = validateForm(
      {
        password: "secret1",
        password_confirmation: "secret1",
        fields: { wallet_id: "T1" },
        extra: 1,
      },
      schema,
    );
    expect(errors).toEqual({});
    expect(isFormValid(errors)).toBe(true);
  });

  it("VR-03 dependentFields lists the fields to re-validate when a field changes", () => {
    expect(
      dependentFields({
        ...schema,
        repeatNewPassword: [required, sameAs("newPassword")],
        other: [or(required, and(sameAs("password")))],
      }),
    ).toEqual({ password: ["password_confirmation", "other"], newPassword: ["repeatNewPassword"] });
  });
});
