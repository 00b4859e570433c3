import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALERT_KEYS, alertToast } from "./alert-text";
import {
  delayBeforeNextToast,
  TOAST_ANIMATION_MS,
  TOAST_DURATION_MS,
  TOAST_MIN_GAP_MS,
  TOAST_WIDTH_PX,
} from "./toast-timing";

const alerts = JSON.parse(
  readFileSync(new URL("../../../../content/en/alerts.json", import.meta.url), "utf8"),
) as Record<string, unknown>;

describe("alerts and toasts", () => {
  it("AL-01: every alert key has a configured type, title and description in the default content", () => {
    for (const key of ALERT_KEYS) {
      const toast = alertToast(alerts, key);
      expect(toast.title, key).not.toBe("");
      expect(toast.description, key).toBeTruthy();
      expect(alerts[key], key).toBeDefined();
    }
  });

  it("AL-02, AL-03: invoice alerts substitute {sum} and {date}; a toast has type, title, description", () => {
    expect(alertToast(alerts, "depositSuccess", { sum: "25.00 EUR", date: "2026-05-01" })).toEqual({
      type: "success",
      title: "Deposit successful",
      description: "25.00 EUR was added to your account on 2026-05-01.",
    });
    expect(
      alertToast(alerts, "withdrawError", { sum: "1 BTC", date: "today" }).description,
    ).toContain("1 BTC");
  });

  it("a missing alert falls back to somethingWrong", () => {
    expect(alertToast(alerts, "noSuchAlert").title).toBe("Something went wrong");
    expect(alertToast({}, "noSuchAlert")).toEqual({ type: "info", title: "Something went wrong" });
  });

  it("AL-04..AL-07: 3000 ms, 300 ms animation, 300 px, at least 400 ms apart", () => {
    expect([TOAST_DURATION_MS, TOAST_ANIMATION_MS, TOAST_WIDTH_PX, TOAST_MIN_GAP_MS]).toEqual([
      3000, 300, 300, 400,
    ]);
    expect(delayBeforeNextToast(null, 1000)).toBe(0);
    expect(delayBeforeNextToast(1000, 1100)).toBe(300);
    expect(delayBeforeNextToast(1000, 1400)).toBe(0);
    expect(delayBeforeNextToast(1000, 5000)).toBe(0);
  });
});
