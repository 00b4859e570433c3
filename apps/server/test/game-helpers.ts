// Test helpers for anything downstream of bets (bonuses, quests, loyalty, tournaments): a
// funded player with a real game session, and rounds played through the signed provider wallet
// API exactly as a studio plays them.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../src/modules/game/provider-signature";
import { postInTransaction } from "../src/modules/wallet/ledger";
import { walletRepository } from "../src/modules/wallet/repository";
import { type PlayerTestApp, registerByEmail, type Tokens } from "./player-helpers";

/** The provider of the seeded sandbox slots; give the app GAME_PROVIDER_SECRETS with TEST_PROVIDER_SECRET. */
export const TEST_PROVIDER = "sandbox-slots";
export const TEST_PROVIDER_SECRET = "test-provider-secret-0123456789abcdef0123456789";
/** Environment for createPlayerTestApp: the provider's secret and the country header. */
export const GAME_TEST_ENV = {
  GAME_PROVIDER_SECRETS: `${TEST_PROVIDER}=${TEST_PROVIDER_SECRET}`,
  COUNTRY_HEADER: "x-test-country",
};

let ids = 0;
/** A unique provider id (transaction or round). */
export const providerId = (prefix: string) =>
  `${prefix}-${++ids}-${randomBytes(3).toString("hex")}`;

export type ProviderAction = "balance" | "bet" | "win" | "rollback";

/** A signed provider wallet call, as a studio sends it. */
export function providerCall(
  app: PlayerTestApp,
  action: ProviderAction,
  body: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; provider?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(app.clock.now().getTime() / 1000);
  return app.inject({
    method: "POST",
    url: `/api/game/wallet/${options.provider ?? TEST_PROVIDER}/${action}`,
    headers: {
      "content-type": "application/json",
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signProviderRequest(
        options.secret ?? TEST_PROVIDER_SECRET,
        timestamp,
        raw,
      ),
    },
    payload: raw,
  });
}

/** Credits `minor` units to the player's real balance as a deposit would (ledger only). */
export async function fundAccount(
  app: PlayerTestApp,
  account: { id: string; ledger: { real: bigint } },
  currency: string,
  minor: bigint,
  key = `test-fund-${account.id}-${randomBytes(4).toString("hex")}`,
) {
  const house = await walletRepository(app.testDb).houseAccount("deposits", currency);
  await postInTransaction(app.testDb, [
    {
      key,
      kind: "payment.deposit",
      legs: [
        { account: house, currency, amount: -minor },
        { account: account.ledger.real, currency, amount: minor },
      ],
    },
  ]);
}

/**
 * A registered player in `currency` with `funds` (major units, "100.00") on the real balance
 * and a launched real-money session of `game`; `round(stake, win)` plays one closed round.
 */
export async function gamePlayer(
  app: PlayerTestApp,
  options: { funds?: string; currency?: string; game?: string; tokens?: Tokens } = {},
) {
  const currency = options.currency ?? "EUR";
  const tokens = options.tokens ?? (await registerByEmail(app, { currency })).tokens;
  const headers = { authorization: `Bearer ${tokens.accessToken}`, "x-test-country": "BR" };
  // The first read opens the player's account in their currency.
  const accounts = await app.inject({ url: "/api/wallet/accounts", headers });
  expect(accounts.statusCode, accounts.body).toBe(200);
  const account = (await walletRepository(app.testDb).findByCurrency(tokens.profileId, currency))!;
  const funds = options.funds ?? "100.00";
  const minor = BigInt(funds.replace(".", ""));
  if (minor > 0n) await fundAccount(app, account, currency, minor);
  const launch = await app.inject({
    method: "POST",
    url: `/api/game/games/${options.game ?? "gold-rush"}/play`,
    headers,
    payload: { mode: "real" },
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const token = launch.json().data.token as string;
  const bet = (amount: string, extra: Record<string, unknown> = {}) =>
    providerCall(app, "bet", {
      token,
      transactionId: providerId("bet"),
      roundId: providerId("round"),
      amount,
      currency,
      ...extra,
    });
  /** One round: a bet, then a win (possibly "0") that closes it. Both must be accepted. */
  const round = async (stake: string, win = "0") => {
    const roundId = providerId("round");
    const placed = await bet(stake, { roundId });
    expect(placed.statusCode, placed.body).toBe(200);
    const won = await providerCall(app, "win", {
      token,
      transactionId: providerId("win"),
      roundId,
      amount: win,
      currency,
    });
    expect(won.statusCode, won.body).toBe(200);
    return { roundId, answer: won.json().data as { balance: string; realBalance: string } };
  };
  const balance = async () => {
    const response = await providerCall(app, "balance", { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { balance: string; realBalance: string; bonusBalance: string };
  };
  return { tokens, headers, token, account, currency, bet, round, balance };
}

type GamePlayer = Awaited<ReturnType<typeof gamePlayer>>;

/**
 * A one-request round of `stake` (a bet with closeRound), then its rollback: the round settles
 * (game.bet.settled) and is refunded afterwards (game.bet.refunded).
 */
export async function settledThenRefunded(
  app: PlayerTestApp,
  player: GamePlayer,
  stake: string,
): Promise<void> {
  const transactionId = providerId("bet");
  const placed = await player.bet(stake, { transactionId, closeRound: true });
  expect(placed.statusCode, placed.body).toBe(200);
  const rollback = await providerCall(app, "rollback", {
    token: player.token,
    transactionId: providerId("rollback"),
    referenceTransactionId: transactionId,
  });
  expect(rollback.statusCode, rollback.body).toBe(200);
}

/**
 * Runs `play` with the domain-event dispatcher stopped, so the next dispatch takes all it
 * raised; returns the last realtime outbox id before that dispatch (its events come after it).
 * A dispatch reads only events older than every transaction still running (ADR 0009): before
 * the dispatcher starts again, this waits until no transaction that began before the last event
 * (a job's, the outbox publisher's) is running, so no event is held back for a second dispatch.
 */
export async function beforeOneDispatch(
  app: PlayerTestApp,
  play: () => Promise<void>,
): Promise<string> {
  await app.domainEvents.stop();
  try {
    await play();
    for (let tries = 0; ; tries += 1) {
      const [waiting] = await app.testDb.query<{ held: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM domain_events
                         WHERE tx >= pg_snapshot_xmin(pg_current_snapshot())) AS held`,
      );
      if (!waiting!.held) break;
      if (tries > 1_000) throw new Error("an older transaction kept running for 10 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [row] = await app.testDb.query<{ id: string }>(
      "SELECT COALESCE(max(id), 0)::text AS id FROM event_outbox",
    );
    return row!.id;
  } finally {
    app.domainEvents.start();
  }
}
