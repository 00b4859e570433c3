// The sandbox sportsbook's own API (/sportsbook/api/..., docs/sportsbook.md "The sandbox"): what
// its front end (apps/sportsbook) calls. It is the book's, not the platform's: the book reaches
// the platform only through the provider wallet API (game.ts "provider wallet").
import { z } from "zod";

/** Error codes of the book's own API (the platform's wallet refusals pass through as theirs). */
export const SportsbookError = {
  /** The book session token is missing, unknown or expired (401): open the book again. */
  SessionInvalid: 18501,
  /** The platform could not be reached; a bet whose fate is unknown is cancelled (503). */
  PlatformUnavailable: 18502,
  /** A price moved and the slip's odds-change rule does not accept it (409); error.changes. */
  OddsChanged: 18503,
  /** A selection's market is suspended, settled or its event is over (409). */
  MarketClosed: 18504,
  /** The bet is not open or the cash-out offer changed / is unavailable (409). */
  CashOutUnavailable: 18505,
  /** The console is off on this server (404) or the console secret is wrong (401). */
  ConsoleLocked: 18506,
  /** The bet was already settled and the requested change does not apply (409). */
  BetNotSettleable: 18507,
} as const;

/** A decimal amount in major units of the session's currency ("1.50"). */
export const SportsbookAmount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,18})?$/, "Must be an amount like 1.50");

/** Decimal odds as text with two decimals ("2.10"), at least 1.01. */
export const SportsbookOdds = z.string().regex(/^\d{1,6}\.\d{2}$/, "Odds like 2.10");

export const SportId = z.enum(["football", "tennis", "basketball", "ice-hockey", "esports"]);
export type SportId = z.infer<typeof SportId>;

export const SportsbookSelection = z.object({
  /** Stable within its market: "home", "draw", "away", "over", "under", "yes", "2:1", ... */
  id: z.string(),
  name: z.string(),
  odds: SportsbookOdds,
});

export const SportsbookMarketStatus = z.enum(["open", "suspended", "closed"]);

export const SportsbookMarket = z.object({
  /** Stable within its event: "1x2", "dc", "total-2.5", "handicap--1.5", "btts", "cs", "sets". */
  id: z.string(),
  /** Shown name: "1X2", "Double chance", "Total 2.5", "Handicap -1.5", "Correct score". */
  name: z.string(),
  kind: z.enum([
    "1x2",
    "winner",
    "double-chance",
    "total",
    "handicap",
    "btts",
    "correct-score",
    "set-betting",
  ]),
  line: z.string().nullable(),
  status: SportsbookMarketStatus,
  minStake: SportsbookAmount,
  maxStake: SportsbookAmount,
  selections: z.array(SportsbookSelection),
});
export type SportsbookMarket = z.infer<typeof SportsbookMarket>;

export const SportsbookEventStatus = z.enum(["upcoming", "live", "ended", "void"]);

export const SportsbookEventSummary = z.object({
  /** "ev-<slot>-<n>" : stable for ever (seed + time). */
  id: z.string(),
  sport: SportId,
  sportName: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  home: z.string(),
  away: z.string(),
  /** "Arsenal – Chelsea" */
  name: z.string(),
  startsAt: z.iso.datetime(),
  status: SportsbookEventStatus,
  /** Live only: "37'", "2nd set", "Q3 04:12", "Map 2", "HT". */
  clock: z.string().nullable(),
  /** Live and ended: the score; detail like "6-4 3-2" for tennis. */
  score: z
    .object({ home: z.number().int(), away: z.number().int(), detail: z.string() })
    .nullable(),
  /** The first market (1X2 or winner) for lists. */
  mainMarket: SportsbookMarket.nullable(),
  marketCount: z.number().int(),
});
export type SportsbookEventSummary = z.infer<typeof SportsbookEventSummary>;

