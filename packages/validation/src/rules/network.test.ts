import { describe, expect, it } from "vitest";
import { makeContext } from "../validate";
import { email, ip, isIPv4, isIPv6, url } from "./network";

const ctx = makeContext();

describe("network rules", () => {
  it("VR-08 email accepts addresses and refuses the rest", () => {
    for (const ok of ["a@b.co", "first.last+tag@example.com.br", "x_y-z@sub.domain.io"]) {
      expect(email(ok, ctx), ok).toBeNull();
    }
    for (const bad of [
      "plain",
      "a@b",
      "@example.com",
      "a@.com",
      "a@-x.com",
      "a b@example.com",
      "a@example..com",
      `${"a".repeat(65)}@example.com`,
      `a@${"b".repeat(250)}.com`,
      42,
    ]) {
      expect(email(bad, ctx), String(bad)).toEqual({ rule: "email", key: "email", params: {} });
    }
  });

  it("VR-38 url accepts absolute http(s) and ftp URLs", () => {
    for (const ok of [
      "https://example.com",
      "http://localhost:3000/a?b=c#d",
      "ftp://files.example.org/x",
    ]) {
      expect(url(ok, ctx), ok).toBeNull();
    }
    for (const bad of [
      "example.com",
      "javascript:alert(1)",
      "mailto:a@b.co",
      "https://exa mple.com",
      "http://",
      "/relative",
    ]) {
      expect(url(bad, ctx), bad).not.toBeNull();
    }
  });

  it("VR-38 ip accepts IPv4", () => {
    for (const ok of ["0.0.0.0", "127.0.0.1", "255.255.255.255", "192.168.1.20"]) {
      expect(isIPv4(ok), ok).toBe(true);
    }
    for (const bad of [
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4.5",
      "01.2.3.4",
      "1.2.3.-4",
      "a.b.c.d",
      "1..3.4",
      " 1.2.3.4",
    ]) {
      expect(isIPv4(bad), bad).toBe(false);
    }
  });

  it("VR-38 ip accepts IPv6", () => {
    for (const ok of [
      "::",
      "::1",
      "2001:db8::ff00:42:8329",
      "2001:0db8:0000:0000:0000:ff00:0042:8329",
      "fe80::",
      "::ffff:192.0.2.128",
      "64:ff9b::192.0.2.33",
      "1:2:3:4:5:6:7::",
    ]) {
      expect(isIPv6(ok), ok).toBe(true);
    }
    for (const bad of [
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "1::2::3",
      "12345::",
      "g::1",
      "1:2:3:4:5:6:7:8::",
      "::ffff:999.0.2.128",
      "fe80::1%eth0",
      ":1:2:3:4:5:6:7",
    ]) {
      expect(isIPv6(bad), bad).toBe(false);
    }
  });

  it("VR-38 ip limits to a version when asked", () => {
    expect(ip()("::1", ctx)).toBeNull();
    expect(ip()("10.0.0.1", ctx)).toBeNull();
    expect(ip(4)("::1", ctx)).not.toBeNull();
    expect(ip(6)("10.0.0.1", ctx)).not.toBeNull();
    expect(() => ip(5 as 4)).toThrow(TypeError);
  });
});
