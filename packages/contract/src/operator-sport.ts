// The operator's sports bets (/api/operator/sport-bets..., issue 25): search by player, event and
// status, and the open liability per event and market. Amounts in major units, as strings;
// currencies are never added together.
import { z } from "zod";
import { PageMeta } from "./pagination";
import { SPORT_BET_STATUSES, SportBet } from "./sport";

/** GET /api/operator/sport-bets: newest first; every filter optional. */
export const OperatorSportBetQuery = z.strictObject({
  /** The player's id. */
  player: z.uuid().optional(),
  /** Bets with a leg on this event: its id exactly, or words of its name. */
  event: z.string().trim().min(1).max(200).optional(),
  status: z.enum(SPORT_BET_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type OperatorSportBetQuery = z.infer<typeof OperatorSportBetQuery>;

export const OperatorSportBet = SportBet.extend({
  playerId: z.string(),
  /** The player's e-mail, for the desk (null when the player has none). */
  playerEmail: z.string().nullable(),
  provider: z.string(),
  /** The platform's game round of the bet. */
  roundId: z.string(),
}).meta({ id: "OperatorSportBet" });
export type OperatorSportBet = z.infer<typeof OperatorSportBet>;
export const OperatorSportBetList = z.object({ data: z.array(OperatorSportBet), meta: PageMeta });

/** GET /api/operator/sport-bets/liability: open bets per event and market. */
export const OperatorSportLiabilityQuery = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  /** Only this event (its id). */
  event: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type OperatorSportLiabilityQuery = z.infer<typeof OperatorSportLiabilityQuery>;

/**
 * One event's market in one currency: the open bets with a leg on it, their stakes, and the
 * liability — what they would pay if every one of them won (the sum of potential payouts). A
 * multiple counts in each of its legs' markets. Largest liability first.
 */
export const OperatorSportLiability = z
  .object({
    eventId: z.string(),
    event: z.string(),
    sport: z.string(),
    startsAt: z.string(),
    market: z.string(),
    currency: z.string(),
    openBets: z.number().int(),
    stakes: z.string(),
    liability: z.string(),
  })
  .meta({ id: "OperatorSportLiability" });
export type OperatorSportLiability = z.infer<typeof OperatorSportLiability>;
export const OperatorSportLiabilityList = z.object({ data: z.array(OperatorSportLiability) });
