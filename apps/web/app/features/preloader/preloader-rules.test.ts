import { describe, expect, it } from "vitest";
import { handle as autologin } from "../../routes/auth-autologin";
import { handle as socialCallback } from "../../routes/auth-social-callback";
import { keepsPreloader, PRELOADER_HIDE_MS, PRELOADER_REMOVE_MS } from "./preloader-rules";

describe("preloader", () => {
  it("RT-35: hides after 500 ms and leaves the DOM after 1000 ms", () => {
    expect([PRELOADER_HIDE_MS, PRELOADER_REMOVE_MS]).toEqual([500, 1000]);
  });

  it("RT-36: stays on /auth/autologin with a state query parameter only", () => {
    expect(keepsPreloader([undefined, autologin], "?state=abc")).toBe(true);
    expect(keepsPreloader([undefined, autologin], "?token=abc")).toBe(false);
  });

  it("RT-37: stays on the social callback route", () => {
    expect(keepsPreloader([undefined, socialCallback], "")).toBe(true);
  });

  it("is dismissed on other pages", () => {
    expect(keepsPreloader([undefined, { scrollToTop: false }], "?state=1")).toBe(false);
  });
});
