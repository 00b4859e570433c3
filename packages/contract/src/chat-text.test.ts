import { describe, expect, test } from "vitest";
import { chatTextParts, safeChatHref, waitingTime } from "./chat-text";

const links = (message: string) =>
  chatTextParts(message)
    .filter((part) => part.kind === "link")
    .map((part) => (part.kind === "link" ? part.href : ""));

const joined = (message: string) =>
  chatTextParts(message)
    .map((part) => part.text)
    .join("");

describe("chat text: plain text with safe links", () => {
  test("plain text, markup and emoji stay one text part, unchanged", () => {
    for (const message of [
      "Hello 👋 how can I help?",
      "<script>alert(1)</script>",
      '<a href="javascript:alert(1)">click</a>',
      "<img src=x onerror=alert(1)>",
    ]) {
      expect(chatTextParts(message)).toEqual([{ kind: "text", text: message }]);
    }
  });

  test("http and https addresses become links; the text around them stays text", () => {
    expect(chatTextParts("See https://example.com/help?a=1&b=2 and http://x.test.")).toEqual([
      { kind: "text", text: "See " },
      {
        kind: "link",
        text: "https://example.com/help?a=1&b=2",
        href: "https://example.com/help?a=1&b=2",
      },
      { kind: "text", text: " and " },
      { kind: "link", text: "http://x.test", href: "http://x.test/" },
      { kind: "text", text: "." },
    ]);
  });

  test("other schemes never become links", () => {
    for (const message of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:support@example.com",
      "ftp://files.example.com/a",
      "www.example.com",
      "//evil.test/path",
      "vbscript:msgbox(1)",
    ]) {
      expect(links(message), message).toEqual([]);
    }
  });

  test("an address hidden after other characters or with credentials stays text", () => {
    expect(links("xhttps://evil.test")).toEqual([]);
    expect(links("javascript:https://evil.test")).toEqual(["https://evil.test/"]);
    expect(links("https://bank.example@evil.test/login")).toEqual([]);
    expect(links("https://user:pw@evil.test")).toEqual([]);
    expect(links("https://")).toEqual([]);
  });

  test("closing punctuation and unbalanced brackets end the address; balanced ones stay", () => {
    expect(links("(see https://example.com/a)")).toEqual(["https://example.com/a"]);
    expect(links("https://en.wikipedia.org/wiki/Foo_(bar)")).toEqual([
      "https://en.wikipedia.org/wiki/Foo_(bar)",
    ]);
    expect(links("Is it https://example.com/x?!")).toEqual(["https://example.com/x"]);
    expect(links('"https://example.com/q"')).toEqual(["https://example.com/q"]);
  });

  test("quotes and angle brackets end an address, so no attribute can be smuggled in", () => {
    expect(links('https://example.com/"onmouseover="alert(1)')).toEqual(["https://example.com/"]);
    expect(links("https://example.com/<script>")).toEqual(["https://example.com/"]);
  });

  test("the parts always join back to the message", () => {
    for (const message of [
      "a https://a.test b http://b.test/c, (https://c.test) d",
      "https://x.test/ä?q=ü 😀",
      "",
      "no links at all",
    ]) {
      expect(joined(message)).toBe(message);
    }
  });

  test("safeChatHref normalises an http(s) address and refuses everything else", () => {
    expect(safeChatHref("HTTPS://Example.COM")).toBe("https://example.com/");
    expect(safeChatHref("javascript:alert(1)")).toBeNull();
    expect(safeChatHref("not a url")).toBeNull();
  });
});

describe("chat desk: waiting time", () => {
  const now = Date.parse("2026-12-07T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();

  test("minutes, hours and days since the player's unanswered message", () => {
    expect(waitingTime(ago(20_000), now)).toBe("just now");
    expect(waitingTime(ago(4 * 60_000), now)).toBe("4 min");
    expect(waitingTime(ago(60 * 60_000), now)).toBe("1 h");
    expect(waitingTime(ago(125 * 60_000), now)).toBe("2 h 5 min");
    expect(waitingTime(ago(3 * 86_400_000), now)).toBe("3 d");
    expect(waitingTime(ago(3 * 86_400_000 + 4 * 3_600_000), now)).toBe("3 d 4 h");
  });

  test("answered (null), a clock behind the server, or a bad date", () => {
    expect(waitingTime(null, now)).toBeNull();
    expect(waitingTime(new Date(now + 5000).toISOString(), now)).toBe("just now");
    expect(waitingTime("not a date", now)).toBeNull();
  });
});
