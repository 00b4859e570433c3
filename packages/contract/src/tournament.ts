// Tournaments (issue 8 "Tournaments"; TN-01, TN-02, BE-39). The spec shows only the realtime
// side (tournament.completed with place, tournament and prize on the player's tournaments
// channel); the data endpoints follow the retention API's style (/api/retention/...):
//   GET /api/retention/tournaments?state=running|upcoming|finished
//   GET /api/retention/tournaments/{identity}        (leaderboard, and `me` when signed in)
//   PUT /api/retention/tournaments/{identity}/join   (opt in; joining twice is a no-op)
// Amounts are exact decimal strings in major units of the tournament's currency.
import { z } from "zod";
import { PLAYER_CHANNEL_NAMESPACES, PUBLIC_CHANNELS } from "./realtime";
import { DecimalAmount } from "./wallet";

export const TournamentStates = ["upcoming", "running", "finished"] as const;
export const TournamentState = z.enum(TournamentStates);
export type TournamentState = z.infer<typeof TournamentState>;

/** How a settled bet scores: the stake, the win, or the round's win / stake (the best one counts). */
export const TournamentScorings = ["bet_sum", "win_sum", "max_multiplier"] as const;
export const TournamentScoring = z.enum(TournamentScorings);
export type TournamentScoring = z.infer<typeof TournamentScoring>;

/** Multiplier scores are kept as integers: win / stake times this, rounded down. */
export const MULTIPLIER_SCALE = 100;

export const TournamentPrize = z
  .object({
    placeFrom: z.number().int(),
    placeTo: z.number().int(),
    type: z.enum(["cash", "bonus", "freespins"]),
    /** Cash prizes: the amount in the tournament's currency; null for the others. */
    amount: DecimalAmount.nullable(),
    currency: z.string(),
    /** What the player wins, ready to show ("50.00 EUR", "50 free spins on Gold Rush"). */
    title: z.string(),
  })
  .meta({ id: "TournamentPrize" });
export type TournamentPrize = z.infer<typeof TournamentPrize>;

export const TournamentGame = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
});

/** Which settled bets a tournament counts: every one, casino rounds only, sports bets only. */
export const TournamentProduct = z.enum(["all", "casino", "sport"]);
export type TournamentProduct = z.infer<typeof TournamentProduct>;

export const TournamentRules = z.object({
  scoring: TournamentScoring,
  /** The smallest stake that counts (tournament currency). */
  minBet: DecimalAmount,
  /** Bets in other currencies count too, converted at the site's rates. */
  convertsCurrencies: z.boolean(),
  /** Which bets count: all, casino rounds only, or sports bets only. */
  product: TournamentProduct,
  /** Games that count; empty with no providers and collections: every game. */
  games: z.array(TournamentGame),
  providers: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
  collections: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })),
});
export type TournamentRules = z.infer<typeof TournamentRules>;

export const Tournament = z
  .object({
    id: z.uuid(),
    identity: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    state: TournamentState,
    startsAt: z.string(),
    endsAt: z.string(),
    currency: z.string(),
    scoring: TournamentScoring,
    /** The cash prizes added up. */
    prizePool: DecimalAmount,
    prizes: z.array(TournamentPrize),
    participants: z.number().int(),
    /** Whether the signed-in player has joined (false for guests). */
    isJoined: z.boolean(),
  })
  .meta({ id: "Tournament" });
export type Tournament = z.infer<typeof Tournament>;

export const LeaderboardEntry = z
  .object({
    place: z.number().int(),
    /** The entry's public id (stable for the tournament); never the player's id. */
    entryId: z.string(),
    /** Masked nickname ("d**o"). */
    nickname: z.string(),
    /** A money amount for the sum scorings, a multiplier ("12.5") for max_multiplier. */
    score: z.string(),
    bets: z.number().int(),
  })
  .meta({ id: "TournamentLeaderboardEntry" });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;

export const TournamentDetail = Tournament.extend({
  rules: TournamentRules,
  leaderboard: z.array(LeaderboardEntry),
  /** The signed-in player's entry when they joined (place and score), else null. */
  me: LeaderboardEntry.nullable(),
}).meta({ id: "TournamentDetail" });
export type TournamentDetail = z.infer<typeof TournamentDetail>;

export const TournamentListQuery = z.strictObject({
  state: TournamentState.optional(),
});
export const TournamentParams = z.object({
  identity: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Unknown tournament"),
});

export const TournamentList = z.object({ data: z.array(Tournament) });
export const TournamentResponse = z.object({ data: TournamentDetail });

/**
 * On `retention:tournaments#{profileId}` for each prize winner when a tournament completes
 * (TN-01): the alert's {place}, {tournament} and {prize} come from here.
 */
export const TournamentCompletedEvent = z.object({
  type: z.literal("tournament.completed"),
  place: z.number().int(),
  tournament: z.object({ id: z.uuid(), identity: z.string(), title: z.string() }),
  prize: TournamentPrize,
});
export type TournamentCompletedEvent = z.infer<typeof TournamentCompletedEvent>;

/** On the player's channel after a bet of theirs counted: their entry as it is now. */
export const TournamentEntryEvent = z.object({
  type: z.literal("tournament.entry.updated"),
  tournamentId: z.uuid(),
  entry: LeaderboardEntry,
});
export type TournamentEntryEvent = z.infer<typeof TournamentEntryEvent>;

