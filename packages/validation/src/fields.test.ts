import { describe, expect, it } from "vitest";
import { buildSchema } from "./descriptor";
import {
  FIELD_RULE_DESCRIPTORS,
  fieldRuleDescriptors,
  formSchema,
  formSchemaDescriptors,
  signInSchemaDescriptors,
} from "./fields";
import { dependentFields, validateForm } from "./validate";

const schema = buildSchema(FIELD_RULE_DESCRIPTORS);
const errorsOf = (values: Record<string, unknown>) => validateForm(values, schema);

describe("field rules of spec §5", () => {
  it("VR-01 sign-up password needs at least 6 characters", () => {
    expect(errorsOf({ password: "12345" }).password).toEqual([
      "This field should be at least 6 characters long",
    ]);
    expect(errorsOf({ password: "123456" }).password).toBeUndefined();
  });

  it("VR-02 password_confirmation is required and equal to password", () => {
    expect(errorsOf({ password: "secret1" }).password_confirmation).toEqual(["Value is required"]);
    expect(
      errorsOf({ password: "secret1", password_confirmation: "secret2" }).password_confirmation,
    ).toEqual(["The value must be equal to the password value"]);
    expect(
      errorsOf({ password: "secret1", password_confirmation: "secret1" }).password_confirmation,
    ).toBeUndefined();
  });

  it("VR-03 password_confirmation depends on password", () => {
    expect(dependentFields(schema).password).toEqual(["password_confirmation"]);
  });

  it("VR-04 currentPassword is required", () => {
    expect(errorsOf({}).currentPassword).toEqual(["Value is required"]);
    expect(errorsOf({ currentPassword: "x" }).currentPassword).toBeUndefined();
  });

  it("VR-05 newPassword is required with at least 6 characters", () => {
    expect(errorsOf({}).newPassword).toEqual(["Value is required"]);
    expect(errorsOf({ newPassword: "abc" }).newPassword).toEqual([
      "This field should be at least 6 characters long",
    ]);
  });

  it("VR-06 repeatNewPassword is required and equal to newPassword", () => {
    expect(errorsOf({ newPassword: "abcdef" }).repeatNewPassword).toEqual(["Value is required"]);
    expect(
      errorsOf({ newPassword: "abcdef", repeatNewPassword: "abcdeg" }).repeatNewPassword,
    ).toEqual(["The value must be equal to the newPassword value"]);
    expect(dependentFields(schema).newPassword).toEqual(["repeatNewPassword"]);
  });

  it("VR-07 firstName, lastName and personalIdNumber need at least 2 characters", () => {
    const errors = errorsOf({ firstName: "A", lastName: "B", personalIdNumber: "1" });
    for (const field of ["firstName", "lastName", "personalIdNumber"]) {
      expect(errors[field]).toEqual(["This field should be at least 2 characters long"]);
    }
    expect(
      errorsOf({ firstName: "Al", lastName: "Bo", personalIdNumber: "12" }).firstName,
    ).toBeUndefined();
  });

  it("VR-08..VR-11 email, phone, birthdate and age", () => {
    const errors = errorsOf({
      email: "nope",
      phone: "+1 000",
      birthdate: "2023-2-29",
      age: "18.5",
    });
    expect(errors.email).toEqual(["Value is not a valid email address"]);
    expect(errors.phone).toEqual(["The value is not a valid phone number"]);
    expect(errors.birthdate).toEqual(["The value is not a valid date"]);
    expect(errors.age).toEqual(["Value is not an integer"]);
    const ok = errorsOf({
      email: "a@b.co",
      phone: "+5511961234567",
      birthdate: "2000-2-29",
      age: "18",
    });
    for (const field of ["email", "phone", "birthdate", "age"]) expect(ok[field]).toBeUndefined();
  });

  it("VR-12..VR-14 cpf_number must be a valid CPF", () => {
    expect(errorsOf({ cpf_number: "111.111.111-11" }).cpf_number).toEqual([
      "The value is not a valid CPF number",
    ]);
    expect(errorsOf({ cpf_number: "529.982.247-25" }).cpf_number).toBeUndefined();
  });

  it("fields without §5 rules have none", () => {
    expect(fieldRuleDescriptors("city")).toEqual([]);
    expect(fieldRuleDescriptors("toString")).toEqual([]);
  });
});

describe("form schemas from server field descriptors", () => {
  it("BE-08 required fields get required in front of their §5 rules", () => {
    expect(
      formSchemaDescriptors([
        { name: "email", isRequired: true },
        { name: "password", isRequired: true },
        { name: "password_confirmation", isRequired: true },
        { name: "nickname", isRequired: false },
      ]),
    ).toEqual({
      email: [{ rule: "required" }, { rule: "email" }],
      password: [{ rule: "required" }, { rule: "min", params: [6] }],
      password_confirmation: [{ rule: "required" }, { rule: "sameAs", params: ["password"] }],
      nickname: [],
    });
    const errors = validateForm(
      { password: "" },
      formSchema([{ name: "password", isRequired: true }]),
    );
    expect(errors).toEqual({ password: ["Value is required"] });
  });

  it("sign-in: login is required and an e-mail by default, a phone for the phone tab", () => {
    const byEmail = buildSchema(signInSchemaDescriptors());
    expect(validateForm({ login: "", password: "" }, byEmail)).toEqual({
      login: ["Value is required"],
      password: ["Value is required"],
    });
    expect(validateForm({ login: "+5511961234567", password: "x" }, byEmail).login).toEqual([
      "Value is not a valid email address",
    ]);
    const byPhone = buildSchema(signInSchemaDescriptors("phone"));
    expect(validateForm({ login: "+5511961234567", password: "x" }, byPhone)).toEqual({});
  });
});
