import { describe, expect, it } from "vitest";
import { hashTarget, wantsScrollToTop } from "./scroll-rules";

describe("scroll rules", () => {
  it("RT-31: scrolls to the top unless the deepest route handle says otherwise", () => {
    expect(wantsScrollToTop([undefined, {}], "/a", "/b")).toBe(true);
    expect(wantsScrollToTop([{ scrollToTop: true }, { scrollToTop: false }], "/a", "/b")).toBe(
      false,
    );
    expect(wantsScrollToTop([{ scrollToTop: (from: string) => from !== "/a" }], "/a", "/b")).toBe(
      false,
    );
  });

  it("RT-32: a hash names the element to scroll to", () => {
    expect(hashTarget("#faq-2")).toBe("faq-2");
    expect(hashTarget("#caf%C3%A9")).toBe("café");
    expect(hashTarget("")).toBeNull();
    expect(hashTarget("#")).toBeNull();
  });
});
