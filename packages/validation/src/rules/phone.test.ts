import fc from "fast-check";
import { type CountryCode, getCountries, getExampleNumber } from "libphonenumber-js/max";
import metadata from "libphonenumber-js/metadata.max.json";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { isValidPhone, PHONE_LIMITS, phone } from "./phone";

const ctx = makeContext();

/** Mobile example numbers of every region libphonenumber-js knows, as E.164 text. */
const exampleNumbers = getCountries()
  .map((country) => ({ country, number: getExampleNumber(country, examples)?.number }))
  .filter((entry): entry is { country: CountryCode; number: string } => entry.number !== undefined);

/** Every calling code in the metadata, the non-geographic ones (+800, +870, ...) included. */
const assignedCallingCodes = [
  ...Object.keys(metadata.country_calling_codes),
  ...Object.keys(metadata.nonGeographic),
];

describe("phone rule", () => {
  it("VR-09 VR-24 a plus is put before the calling-code number", () => {
    expect(phone("5511961234567", ctx)).toBeNull();
    expect(phone("+5511961234567", ctx)).toBeNull();
    expect(phone("380501234567", ctx)).toBeNull();
    expect(phone("12133734253", ctx)).toBeNull();
    expect(phone(12133734253, ctx)).toBeNull();
    expect(phone("++12133734253", ctx)).toEqual({ rule: "phone", key: "phone", params: {} });
  });

  it("VR-24 numbers must pass the international check, not only a length check", () => {
    expect(isValidPhone("+1 213 373 4253")).toBe(true);
    expect(isValidPhone("+1 (213) 373-4253")).toBe(true);
    expect(isValidPhone("+1 213 373 425")).toBe(false); // too short for NANP
    expect(isValidPhone("+1 000 373 4253")).toBe(false); // no such area code
    expect(isValidPhone("+49 123456")).toBe(false);
    expect(isValidPhone("+1 213 373 4253 ext. 12")).toBe(false); // extensions refused
    expect(isValidPhone("+1 213 373 4253 call me")).toBe(false);
    expect(isValidPhone("tel:+12133734253")).toBe(false);
    expect(isValidPhone(["+12133734253"])).toBe(false);
  });

  it("VR-25 limits: calling code 1-3 digits, national number 2-17, raw input at most 250", () => {
    expect(PHONE_LIMITS).toEqual({
      maxInputLength: 250,
      minNationalDigits: 2,
      maxNationalDigits: 17,
      minCallingCodeDigits: 1,
      maxCallingCodeDigits: 3,
    });
    expect(isValidPhone("+999123")).toBe(false); // unassigned calling code
    expect(isValidPhone("+1")).toBe(false);
    expect(isValidPhone(`+1 213 373 4253${" ".repeat(250)}`)).toBe(false);
    expect(isValidPhone(`+1${"2".repeat(18)}`)).toBe(false);
  });

  it("VR-24 property: every region's example number is valid, with or without the plus", () => {
    expect(exampleNumbers.length).toBeGreaterThan(200);
    fc.assert(
      fc.property(fc.constantFrom(...exampleNumbers), fc.boolean(), ({ number }, withPlus) => {
        expect(isValidPhone(withPlus ? number : number.slice(1))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("VR-25 property: over-long numbers are refused", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...exampleNumbers),
        fc.stringMatching(/^\d{1,20}$/),
        ({ number }, extra) => {
          const padded = `${number}${"0".repeat(18)}${extra}`;
          expect(isValidPhone(padded)).toBe(false);
          expect(isValidPhone(`${number}${" ".repeat(PHONE_LIMITS.maxInputLength)}`)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("VR-25 property: unassigned calling codes are refused", () => {
    const unassigned = fc
      .integer({ min: 1, max: 999 })
      .map(String)
      .filter(
        (code) => !assignedCallingCodes.some((c) => c.startsWith(code) || code.startsWith(c)),
      );
    fc.assert(
      fc.property(unassigned, fc.stringMatching(/^\d{4,14}$/), (code, national) => {
        expect(isValidPhone(`+${code}${national}`)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
