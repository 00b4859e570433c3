// The demo must not be served on a public interface by accident: its sandboxes approve their
// own payments and identity checks, its dev outbox shows every reset and sign-in code, and it
// has a root operator key in DATA_DIR/secrets.json. main.ts refuses to listen on a HOST that is
// not a loopback address while any of that is on, unless DEMO_PUBLIC=true says it is meant.
import ipaddr from "ipaddr.js";
import type { Config } from "../config";

/** True for localhost and loopback addresses (127.0.0.0/8, ::1, their IPv4-mapped forms). */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (!ipaddr.isValid(bare)) return false;
  return ipaddr.process(bare).range() === "loopback";
}

type ListenConfig = Pick<
  Config,
  | "host"
  | "demo"
  | "demoPublic"
  | "isProduction"
  | "devOutbox"
  | "sandboxPayments"
  | "verification"
  | "operatorApiToken"
  | "secrets"
>;

/** What of the demo is on that must not face the public; empty: nothing. */
export function demoExposures(config: ListenConfig): string[] {
  const demoLike = config.demo || config.isProduction;
  if (!demoLike) return [];
  const exposures: string[] = [];
  if (config.sandboxPayments)
    exposures.push("the sandbox payment processor approves its own payments");
  if (config.verification.sandbox) exposures.push("the sandbox identity check passes anyone");
  if (config.devOutbox)
    exposures.push("the dev outbox (/dev/outbox) shows every reset and sign-in code");
  if (
    config.operatorApiToken !== null &&
    config.operatorApiToken === config.secrets.demoOperatorToken
  ) {
    exposures.push("the demo's root operator key opens the back office");
  }
  return exposures;
}

/**
 * Why the server must not listen as configured, or null: the demo (or a production start with a
 * sandbox or the dev outbox on) on a HOST that is not a loopback address, without DEMO_PUBLIC.
 */
export function demoListenRefusal(config: ListenConfig): string | null {
  if (config.demoPublic || isLoopbackHost(config.host)) return null;
  const exposures = demoExposures(config);
  if (exposures.length === 0) return null;
  return [
    `Refusing to listen on HOST=${config.host}: this is the demo, not for a public interface:`,
    ...exposures.map((item) => `  - ${item}`),
    "Listen on 127.0.0.1 (the default), switch these off for a real deployment (DEMO unset, NODE_ENV=production),",
    "or set DEMO_PUBLIC=true if exposing the demo is what you mean.",
  ].join("\n");
}
