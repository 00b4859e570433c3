import { describe, expect, it } from "vitest";
import { placeText } from "./completed-alert";

describe("tournament completed alert", () => {
  it("TN-01 {place} is an English ordinal, a plain number elsewhere", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map((n) => placeText(n, "en"))).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
    ]);
    expect(placeText(2, "de")).toBe("2");
  });
});
