// Games from a browser test's side: what an outside studio does through the signed provider
// wallet API (docs/provider-wallet-api.md) to a server started with GAME_ENV's secret.
import { createHmac, randomBytes } from "node:crypto";

/** The seeded studio whose calls these helpers sign, and the secret its server is given. */
export const TEST_PROVIDER = "sandbox-slots";
export const TEST_PROVIDER_SECRET = randomBytes(24).toString("hex");
/** Environment for useSite: the provider's secret (per test process) and its game client. */
export const GAME_ENV = {
  GAME_PROVIDER_SECRETS: `${TEST_PROVIDER}=${TEST_PROVIDER_SECRET}`,
  SANDBOX_GAMES: "true",
};

/** A signed provider wallet call; throws on an answer other than 2xx unless `allowRefusal`. */
export async function walletCall(
  url: string,
  action: "balance" | "bet" | "win" | "rollback",
  body: Record<string, unknown>,
  options: { allowRefusal?: boolean } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const mac = createHmac("sha256", TEST_PROVIDER_SECRET)
    .update(`${timestamp}.${raw}`)
    .digest("hex");
  const response = await fetch(`${url}/api/game/wallet/${TEST_PROVIDER}/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-casino-timestamp": String(timestamp),
      "x-casino-signature": `sha256=${mac}`,
    },
    body: raw,
  });
  const answer = {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
  if (!response.ok && !options.allowRefusal) {
    throw new Error(`${action} ${response.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer;
}

/** A real-money game session of the player on a sandbox-slots game, launched by API. */
export async function gameSession(
  url: string,
  accessToken: string,
  game = "gold-rush",
): Promise<string> {
  const response = await fetch(`${url}/api/game/games/${game}/play`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
      "x-test-country": "DE",
    },
    body: JSON.stringify({ mode: "real" }),
  });
  if (!response.ok) throw new Error(`play ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** One settled round in a session: a bet and a win (possibly "0") that closes it. */
export async function playRound(
  url: string,
  token: string,
  stake: string,
  win = "0",
  currency = "EUR",
) {
  const roundId = `round-${randomBytes(6).toString("hex")}`;
  const common = { token, roundId, currency };
  await walletCall(url, "bet", { ...common, transactionId: `bet-${roundId}`, amount: stake });
  await walletCall(url, "win", { ...common, transactionId: `win-${roundId}`, amount: win });
}
