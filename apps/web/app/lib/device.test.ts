import { describe, expect, it } from "vitest";
import { isMobileUserAgent } from "./device";

describe("isMobileUserAgent (ST-09)", () => {
  it("ST-09 phones and tablets are mobile; desktop browsers are not", () => {
    for (const agent of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36",
      "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15",
    ]) {
      expect(isMobileUserAgent(agent)).toBe(true);
    }
    for (const agent of [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
      "",
    ]) {
      expect(isMobileUserAgent(agent)).toBe(false);
    }
  });
});