/**
 * On the public channel `retention:tournament-leaderboards` whenever a tournament's top entries
 * change, and once more when it finishes: the whole top (leaderboard_size entries).
 */
export const TournamentLeaderboardEvent = z.object({
  type: z.literal("tournament.leaderboard.updated"),
  tournamentId: z.uuid(),
  state: TournamentState,
  participants: z.number().int(),
  leaderboard: z.array(LeaderboardEntry),
});
export type TournamentLeaderboardEvent = z.infer<typeof TournamentLeaderboardEvent>;

export function tournamentsChannel(profileId: string): string {
  return `${PLAYER_CHANNEL_NAMESPACES.tournaments}#${profileId}`;
}

export const TOURNAMENT_LEADERBOARDS_CHANNEL = PUBLIC_CHANNELS.tournamentLeaderboards;

/**
 * POST /api/operator/tournaments (OPERATOR_API_TOKEN): a tournament as data. Amounts are decimal
 * strings in major units of `currency`; games, providers and collections by slug (none: every
 * game). 422 with error.fields for a taken slug, an unknown slug or currency, a window that ends
 * before it starts, or prize places that overlap. `key` (optional, the operator's idempotency key
 * like operator.ts's OperatorKey): the same request again answers the first result (200); the key
 * with another body is a 422 on `key`.
 */
export const CreateTournamentBody = z
  .strictObject({
    key: z.string().trim().min(1).max(200).optional(),
    identity: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Lowercase letters, digits and dashes"),
    title: z.string().min(1).max(200),
    description: z.string().max(5000).default(""),
    image: z.string().max(500).nullable().default(null),
    scoring: TournamentScoring,
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code"),
    convertsCurrencies: z.boolean().default(false),
    /** all (default), casino (casino providers' rounds only) or sport (sports bets only). */
    product: TournamentProduct.default("all"),
    minBet: DecimalAmount.default("0"),
    games: z.array(z.string().max(100)).max(500).default([]),
    providers: z.array(z.string().max(100)).max(100).default([]),
    collections: z.array(z.string().max(100)).max(100).default([]),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    leaderboardSize: z.number().int().min(1).max(100).default(20),
    prizes: z
      .array(
        z.strictObject({
          placeFrom: z.number().int().min(1).max(10_000),
          placeTo: z.number().int().min(1).max(10_000),
          type: z.enum(["cash", "bonus", "freespins"]),
          amount: DecimalAmount.optional(),
          title: z.string().max(200).default(""),
          /** Bonus and free-spin prizes: {"bonus": "<bonus definition slug>"} (issued by the bonus module). */
          reward: z.record(z.string(), z.unknown()).default({}),
        }),
      )
      .max(100)
      .default([]),
  })
  .meta({ id: "CreateTournament" });
export type CreateTournamentBody = z.infer<typeof CreateTournamentBody>;

/**
 * A tournament as the operator sees it (GET /api/operator/tournaments), switched-off ones too.
 * state: upcoming (before startsAt), running, ended (waiting for its completion job), completed
 * (prizes paid).
 */
export const OperatorTournament = z
  .object({
    id: z.string(),
    identity: z.string(),
    title: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    scoring: TournamentScoring,
    currency: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    state: z.enum(["upcoming", "running", "ended", "completed"]),
    participants: z.number().int(),
    isEnabled: z.boolean(),
    position: z.number().int(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorTournament" });
export type OperatorTournament = z.infer<typeof OperatorTournament>;
/**
 * GET /api/operator/tournaments/{id}: one tournament, switched off too, with what is fixed at its
 * definition (rules, leaderboard size, prizes) and its leaderboard's top as it stands.
 */
export const OperatorTournamentDetail = OperatorTournament.extend({
  leaderboardSize: z.number().int(),
  rules: TournamentRules,
  prizes: z.array(TournamentPrize),
  leaderboard: z.array(LeaderboardEntry),
}).meta({ id: "OperatorTournamentDetail" });
export type OperatorTournamentDetail = z.infer<typeof OperatorTournamentDetail>;
export const OperatorTournamentDetailResponse = z.object({ data: OperatorTournamentDetail });
export const OperatorTournamentList = z.object({ data: z.array(OperatorTournament) });
export const OperatorTournamentResponse = z.object({ data: OperatorTournament });
export const OperatorTournamentParams = z.object({ id: z.uuid("Must be a tournament id") });

/**
 * PATCH /api/operator/tournaments/{id}. Text, image and order at any time. isEnabled false hides
 * it and stops scoring (the leaderboard stands; prizes are paid for it at the end). startsAt only
 * before it starts, to a time still ahead; endsAt until it is completed, to a time still ahead
 * (409 otherwise). Scoring, games and prizes are fixed: define a new tournament instead.
 */
export const PatchOperatorTournamentBody = z
  .strictObject({
    title: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(5000).optional(),
    image: z.string().max(500).nullable().optional(),
    position: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    isEnabled: z.boolean().optional(),
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: "PatchOperatorTournament" });
export type PatchOperatorTournamentBody = z.infer<typeof PatchOperatorTournamentBody>;
