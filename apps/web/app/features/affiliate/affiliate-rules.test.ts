import { describe, expect, it } from "vitest";
import { decideAffiliateTag } from "./affiliate-rules";

describe("affiliate tag", () => {
  it("AF-01, AF-03: ?stag=X sets the affiliateTag cookie and stag leaves the URL", () => {
    expect(decideAffiliateTag("?stag=partner-7&a=1", null, 30)).toEqual({
      cookie: { value: "partner-7", maxAge: 2_592_000 },
      removeParam: true,
    });
  });

  it("AF-02: an existing affiliateTag cookie is never overwritten; stag still leaves the URL", () => {
    expect(decideAffiliateTag("?stag=other", "first", 30)).toEqual({
      cookie: null,
      removeParam: true,
    });
  });

  it("AF-04: lifetime is 86400 s × affiliateTagExpiration, default 30 days", () => {
    expect(decideAffiliateTag("?stag=x", null, 7).cookie?.maxAge).toBe(604_800);
    expect(decideAffiliateTag("?stag=x", null, undefined).cookie?.maxAge).toBe(2_592_000);
    expect(decideAffiliateTag("?stag=x", null, 0).cookie?.maxAge).toBe(2_592_000);
  });

  it("does nothing without stag; an empty stag is only removed", () => {
    expect(decideAffiliateTag("?a=1", null, 30)).toEqual({ cookie: null, removeParam: false });
    expect(decideAffiliateTag("?stag=", null, 30)).toEqual({ cookie: null, removeParam: true });
  });
});
