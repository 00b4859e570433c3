import { z } from "zod";
import { PageMeta } from "./pagination";

// ---------------------------------------------------------------------------------------------
// Sports bets (issue 25): what a sportsbook provider reported through the provider wallet API
// (`bet` with `sportBet`, `win` with `settlement`), as the player sees it. Money amounts are
// decimal strings in major units of `currency`, like GameRound's; odds are decimal strings.

export const SPORT_BET_TYPES = ["single", "multiple", "system"] as const;
export type SportBetType = (typeof SPORT_BET_TYPES)[number];

/** open until settled; then won, lost, void (stake back) or cashed_out. */
export const SPORT_BET_STATUSES = ["open", "won", "lost", "void", "cashed_out"] as const;
export type SportBetStatus = (typeof SPORT_BET_STATUSES)[number];

/** A leg's result once its event is settled (null while open). */
export const SPORT_LEG_RESULTS = ["won", "lost", "void"] as const;
export type SportLegResult = (typeof SPORT_LEG_RESULTS)[number];

/** One selection of a sports bet. */
export const SportBetLeg = z
  .object({
    /** The provider's event id ("ev-1042"). */
    eventId: z.string(),
    /** The event's name ("Arsenal – Chelsea"). */
    event: z.string(),
    sport: z.string(),
    league: z.string(),
    startsAt: z.string(),
    /** Placed while the event was live. */
    live: z.boolean(),
    /** The market ("1X2", "Total 2.5"). */
    market: z.string(),
    /** The chosen outcome ("Arsenal", "Over"). */
    selection: z.string(),
    /** Decimal odds as placed ("2.10"). */
    odds: z.string(),
    result: z.enum(SPORT_LEG_RESULTS).nullable(),
  })
  .meta({ id: "SportBetLeg" });
export type SportBetLeg = z.infer<typeof SportBetLeg>;

/** A player's sports bet with its legs. */
export const SportBet = z
  .object({
    id: z.string(),
    type: z.enum(SPORT_BET_TYPES),
    /** A system bet's system ("2/3"), else null. */
    system: z.string().nullable(),
    currency: z.string(),
    /** The stake, major units ("5.00"). */
    stake: z.string(),
    /** Product of the legs' odds as placed ("5.25"). */
    totalOdds: z.string(),
    /** What the bet pays if it wins as placed. */
    potentialPayout: z.string(),
    /** What it paid so far ("0.00" while open or lost; the stake for void). */
    payout: z.string(),
    status: z.enum(SPORT_BET_STATUSES),
    placedAt: z.string(),
    settledAt: z.string().nullable(),
    /** Legs in the order they were placed. */
    legs: z.array(SportBetLeg),
  })
  .meta({ id: "SportBet" });
export type SportBet = z.infer<typeof SportBet>;

/**
 * GET /api/game/sport-bets: the signed-in player's sports bets, newest first. `status=open`
 * lists the open ones, `status=settled` every other (won, lost, void, cashed out); without it,
 * all. Paged like the site's other lists (`page`, `perPage` at most 100).
 */
export const SportBetListQuery = z.strictObject({
  status: z.enum(["open", "settled"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type SportBetListQuery = z.infer<typeof SportBetListQuery>;

export const SportBetList = z.object({ data: z.array(SportBet), meta: PageMeta });
export type SportBetList = z.infer<typeof SportBetList>;

/**
 * Realtime: a sports bet was placed or changed (settled, voided, cashed out, resettled). Sent on
 * the player's `game:bets#{profileId}` channel (realtime.ts `playerChannel("gameBets", id)`),
 * carrying the bet's full state.
 */
export const SportBetUpdatedEvent = z.object({
  type: z.literal("sport.bet.updated"),
  bet: SportBet,
});
export type SportBetUpdatedEvent = z.infer<typeof SportBetUpdatedEvent>;
export const SPORT_BET_UPDATED = "sport.bet.updated" as const;
