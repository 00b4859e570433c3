import { describe, expect, it } from "vitest";
import { ipv4InCountry, sharedGeoIp } from "../../test/helpers";
import { createCountryResolver, ipv4ToNumber, ipv6ToBigInt } from "./geo";

describe("GeoIP", () => {
  it("parses addresses to numbers", () => {
    expect(ipv4ToNumber("1.2.3.4")).toBe(0x01020304);
    expect(ipv4ToNumber("255.255.255.255")).toBe(0xffffffff);
    expect(ipv6ToBigInt("::1")).toBe(1n);
    expect(ipv6ToBigInt("2001:db8::")).toBe(0x20010db8n << 96n);
    expect(ipv6ToBigInt("::ffff:1.2.3.4")).toBe((0xffffn << 32n) | 0x01020304n);
    expect(ipv6ToBigInt("fe80::1%eth0")).toBe((0xfe80n << 112n) | 1n);
    expect(ipv6ToBigInt("1:2:3:4:5:6:7:8")).toBe(0x00010002000300040005000600070008n);
  });

  it("BE-06 finds the country of public IPv4 and IPv6 addresses from the bundled data", async () => {
    for (const country of ["DE", "BR", "JP", "US"]) {
      expect(await sharedGeoIp.lookup(ipv4InCountry(country))).toBe(country);
    }
    expect(await sharedGeoIp.lookup("2001:470:5:4::1")).toBe("BR");
    expect(await sharedGeoIp.lookup(`::ffff:${ipv4InCountry("JP")}`)).toBe("JP");
  });

  it("gives no country for loopback, private, link-local and malformed addresses", async () => {
    for (const ip of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:192.168.0.1",
      "not-an-ip",
      "",
      undefined,
    ]) {
      expect(await sharedGeoIp.lookup(ip), String(ip)).toBeNull();
    }
  });

  it("BE-06 resolves header, then GeoIP, then the default", async () => {
    const resolve = createCountryResolver({
      countryHeader: "x-country",
      defaultCountry: "CA",
      geoIp: sharedGeoIp,
    });
    expect(await resolve({ headers: { "x-country": "de" }, ip: "127.0.0.1" })).toBe("DE");
    expect(await resolve({ headers: { "x-country": ["br", "de"] }, ip: "127.0.0.1" })).toBe("BR");
    expect(await resolve({ headers: { "x-country": "T1" }, ip: ipv4InCountry("JP") })).toBe("JP");
    expect(await resolve({ headers: {}, ip: "127.0.0.1" })).toBe("CA");
    const bare = createCountryResolver({
      countryHeader: null,
      defaultCountry: null,
      geoIp: sharedGeoIp,
    });
    expect(await bare({ headers: { "x-country": "de" }, ip: "127.0.0.1" })).toBeNull();
  });
});
