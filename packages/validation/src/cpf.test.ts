import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cpfCheckDigits, formatCpf, isValidCpf, stripCpf } from "./cpf";
import { cpf } from "./rules/cpf";
import { makeContext } from "./validate";

const ctx = makeContext();
const nineDigits = fc.stringMatching(/^\d{9}$/);
const notAllSame = (digits: string) => !/^(\d)\1*$/.test(digits);

function mutate(number: string, position: number, shift: number): string {
  const digit = (Number(number[position]) + shift) % 10;
  return `${number.slice(0, position)}${digit}${number.slice(position + 1)}`;
}

/** Reference from the usual published form: d = (sum of digit × weight) × 10 mod 11 mod 10. */
function referenceIsValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    return ((sum * 10) % 11) % 10;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

describe("cpf", () => {
  it("VR-14 known valid numbers pass, formatted or not", () => {
    for (const ok of ["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09"]) {
      expect(isValidCpf(ok), ok).toBe(true);
      expect(cpf(ok, ctx)).toBeNull();
    }
    expect(cpfCheckDigits("123456789")).toBe("09");
    expect(cpfCheckDigits("529982247")).toBe("25");
  });

  it("VR-12 cpf_number must be 11 digits after stripping . and -", () => {
    for (const bad of [
      "5299822472",
      "529982247250",
      "529 982 247 25",
      "529/982/247-25",
      "abc",
      "",
      52998224725,
    ]) {
      expect(isValidCpf(bad), String(bad)).toBe(false);
    }
    expect(stripCpf("529.982.247-25")).toBe("52998224725");
  });

  it("VR-13 cpf_number must not be all the same digit", () => {
    for (let d = 0; d <= 9; d++) {
      // 000.000.000-00 and 111.111.111-11 even have "correct" check digits
      expect(isValidCpf(String(d).repeat(11))).toBe(false);
    }
  });

  it("VR-14 a wrong check digit is refused", () => {
    expect(isValidCpf("529.982.247-24")).toBe(false);
    expect(isValidCpf("529.982.247-15")).toBe(false);
    expect(cpf("529.982.247-24", ctx)).toEqual({ rule: "cpf", key: "cpf", params: {} });
  });

  it("VR-14 property: 9 digits plus their computed check digits form a valid CPF", () => {
    fc.assert(
      fc.property(nineDigits.filter(notAllSame), (base) => {
        const number = `${base}${cpfCheckDigits(base)}`;
        expect(isValidCpf(number)).toBe(true);
        expect(formatCpf(number)).toBe(
          `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6, 9)}-${number.slice(9)}`,
        );
        expect(isValidCpf(formatCpf(number)!)).toBe(true);
      }),
    );
  });

  it("VR-14 property: changing a check digit of a valid CPF makes it invalid", () => {
    fc.assert(
      fc.property(
        nineDigits.filter(notAllSame),
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, shift) => {
          expect(isValidCpf(mutate(`${base}${cpfCheckDigits(base)}`, position, shift))).toBe(false);
        },
      ),
    );
  });

  it("VR-14 property: changing a base digit agrees with a reference check (mod 11, then mod 10)", () => {
    // The CPF scheme maps remainders 0 and 1 to the same check digit, so a few single-digit
    // changes go undetected by design (see the next test); the rule must accept exactly what the
    // official algorithm accepts, no more, no less.
    fc.assert(
      fc.property(
        nineDigits.filter(notAllSame),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (base, position, shift) => {
          const mutated = mutate(`${base}${cpfCheckDigits(base)}`, position, shift);
          expect(isValidCpf(mutated)).toBe(referenceIsValidCpf(mutated));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("VR-14 the scheme's own blind spot: remainders 0 and 1 share a check digit", () => {
    expect(isValidCpf("100.000.006-04")).toBe(true);
    expect(isValidCpf("000.000.006-04")).toBe(true);
  });

  it("VR-13 property: all-same-digit numbers are refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.boolean(), (digit, formatted) => {
        const d = String(digit);
        const text = formatted
          ? `${d.repeat(3)}.${d.repeat(3)}.${d.repeat(3)}-${d.repeat(2)}`
          : d.repeat(11);
        expect(isValidCpf(text)).toBe(false);
      }),
    );
  });

  it("cpfCheckDigits refuses anything but 9 digits", () => {
    expect(() => cpfCheckDigits("12345678")).toThrow(TypeError);
    expect(formatCpf("123")).toBeNull();
  });
});
