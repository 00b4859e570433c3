import { describe, expect, it } from "vitest";
import { formatSessionTime, intervalsElapsed, msUntilNextCheck } from "./reality-check-timing";

describe("reality check timing", () => {
  it("formats the session clock with hours only when needed", () => {
    expect(formatSessionTime(0)).toBe("00:00");
    expect(formatSessionTime(754)).toBe("12:34");
    expect(formatSessionTime(3909)).toBe("1:05:09");
    expect(formatSessionTime(-5)).toBe("00:00");
  });

  it("counts whole intervals from the session's start and finds the next one", () => {
    expect(intervalsElapsed(29 * 60 + 59, 30)).toBe(0);
    expect(intervalsElapsed(30 * 60, 30)).toBe(1);
    expect(intervalsElapsed(95 * 60, 30)).toBe(3);
    expect(intervalsElapsed(10_000, null)).toBe(0);
    expect(msUntilNextCheck(0, 30)).toBe(30 * 60 * 1000);
    expect(msUntilNextCheck(31 * 60, 30)).toBe(29 * 60 * 1000);
    expect(msUntilNextCheck(100, null)).toBeNull();
  });
});
