import { describe, expect, it } from "vitest";
import {
  checkboxValue,
  nicknameFromEmail,
  type RegistrationField,
  registrationBody,
  registrationRules,
  tabFields,
} from "./registration-form";

const field = (
  name: string,
  position: number,
  extra: Partial<RegistrationField> = {},
): RegistrationField => ({
  name,
  position,
  isRequired: false,
  isVisible: true,
  editable: true,
  value: null,
  description: null,
  rules: [],
  ...extra,
});

const descriptors = [
  field("password", 3, {
    isRequired: true,
    rules: [{ rule: "required" }, { rule: "min", params: [6] }],
  }),
  field("email", 1, { isRequired: true, rules: [{ rule: "required" }, { rule: "email" }] }),
  field("phone", 2, { rules: [{ rule: "phone" }] }),
  field("nickname", 4, { isVisible: false }),
  field("country", 5),
  field("currency", 6, { isVisible: false }),
  field("locale", 7),
  field("receiveEmailPromo", 8),
  field("receiveSmsPromo", 9),
  field("agreements", 10, { isRequired: true, rules: [{ rule: "required" }] }),
];

describe("registration form (SU-10..SU-20)", () => {
  it("the e-mail tab shows visible fields by position, without phone, sms promo or locale", () => {
    expect(tabFields(descriptors, "email").map((f) => f.name)).toEqual([
      "email",
      "password",
      "country",
      "receiveEmailPromo",
      "agreements",
    ]);
  });

  it("the phone tab shows phone (made required), no e-mail and no e-mail promo", () => {
    const fields = tabFields(descriptors, "phone");
    expect(fields.map((f) => f.name)).toEqual([
      "phone",
      "password",
      "country",
      "receiveSmsPromo",
      "agreements",
    ]);
    expect(registrationRules(fields).phone).toEqual([{ rule: "required" }, { rule: "phone" }]);
  });

  it("nickname comes from the e-mail when hidden; checkboxes send 1 or empty; phone gets a plus", () => {
    expect(nicknameFromEmail("john.doe+x@example.com")).toBe("john.doex");
    expect(checkboxValue(1)).toBe("1");
    expect(checkboxValue(0)).toBe("");
    const email = registrationBody(
      tabFields(descriptors, "email"),
      {
        email: "ann@example.com",
        password: "secret1",
        country: "DE",
        receiveEmailPromo: "",
        agreements: "1",
      },
      { tab: "email", locale: "de", promoOpen: false, nicknameHidden: true, fingerprint: "f" },
    );
    expect(email).toEqual({
      email: "ann@example.com",
      password: "secret1",
      country: "DE",
      receiveEmailPromo: "",
      agreements: "1",
      nickname: "ann",
      locale: "de",
      fingerprint: "f",
    });
    const phone = registrationBody(
      [...tabFields(descriptors, "phone"), field("bonusCode", 11)],
      { phone: "4915112345678", password: "secret1", bonusCode: "WELCOME" },
      { tab: "phone", locale: "en", promoOpen: true, nicknameHidden: true },
    );
    expect(phone.phone).toBe("+4915112345678");
    expect(phone.bonusCode).toBe("WELCOME");
    expect(phone.nickname).toBeUndefined();
  });
});
