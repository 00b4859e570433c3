// The outbound fetch at connection time: a name that resolves to a loopback address (DNS
// rebinding: it resolved elsewhere when the operator set it) is refused by the socket's
// lookup, and a redirect is handed back, never followed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkOutboundUrl, createOutboundFetch, isPublicAddress, sitePathOf } from "./outbound-url";

vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns")>();
  // "rebind.example" now resolves to this machine; everything else as the system says.
  const lookup = ((hostname: string, options: unknown, callback: unknown) => {
    if (hostname === "rebind.example") {
      const done = callback as (error: null, addresses: unknown) => void;
      return done(null, [{ address: "127.0.0.1", family: 4 }]);
    }
    return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
  }) as typeof dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

const received: string[] = [];
let server: http.Server;
let port = 0;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    received.push(request.url ?? "");
    if (request.url === "/moved") {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/target` });
    } else {
      response.writeHead(200);
    }
    response.end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
});

const strict = { httpsOnly: false, allowPrivate: false, publicUrl: "https://casino.example" };

describe("the outbound fetch", () => {
  it("refuses a name that resolves to a loopback address when it connects", async () => {
    const call = createOutboundFetch(strict);
    const rebound = await call(`http://rebind.example:${port}/grant`, { method: "POST" }).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((rebound?.cause as Error | undefined)?.message)).toMatch(/private or local/);
    await expect(call(`http://127.0.0.1:${port}/grant`)).rejects.toThrow(/private or local/);
    expect(received).toEqual([]);
    expect(await checkOutboundUrl(`https://rebind.example/grant`, strict)).toMatch(/private/);
  });

  it("hands a redirect back without following it", async () => {
    const call = createOutboundFetch({ ...strict, allowPrivate: true });
    const response = await call(`http://127.0.0.1:${port}/moved`);
    expect(response.status).toBe(302);
    expect(received).toEqual(["/moved"]);
  });

  it("refuses http where only https is allowed", async () => {
    const call = createOutboundFetch({ ...strict, httpsOnly: true, allowPrivate: true });
    await expect(call(`http://127.0.0.1:${port}/grant`)).rejects.toThrow(/https/);
  });
});

describe("addresses and the site's own URLs", () => {
  it("only public unicast addresses are public", () => {
    for (const address of ["8.8.8.8", "2606:4700::1", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:127.0.0.1",
      "64:ff9b::7f00:1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("a path or PUBLIC_URL's origin is this site; //host and /\\host are not", () => {
    expect(sitePathOf("/studio/api/free-spins", "https://casino.example")).toBe(
      "/studio/api/free-spins",
    );
    expect(sitePathOf("https://casino.example/a?b=1", "https://casino.example")).toBe("/a?b=1");
    expect(sitePathOf("//evil.example/a", "https://casino.example")).toBeNull();
    expect(sitePathOf("/\\evil.example/a", "https://casino.example")).toBeNull();
    expect(sitePathOf("https://casino.example.evil/a", "https://casino.example")).toBeNull();
  });
});
