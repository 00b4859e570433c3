import { describe, expect, it } from "vitest";
import { methodFieldDescriptors, methodFieldsSchema } from "./method-fields";
import { validateForm } from "./validate";

describe("payment method field rules", () => {
  it("WR-14 a field with isRequired is required", () => {
    expect(methodFieldDescriptors({ key: "agentNumber", isRequired: true })).toEqual([
      { rule: "required" },
    ]);
    expect(methodFieldDescriptors({ key: "agentNumber", isRequired: false })).toEqual([]);
  });

  it("WR-15 phone uses the phone rule and cpf_number the CPF rule", () => {
    expect(methodFieldDescriptors({ key: "phone", regexp: "^x$" })).toEqual([{ rule: "phone" }]);
    expect(methodFieldDescriptors({ key: "cpf_number", isRequired: true })).toEqual([
      { rule: "required" },
      { rule: "cpf" },
    ]);
  });

  it("WR-16 any other field is checked against its regexp", () => {
    expect(methodFieldDescriptors({ key: "account", regexp: "^\\d{10}$" })).toEqual([
      { rule: "regex", params: ["^\\d{10}$"] },
    ]);
  });

  it("WR-17 wallet_id is required and checked against the selected network's regex", () => {
    const field = { key: "wallet_id", regexp: "^fallback$" };
    expect(methodFieldDescriptors(field, { regex: "^T[1-9A-HJ-NP-Za-km-z]{33}$" })).toEqual([
      { rule: "required" },
      { rule: "regex", params: ["^T[1-9A-HJ-NP-Za-km-z]{33}$"] },
    ]);
    expect(methodFieldDescriptors(field, null)).toEqual([
      { rule: "required" },
      { rule: "regex", params: ["^fallback$"] },
    ]);
  });

  it("WR-18 changing the network changes the wallet_id rules", () => {
    const fields = [{ key: "wallet_id" }, { key: "phone", isRequired: true }];
    const tron = methodFieldsSchema(fields, { network: { regex: "^T" }, prefix: "fields." });
    const eth = methodFieldsSchema(fields, { network: { regex: "^0x" }, prefix: "fields." });
    const values = { fields: { wallet_id: "0xabc", phone: "+5511961234567" } };
    expect(validateForm(values, tron)).toEqual({
      "fields.wallet_id": ["The value format is invalid"],
    });
    expect(validateForm(values, eth)).toEqual({});
  });
});
