// What every studio use case gets: the app's context (database, clock, configuration) and the
// platform client (the provider wallet API over HTTP).
import { createHash } from "node:crypto";
import type { AppContext } from "../../context";
import type { PlatformClient } from "./platform-client";

export interface Studio {
  ctx: AppContext;
  platform: PlatformClient;
}

/** Demo play money: what a new demo player starts with, in a currency of its own. */
export const DEMO_CURRENCY = "FUN";
export const DEMO_DECIMALS = 2;
export const DEMO_START_BALANCE = 100_000n; // 1,000.00
/** How long a studio session lasts (the platform's game session accepts bets for 12 hours). */
export const STUDIO_SESSION_TTL_MS = 12 * 3600 * 1000;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
