import { describe, expect, it } from "vitest";
import { PHONE_LOCAL_MAX, phoneLocalPart, phoneValue, withPlus } from "./phone-rules";

describe("phone input (VR-15..VR-18)", () => {
  it("the local part keeps digits only, at most 12", () => {
    expect(PHONE_LOCAL_MAX).toBe(12);
    expect(phoneLocalPart("85 a12-34")).toBe("851234");
    expect(phoneLocalPart("12345678901234")).toBe("123456789012");
  });

  it("a value only when both prefix and number are present", () => {
    expect(phoneValue("+353", "851234567")).toBe("353851234567");
    expect(phoneValue("", "851234567")).toBe("");
    expect(phoneValue("+353", "")).toBe("");
  });

  it("values are sent with one leading plus", () => {
    expect(withPlus("353851234567")).toBe("+353851234567");
    expect(withPlus("+353851234567")).toBe("+353851234567");
    expect(withPlus("")).toBe("");
  });
});
