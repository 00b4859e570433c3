// The one check of every URL the server itself calls that an operator or a provider can set
// (a provider's free-spins URL, the OpenID issuer and the endpoints its discovery document
// names): https only where the deployment says so (production), never a private, loopback,
// link-local, metadata or otherwise non-public address, whether written as an IP or reached
// through a name, and no redirects followed. The address check runs twice: when the operator
// sets the URL (a 422 naming the field) and at every connection (the resolved addresses, so a
// name that resolves elsewhere later, DNS rebinding, is refused too).
//
// A URL on the site's own origin (PUBLIC_URL) or a bare path is this server: callers reach it
// in-process (lib/inject-fetch.ts), never over the network. That is how the demo's sandboxes,
// which live on the site's own loopback address, keep working with private addresses refused.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import ipaddr from "ipaddr.js";
import { Agent, fetch as undiciFetch } from "undici";
import { AppError } from "../infra/errors";

export interface OutboundPolicy {
  /** Only https:// URLs (production: OUTBOUND_HTTPS_ONLY). */
  httpsOnly: boolean;
  /** Hosts that are or resolve to non-public addresses are allowed (development: OUTBOUND_PRIVATE_ADDRESSES). */
  allowPrivate: boolean;
  /** The site's own origin: its URLs are served in-process, never fetched. */
  publicUrl: string;
}

/** The policy of a configuration. */
export function outboundPolicy(config: {
  publicUrl: string;
  outbound: { httpsOnly: boolean; allowPrivate: boolean };
}): OutboundPolicy {
  return { ...config.outbound, publicUrl: config.publicUrl };
}

/** True for an address on the public internet (ipaddr.js's "unicast" range, IPv4-mapped unwrapped). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/**
 * The path of a URL that is this site (a bare path, or PUBLIC_URL's origin), else null: such a
 * URL is reached in-process.
 */
export function sitePathOf(url: string, publicUrl: string): string | null {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== new URL(publicUrl).origin) return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

function hostAddress(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/**
 * What is wrong with a URL the server would call, without DNS: not a URL, a scheme other than
 * http(s) (or http where only https is allowed), credentials in it, or a host that is a
 * non-public IP address (in any notation: the URL parser normalises 0x7f.1 and 2130706433), or
 * a name for one (localhost). null: nothing found.
 */
export function outboundUrlProblem(url: string, policy: OutboundPolicy): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Must be an absolute https URL";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return "Must be an https URL";
  }
  if (policy.httpsOnly && parsed.protocol !== "https:") return "Must be an https URL";
  if (parsed.username !== "" || parsed.password !== "") {
    return "Must not carry a user name or password";
  }
  if (policy.allowPrivate) return null;
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const address = hostAddress(host);
  if (address !== null) {
    return isPublicAddress(address) ? null : "Must not point at a private or local address";
  }
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) {
    return "Must not point at a private or local address";
  }
  return null;
}

type Resolver = (host: string) => Promise<string[]>;

/** How long the check of an operator's URL waits for DNS (the call itself checks again). */
const RESOLVE_TIMEOUT_MS = 3_000;

const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("DNS lookup timed out")), RESOLVE_TIMEOUT_MS);
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses.map((item) => item.address));
    });
  });

/**
 * outboundUrlProblem, and the host's addresses as DNS gives them now: any non-public one is a
 * problem. A name that does not resolve (yet) passes here; the call itself checks again.
 */
export async function checkOutboundUrl(
  url: string,
  policy: OutboundPolicy,
  resolver: Resolver = systemResolver,
): Promise<string | null> {
  const problem = outboundUrlProblem(url, policy);
  if (problem !== null || policy.allowPrivate) return problem;
  const host = new URL(url).hostname;
  if (hostAddress(host) !== null) return null;
  let addresses: string[];
  try {
    addresses = await resolver(host);
  } catch {
    return null;
  }
  return addresses.every(isPublicAddress) ? null : "Must not point at a private or local address";
}

/**
 * 422 naming each field whose URL the server would refuse to call. Paths and URLs of the site's
 * own origin pass (they are reached in-process); null and undefined fields are not set.
 */
export async function assertOutboundUrls(
  policy: OutboundPolicy,
  fields: Record<string, string | null | undefined>,
): Promise<void> {
  const problems: Record<string, string[]> = {};
  for (const [field, url] of Object.entries(fields)) {
    if (url === null || url === undefined || sitePathOf(url, policy.publicUrl) !== null) continue;
    const problem = await checkOutboundUrl(url, policy);
    if (problem !== null) problems[field] = [problem];
  }
  if (Object.keys(problems).length > 0) throw AppError.unprocessable(problems);
}

/** Thrown by the outbound fetch for a URL or an address it refuses. */
export class OutboundUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundUrlError";
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for sockets that fails when any address of the name is not public. */
function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | "IPv4" | "IPv6" },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((item) => !isPublicAddress(item.address));
    if (refused || addresses.length === 0) {
      const denied = new OutboundUrlError(
        `${hostname} resolves to a private or local address; refused`,
      ) as NodeJS.ErrnoException;
      denied.code = "EOUTBOUNDPRIVATE";
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
}

/**
 * The fetch for URLs an operator or a provider set: every URL is checked (outboundUrlProblem),
 * connections go through a lookup that refuses non-public addresses (unless the policy allows
 * them), and a redirect is never followed (the caller sees the 3xx answer as it came).
 */
export function createOutboundFetch(policy: OutboundPolicy): typeof fetch {
  const dispatcher = policy.allowPrivate
    ? new Agent()
    : new Agent({ connect: { lookup: publicOnlyLookup as never } });
  return (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const problem = outboundUrlProblem(url, policy);
    if (problem !== null) throw new OutboundUrlError(`${problem}: refused to call ${url}`);
    return undiciFetch(url, {
      ...(init as object),
      redirect: "manual",
      dispatcher,
    } as never);
  }) as unknown as typeof fetch;
}
