import { describe, expect, it } from "vitest";
import { roundOutcome } from "./round-outcome";

const round = (status: number, betAmount: string, winAmount: string) =>
  roundOutcome({ status, betAmount, winAmount });

describe("round outcome (issue 31 item 6)", () => {
  it("GM-09 labels a settled round by its net result, whatever the status says", () => {
    expect(round(2, "1.00", "2.00")).toBe("won");
    expect(round(2, "1.00", "1.00")).toBe("returned");
    // Roulette 1.00 → 0.50: the server calls it status 2 (it paid), the player lost half.
    expect(round(2, "1.00", "0.50")).toBe("partial");
    expect(round(3, "1.00", "0.00")).toBe("lost");
    expect(round(3, "0.00010000", "0.00009999")).toBe("partial");
    expect(round(2, "0.1", "0.10000001")).toBe("won");
  });

  it("GM-09 pending and refunded rounds keep their status", () => {
    expect(round(1, "1.00", "0.00")).toBe("pending");
    expect(round(4, "1.00", "1.00")).toBe("refunded");
  });
});