export const SportsbookIncident = z.object({
  /** Minutes of play (football, hockey, basketball) or set/map number (tennis, esports). */
  at: z.string(),
  kind: z.enum(["goal", "set", "map", "period", "points"]),
  side: z.enum(["home", "away"]).nullable(),
  text: z.string(),
});

export const SportsbookEventDetail = SportsbookEventSummary.extend({
  markets: z.array(SportsbookMarket),
  incidents: z.array(SportsbookIncident),
});
export type SportsbookEventDetail = z.infer<typeof SportsbookEventDetail>;

export const SportsbookLeague = z.object({
  id: z.string(),
  name: z.string(),
  upcoming: z.number().int(),
  live: z.number().int(),
});

export const SportsbookSport = z.object({
  id: SportId,
  name: z.string(),
  upcoming: z.number().int(),
  live: z.number().int(),
  leagues: z.array(SportsbookLeague),
});

export const SportsbookSportsAnswer = z.object({ data: z.array(SportsbookSport) });

export const SportsbookEventsQuery = z.object({
  sport: SportId.optional(),
  league: z.string().max(80).optional(),
  /** true: live only; false: upcoming only; absent: both. */
  live: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const SportsbookEventsAnswer = z.object({ data: z.array(SportsbookEventSummary) });
export const SportsbookEventParams = z.object({ id: z.string().max(40) });
export const SportsbookEventAnswer = z.object({ data: SportsbookEventDetail });

// ---- odds stream (Server-Sent Events) ----
/**
 * GET /sportsbook/api/stream?events=ev-1,ev-2 : text/event-stream. Every few seconds an
 * `odds` message per event whose prices, status, clock or score changed since the last one sent
 * on this stream: the listed events (up to 50) with all their markets; without `events`, every
 * listed event with its main market only. `: ping` comments keep the stream open.
 */
export const SportsbookStreamQuery = z.object({ events: z.string().max(2000).optional() });
export const SportsbookOddsMessage = z.object({
  eventId: z.string(),
  status: SportsbookEventStatus,
  clock: z.string().nullable(),
  score: SportsbookEventSummary.shape.score,
  markets: z.array(SportsbookMarket),
  at: z.iso.datetime(),
});
export type SportsbookOddsMessage = z.infer<typeof SportsbookOddsMessage>;

// ---- sessions ----
export const SportsbookOpenSessionBody = z.strictObject({
  /** The platform's game session token (the SDK's token). */
  token: z.string().min(16).max(200),
});
export const SportsbookSession = z.object({
  currency: z.string(),
  balance: SportsbookAmount,
});
export const SportsbookOpenSessionAnswer = z.object({
  data: SportsbookSession.extend({
    /** Bearer token for the book's own calls (Authorization: Bearer ...). */
    sessionToken: z.string(),
  }),
});
export const SportsbookSessionAnswer = z.object({ data: SportsbookSession });

// ---- bets ----
export const SportsbookLegInput = z.strictObject({
  eventId: z.string().max(40),
  marketId: z.string().max(40),
  selectionId: z.string().max(40),
  /** The price the player saw. */
  odds: SportsbookOdds,
});

export const SportsbookBetType = z.enum(["single", "multiple", "system"]);

export const SportsbookPlaceBetBody = z.strictObject({
  /** The browser's id of one press of "Place bet": the same id again returns the same bet. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 of A-Z a-z 0-9 _ -"),
  type: SportsbookBetType,
  /** System bets: "k/n", k of n legs (2/3, 2/4, 3/4, ...), n = the number of legs. */
  system: z
    .string()
    .regex(/^\d{1,2}\/\d{1,2}$/)
    .nullable()
    .default(null),
  /** Total stake (a system bet's stake is split evenly over its combinations). */
  stake: SportsbookAmount,
  /** any: take the current prices; higher: only if none went down; none: only unchanged. */
  oddsChange: z.enum(["any", "higher", "none"]).default("none"),
  /** single: 1 leg; multiple: 2–20 legs on different events; system: 3–8 legs. */
  legs: z.array(SportsbookLegInput).min(1).max(20),
});
export type SportsbookPlaceBetBody = z.infer<typeof SportsbookPlaceBetBody>;

export const SportsbookLegResult = z.enum(["won", "lost", "void"]);

export const SportsbookBetLeg = z.object({
  eventId: z.string(),
  event: z.string(),
  sport: SportId,
  league: z.string(),
  startsAt: z.iso.datetime(),
  live: z.boolean(),
  marketId: z.string(),
  market: z.string(),
  selectionId: z.string(),
  selection: z.string(),
  odds: SportsbookOdds,
  result: SportsbookLegResult.nullable(),
});

export const SportsbookBetStatus = z.enum(["open", "won", "lost", "void", "cashed_out"]);

export const SportsbookBet = z.object({
  /** The book's bet id; the platform's roundId. */
  id: z.string(),
  type: SportsbookBetType,
  system: z.string().nullable(),
  currency: z.string(),
  stake: SportsbookAmount,
  totalOdds: z.string(),
  potentialPayout: SportsbookAmount,
  payout: SportsbookAmount,
  status: SportsbookBetStatus,
  placedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
  /** Open bets: what cashing out now pays (null: not offered now, e.g. a market suspended). */
  cashOut: SportsbookAmount.nullable(),
  legs: z.array(SportsbookBetLeg),
});
export type SportsbookBet = z.infer<typeof SportsbookBet>;

export const SportsbookPlaceBetAnswer = z.object({
  data: z.object({ bet: SportsbookBet, balance: SportsbookAmount }),
});

/**
 * 409 OddsChanged body: the usual error plus the current prices of the slip's legs, so the slip
 * can show them and ask again.
 */
export const SportsbookOddsChangedBody = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    changes: z.array(
      z.object({
        eventId: z.string(),
        marketId: z.string(),
        selectionId: z.string(),
        odds: SportsbookOdds.nullable(),
        status: SportsbookMarketStatus,
      }),
    ),
  }),
});

