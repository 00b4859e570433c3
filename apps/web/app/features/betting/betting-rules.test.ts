import type { PublicSettings } from "@casino/contract/init";
import { describe, expect, it } from "vitest";
import {
  bookPath,
  iframePathOf,
  parseBookMessage,
  platformOf,
  sdkOptions,
  sdkUrl,
  startErrorAction,
  withIframePath,
} from "./betting-rules";

const betting: PublicSettings["betting"] = {
  clientHost: "https://book.example/sportsbook/",
  clientId: "casino-1",
  gameId: 9,
  theme: "light",
  customStyles: null,
};

describe("/betting rules", () => {
  it("RT-06 start errors: limits, a limited profile, restricted bets, anything else", () => {
    for (const code of [14100, 14101, 14105, 13110]) expect(startErrorAction(code)).toBe("limit");
    expect(startErrorAction(14103)).toBe("limited");
    expect(startErrorAction(14306)).toBe("restricted");
    expect(startErrorAction(15020)).toBeNull();
    expect(startErrorAction(undefined)).toBeNull();
  });

  it("RT-06 the token request's platform: 1 mobile, 2 desktop", () => {
    expect(platformOf(true)).toBe(1);
    expect(platformOf(false)).toBe(2);
  });

  it("RT-06 SDK options: host without trailing slash, cid, theme, token, lang, sendPostMessage", () => {
    const options = sdkOptions({
      settings: betting,
      containerId: "sportsbook",
      token: null,
      locale: "de",
      initialPath: "/football",
    });
    expect(options).toEqual({
      containerId: "sportsbook",
      width: "100%",
      height: "100%",
      host: "https://book.example/sportsbook",
      cid: "casino-1",
      theme: "light",
      token: null,
      lang: "de",
      loginUrl: "sendPostMessage",
      allowParentUrlUpdate: true,
      initialPath: "/football",
    });
    const styled = sdkOptions({
      settings: { ...betting, customStyles: "https://cdn.example/book.css" },
      containerId: "c",
      token: "t1",
      locale: "en",
      initialPath: null,
    });
    expect(styled.customStyles).toBe("https://cdn.example/book.css");
    expect(styled.token).toBe("t1");
    expect("initialPath" in styled).toBe(false);
    expect(sdkUrl("https://book.example/sportsbook/")).toBe(
      "https://book.example/sportsbook/sdk.js",
    );
  });

  it("RT-06 book messages: only source sportsbook and known types; paths must be book paths", () => {
    expect(parseBookMessage({ source: "sportsbook", type: "login" })).toEqual({ type: "login" });
    expect(parseBookMessage({ source: "sportsbook", type: "balance" })).toEqual({
      type: "balance",
    });
    expect(parseBookMessage({ source: "sportsbook", type: "location", path: "/live" })).toEqual({
      type: "location",
      path: "/live",
    });
    expect(
      parseBookMessage({ source: "sportsbook", type: "location", path: "//evil.example" }),
    ).toBeNull();
    expect(parseBookMessage({ source: "sportsbook", type: "error", code: 14306 })).toEqual({
      type: "error",
      code: 14306,
    });
    expect(parseBookMessage({ source: "other", type: "login" })).toBeNull();
    expect(parseBookMessage({ source: "sportsbook", type: "nope" })).toBeNull();
    expect(parseBookMessage("login")).toBeNull();
  });

  it("RT-06 route sync: ?setIframePath= read and written, other parameters kept", () => {
    expect(iframePathOf("?setIframePath=%2Ffootball%2Fengland")).toBe("/football/england");
    expect(iframePathOf("?setIframePath=https://x.example")).toBeNull();
    expect(iframePathOf("")).toBeNull();
    const search = withIframePath("?sign-in=true", "/tennis");
    expect(new URLSearchParams(search).get("sign-in")).toBe("true");
    expect(iframePathOf(search)).toBe("/tennis");
    expect(bookPath("/a b")).toBeNull();
    expect(bookPath(`/${"x".repeat(600)}`)).toBeNull();
  });
});
