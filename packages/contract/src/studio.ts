// The in-house studio's own API (/studio/api/..., README "In-house studio"): what its game pages
// call. It is the studio's, not the platform's: the studio reaches the platform only through the
// provider wallet API (game.ts "provider wallet").
import { z } from "zod";

export const StudioGameCode = z.enum(["dice", "limbo", "roulette", "baccarat", "slot"]);
export type StudioGameCode = z.infer<typeof StudioGameCode>;

/** A decimal amount in major units of the session's currency ("1.50"). */
export const StudioAmount = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,18})?$/, "Must be an amount like 1.50");

const ClientSeed = z
  .string()
  .regex(/^[\x21-\x7e]{1,64}$/, "1 to 64 printable characters without spaces");

/** The browser's id of one press of the play button: the same id again returns the same round. */
const RequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 of A-Z a-z 0-9 _ -");

export const StudioOpenSessionBody = z.strictObject({
  gameCode: StudioGameCode,
  mode: z.enum(["real", "demo"]).default("demo"),
  /** The platform's launch token; needed for real play. */
  token: z.string().min(16).max(200).optional(),
});
export type StudioOpenSessionBody = z.infer<typeof StudioOpenSessionBody>;

export const StudioFairness = z.object({
  serverSeedHash: z.string(),
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type StudioFairness = z.infer<typeof StudioFairness>;

export const StudioRevealedSeed = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played with the pair: nonces 0 .. bets − 1. */
  bets: z.number().int(),
});

export const StudioFreeSpins = z.object({
  id: z.string(),
  spinsLeft: z.number().int(),
  betPerSpin: z.string(),
  expiresAt: z.string(),
});

export const StudioSession = z.object({
  mode: z.enum(["real", "demo"]),
  gameCode: StudioGameCode,
  currency: z.string(),
  balance: z.string(),
  fairness: StudioFairness,
  freeSpins: z.array(StudioFreeSpins),
});
export type StudioSession = z.infer<typeof StudioSession>;

export const StudioSessionAnswer = z.object({ data: StudioSession });
export const StudioOpenSessionAnswer = z.object({
  data: StudioSession.extend({
    /** Send as `Authorization: Bearer …` on every studio call of this session. */
    sessionToken: z.string(),
  }),
});

export const StudioClientSeedBody = z.strictObject({ clientSeed: ClientSeed });
export const StudioSeedsAnswer = z.object({
  data: z.object({ fairness: StudioFairness, revealed: StudioRevealedSeed.nullable() }),
});

const RouletteChip = z.strictObject({
  kind: z.enum([
    "straight",
    "split",
    "street",
    "corner",
    "line",
    "dozen",
    "column",
    "red",
    "black",
    "odd",
    "even",
    "low",
    "high",
  ]),
  at: z.array(z.number().int().min(0).max(36)).max(2).default([]),
  amount: StudioAmount,
});

export const StudioPlayBody = z.discriminatedUnion("game", [
  z.strictObject({
    game: z.literal("dice"),
    requestId: RequestId,
    amount: StudioAmount,
    /** In hundredths: 5000 is 50.00. */
    target: z.number().int().min(1).max(9998),
    direction: z.enum(["under", "over"]),
  }),
  z.strictObject({
    game: z.literal("limbo"),
    requestId: RequestId,
    amount: StudioAmount,
    /** Target multiplier in hundredths: 200 is 2.00×. */
    target: z.number().int().min(101).max(100_000_000),
  }),
  z.strictObject({
    game: z.literal("roulette"),
    requestId: RequestId,
    chips: z.array(RouletteChip).min(1).max(40),
  }),
  z.strictObject({
    game: z.literal("baccarat"),
    requestId: RequestId,
    amount: StudioAmount,
    bet: z.enum(["player", "banker", "tie"]),
  }),
  z.strictObject({
    game: z.literal("slot"),
    requestId: RequestId,
    /** Per line; the slot plays all 10 lines. Absent on a free spin (the grant sets it). */
    lineBet: StudioAmount.optional(),
    /** Play one of the player's platform free spins instead of a paid spin. */
    freeSpin: z.boolean().default(false),
  }),
]);
export type StudioPlayBody = z.infer<typeof StudioPlayBody>;

export const StudioRound = z.object({
  id: z.string(),
  game: StudioGameCode,
  mode: z.enum(["real", "demo"]),
  /** settled, or still being paid (bet_placed, winning): the win is retried until it lands. */
  state: z.string(),
  currency: z.string(),
  stake: z.string(),
  payout: z.string(),
  /** The round's parameters as played (amounts in minor units), for the verifier. */
  params: z.record(z.string(), z.unknown()),
  outcome: z.record(z.string(), z.unknown()),
  serverSeedHash: z.string(),
  /** Shown once the pair was rotated; null before. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  freeSpinsId: z.string().nullable(),
  createdAt: z.string(),
});
export type StudioRound = z.infer<typeof StudioRound>;

export const StudioRoundAnswer = z.object({ data: StudioRound });
export const StudioPlayAnswer = z.object({
  data: z.object({
    round: StudioRound,
    balance: z.string(),
    fairness: StudioFairness,
    freeSpins: z.array(StudioFreeSpins),
  }),
});
export type StudioPlayAnswer = z.infer<typeof StudioPlayAnswer>;

export const StudioRoundParams = z.object({ id: z.uuid() });

/** POST /studio/api/platform/free-spins: the platform grants free spins (signed like wallet calls). */
export const StudioFreeSpinsGrantBody = z.strictObject({
  /** The platform's id of the grant: the same id again changes nothing. */
  externalId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, "1 to 100 of A-Z a-z 0-9 _ . : -"),
  /** The provider's opaque player id (the balance answer's playerId). */
  playerId: z.string().min(1).max(100),
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  gameCode: z.literal("slot"),
  spins: z.number().int().min(1).max(1000),
  /** Total bet of each spin, in major units; a multiple of the 10 lines' minor unit. */
  betPerSpin: StudioAmount,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type StudioFreeSpinsGrantBody = z.infer<typeof StudioFreeSpinsGrantBody>;
export const StudioFreeSpinsGrantAnswer = z.object({
  data: z.object({
    id: z.string(),
    externalId: z.string(),
    spinsLeft: z.number().int(),
    replay: z.boolean(),
  }),
});

/** Codes of the studio's refusals (HTTP 400 unless said otherwise). */
export const StudioError = {
  /** The studio session token is missing, unknown or expired (401). */
  SessionInvalid: 16001,
  /** The platform could not be reached; a bet whose fate is unknown is cancelled (503). */
  PlatformUnavailable: 16002,
  /** Demo balance too low. */
  DemoInsufficientFunds: 16003,
  /** No platform free spins left for this player. */
  NoFreeSpins: 16004,
} as const;
