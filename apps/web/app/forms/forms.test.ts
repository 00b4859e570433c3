import {
  PasswordChangeBody,
  PROFILE_EXTRA_FIELDS,
  ProfileUpdateBody,
} from "@casino/contract/player";
import { fieldRuleDescriptors } from "@casino/validation/fields";
import { describe, expect, it } from "vitest";
import { completedCode, pastedCode, typedCode } from "./code-input-rules";
import { passwordStrength } from "./password-strength";
import { contentMessages, rulesResolver, schemaFrom } from "./rules-resolver";

describe("password strength (SU-26)", () => {
  it("goes by length only: empty, weak 1-2, good 3-4, strong above 4", () => {
    expect(passwordStrength("")).toBe("empty");
    expect(passwordStrength("a")).toBe("weak");
    expect(passwordStrength("ab")).toBe("weak");
    expect(passwordStrength("abc")).toBe("good");
    expect(passwordStrength("abcd")).toBe("good");
    expect(passwordStrength("abcde")).toBe("strong");
    expect(passwordStrength("1234567890")).toBe("strong");
  });
});

describe("verification code input (PV-05..PV-07)", () => {
  it("typing keeps digits only, at most 6", () => {
    expect(typedCode("12a3-4 5")).toBe("12345");
    expect(typedCode("12345678")).toBe("123456");
    expect(typedCode("abc")).toBe("");
  });

  it("a paste is taken only when it is all digits", () => {
    expect(pastedCode("123456")).toBe("123456");
    expect(pastedCode(" 654321 ")).toBe("654321");
    expect(pastedCode("12 34 56")).toBeNull();
    expect(pastedCode("12a456")).toBeNull();
    expect(pastedCode("")).toBeNull();
  });

  it("fewer than 6 digits give no completed code", () => {
    expect(completedCode("12345")).toBe("");
    expect(completedCode("")).toBe("");
    expect(completedCode("123456")).toBe("123456");
  });
});

describe("form rules from descriptors with content messages", () => {
  const content = {
    modals: {
      validationMessages: {
        required: "Value is required",
        same: "The values do not match",
        login: { required: "Enter your e-mail or phone number", email: "Bad e-mail" },
      },
    },
  };

  it("sign-in messages come from validationMessages.login (SI-13)", async () => {
    const resolver = rulesResolver(
      schemaFrom({
        login: [{ rule: "required" }, { rule: "email" }],
        password: [{ rule: "required" }],
      }),
      contentMessages(content, "login"),
    );
    const empty = await resolver({ login: "", password: "" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(empty.errors.login?.message).toBe("Enter your e-mail or phone number");
    const bad = await resolver({ login: "nope", password: "x" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(bad.errors.login?.message).toBe("Bad e-mail");
    expect(bad.errors.password).toBeUndefined();
  });

  it("sameAs uses the content `same` text", async () => {
    const resolver = rulesResolver(
      schemaFrom({
        password: [{ rule: "min", params: [6] }],
        password_confirmation: [{ rule: "required" }, { rule: "sameAs", params: ["password"] }],
      }),
      contentMessages(content),
    );
    const result = await resolver(
      { password: "secret1", password_confirmation: "secret2" },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.password_confirmation?.message).toBe("The values do not match");
  });
});

describe("supported form field names (VR-20)", () => {
  const PASSWORD_NAMES = ["currentPassword", "newPassword", "repeatNewPassword"];
  const PROFILE_NAMES = [
    "firstName",
    "lastName",
    "nationality",
    "gender",
    "city",
    "address",
    "additionalAddress",
    "postalCode",
    "timeZone",
    "profession",
    "language",
    "securityQuestion",
    "securityAnswer",
    "birthdate",
    "placeOfBirth",
    "personalIdNumber",
    "cpf_number",
  ];

  it("VR-20 the password names are fields of the password change, with their §5 rules", () => {
    for (const name of PASSWORD_NAMES) {
      expect(PasswordChangeBody.safeParse({ [name]: "secret1" }).success, name).toBe(true);
      expect(fieldRuleDescriptors(name).length, name).toBeGreaterThan(0);
    }
  });

  it("VR-20 the profile names are stored profile fields a profile form may send", () => {
    for (const name of PROFILE_NAMES) {
      expect(PROFILE_EXTRA_FIELDS, name).toContain(name);
      expect(ProfileUpdateBody.safeParse({ [name]: "x" }).success, name).toBe(true);
    }
    expect(ProfileUpdateBody.safeParse({ favouriteColour: "x" }).success).toBe(false);
  });

  it("VR-20 age is a form field checked as an integer", async () => {
    const resolver = rulesResolver<Record<string, string>>(
      schemaFrom({ age: fieldRuleDescriptors("age") }),
      {},
    );
    const run = (age: string) =>
      resolver({ age }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys((await run("18.5")).errors)).toEqual(["age"]);
    expect((await run("18")).errors).toEqual({});
  });
});
