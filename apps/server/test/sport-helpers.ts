// Test helpers for sports bets (issue 25): a sportsbook provider of its own with one catalogue
// game, and sports bets placed and settled through the signed provider wallet API the way a
// sportsbook calls it (docs/provider-wallet-api.md: `bet` with `sportBet`, `win` with
// `settlement`, `rollback` for a void).
import { expect } from "vitest";
import {
  gamePlayer,
  providerCall,
  providerId,
  TEST_PROVIDER,
  TEST_PROVIDER_SECRET,
} from "./game-helpers";
import type { PlayerTestApp, Tokens } from "./player-helpers";

export const SPORT_TEST_PROVIDER = "test-sportsbook";
export const SPORT_TEST_GAME = "test-sportsbook-game";
export const SPORT_TEST_SECRET = "test-sportsbook-secret-0123456789abcdef012345";
/** Environment for createPlayerTestApp: the casino test provider's and the sportsbook's keys. */
export const SPORT_TEST_ENV = {
  GAME_PROVIDER_SECRETS: `${TEST_PROVIDER}=${TEST_PROVIDER_SECRET},${SPORT_TEST_PROVIDER}=${SPORT_TEST_SECRET}`,
  COUNTRY_HEADER: "x-test-country",
};

/** Adds the test sportsbook provider (kind sportsbook) and its one game, once per database. */
export async function addTestSportsbook(app: PlayerTestApp): Promise<void> {
  await app.testDb.query(
    `INSERT INTO game_providers (slug, name, kind) VALUES ($1, 'Test Sportsbook', 'sportsbook')
     ON CONFLICT (slug) DO NOTHING`,
    [SPORT_TEST_PROVIDER],
  );
  await app.testDb.query(
    `INSERT INTO games (provider_id, code, slug, title, tags, has_demo, is_mobile, is_desktop)
     SELECT p.id, 'sportsbook', $2, 'Test Sportsbook', '{}'::text[], false, true, true
       FROM game_providers p WHERE p.slug = $1
     ON CONFLICT DO NOTHING`,
    [SPORT_TEST_PROVIDER, SPORT_TEST_GAME],
  );
}

export interface TestLeg {
  eventId: string;
  event?: string;
  market?: string;
  selection?: string;
  odds: string;
  sport?: string;
}

/** What `bet` carries as `sportBet`. */
export function sportBetBody(
  legs: TestLeg[],
  stake: string,
  options: { type?: "single" | "multiple" | "system"; system?: string | null } = {},
) {
  const totalOdds = legs.reduce((product, leg) => product * Number(leg.odds), 1);
  return {
    type: options.type ?? (legs.length === 1 ? "single" : "multiple"),
    system: options.system ?? null,
    totalOdds: totalOdds.toFixed(2),
    potentialPayout: (Number(stake) * Number(totalOdds.toFixed(2))).toFixed(2),
    legs: legs.map((leg) => ({
      eventId: leg.eventId,
      event: leg.event ?? `Event ${leg.eventId}`,
      sport: leg.sport ?? "football",
      league: "England. Premier League",
      startsAt: "2026-12-20T15:00:00.000Z",
      live: false,
      market: leg.market ?? "1X2",
      selection: leg.selection ?? "Home",
      odds: leg.odds,
    })),
  };
}

/**
 * A funded player with a launched session of the test sportsbook: `place` sends one `bet`
 * (a sports bet, its round left open), `settle` the `win` that closes it, `voidBet` the
 * rollback of its stake.
 */
export async function sportPlayer(
  app: PlayerTestApp,
  options: { funds?: string; currency?: string; tokens?: Tokens } = {},
) {
  const player = await gamePlayer(app, { ...options, game: SPORT_TEST_GAME });
  const call = (action: "bet" | "win" | "rollback", body: Record<string, unknown>) =>
    providerCall(app, action, body, { provider: SPORT_TEST_PROVIDER, secret: SPORT_TEST_SECRET });
  const place = async (
    stake: string,
    legs: TestLeg[],
    extra: { type?: "system"; system?: string } = {},
  ) => {
    const roundId = providerId("sportbet");
    const transactionId = providerId("bet");
    const response = await call("bet", {
      token: player.token,
      transactionId,
      roundId,
      amount: stake,
      currency: player.currency,
      closeRound: false,
      sportBet: sportBetBody(legs, stake, extra),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { roundId, transactionId };
  };
  const settle = async (
    roundId: string,
    amount: string,
    settlement: {
      status: "won" | "lost" | "cashed_out";
      legs?: { result: "won" | "lost" | "void" }[];
    },
  ) => {
    const response = await call("win", {
      token: player.token,
      transactionId: providerId("win"),
      roundId,
      amount,
      currency: player.currency,
      closeRound: true,
      settlement,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const voidBet = async (bet: { roundId: string; transactionId: string }) => {
    const response = await call("rollback", {
      token: player.token,
      transactionId: providerId("void"),
      referenceTransactionId: bet.transactionId,
      roundId: bet.roundId,
      closeRound: true,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { ...player, place, settle, voidBet };
}