export const SportsbookBetsQuery = z.object({
  status: z.enum(["open", "settled"]).default("open"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const SportsbookBetsAnswer = z.object({ data: z.array(SportsbookBet) });
export const SportsbookBetParams = z.object({ id: z.string().max(60) });

export const SportsbookCashOutBody = z.strictObject({
  /** The offer the player accepted; a different current offer answers 409 CashOutUnavailable. */
  amount: SportsbookAmount,
});
export const SportsbookCashOutAnswer = SportsbookPlaceBetAnswer;

// ---- console (tester / operator) ----
/** Header carrying SPORTSBOOK_CONSOLE_SECRET when the server sets one. */
export const SPORTSBOOK_CONSOLE_HEADER = "x-sportsbook-console-secret";

export const SportsbookConsoleBetsQuery = z.object({
  eventId: z.string().max(40).optional(),
  status: z.enum(["open", "settled"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const SportsbookConsoleBet = SportsbookBet.extend({ playerId: z.string() });
export const SportsbookConsoleBetsAnswer = z.object({ data: z.array(SportsbookConsoleBet) });

export const SportsbookSettleMarketBody = z.strictObject({
  /** The winning selection, or null to void the market (legs on it count as odds 1). */
  selectionId: z.string().max(40).nullable(),
});
export const SportsbookMarketParams = z.object({
  id: z.string().max(40),
  marketId: z.string().max(40),
});

export const SportsbookConsoleAnswer = z.object({
  data: z.object({
    /** Bets whose settlement (win, rollback or resettle) the platform took in this call. */
    settled: z.number().int(),
    /** Bets left for the settlement job (the platform did not answer or refused). */
    pending: z.number().int(),
  }),
});
export const SportsbookConsoleStatusAnswer = z.object({
  data: z.object({ secretRequired: z.boolean() }),
});
