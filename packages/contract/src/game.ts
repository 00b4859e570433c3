import { z } from "zod";
import { PageMeta } from "./pagination";

/** A game studio whose games the catalogue lists. */
export const GameProvider = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** Logo URL, or null to show the name. */
    logo: z.string().nullable(),
  })
  .meta({ id: "GameProvider" });
export type GameProvider = z.infer<typeof GameProvider>;

/** A game collection; its slug is the categoryIdentity of /categories/{categoryIdentity}. */
export const GameCollection = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    position: z.number().int(),
  })
  .meta({ id: "GameCollection" });
export type GameCollection = z.infer<typeof GameCollection>;

export const GameProviderList = z.object({ data: z.array(GameProvider) });
export const GameProviderResponse = z.object({ data: GameProvider });
/** GET /api/game/collections: the collections the request country may see, by position (API-59). */
export const GameCollectionList = z.object({ data: z.array(GameCollection) });

/** GET /api/game/providers/{id}: a numeric id or the provider's slug. */
export const GameProviderParams = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/, "Must be a provider id or slug"),
});

// ---------------------------------------------------------------------------------------------
// Games (BE-32, GM-01..GM-10): catalogue, launch, favorites, history, winners.

/** A numeric game id or the game's slug, in a path. */
const IdOrSlug = z
  .string()
  .max(120)
  .regex(/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/, "Must be a game id or slug");

/** A game of the catalogue. */
export const Game = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    provider: GameProvider.pick({ id: true, slug: true, name: true }),
    /** Cover image URL, or null. */
    image: z.string().nullable(),
    tags: z.array(z.string()),
    /** Declared return to player in percent, as a decimal string ("96.50"), or null. */
    rtp: z.string().nullable(),
    volatility: z.enum(["low", "medium", "high"]).nullable(),
    hasDemo: z.boolean(),
    isMobile: z.boolean(),
    isDesktop: z.boolean(),
    /** Slugs of the collections the game is in. */
    collections: z.array(z.string()),
  })
  .meta({ id: "Game" });
export type Game = z.infer<typeof Game>;

/** GET /api/game/games/{id}: the game, and whether the signed-in player favorited it. */
export const GameDetail = Game.extend({ isFavorite: z.boolean() }).meta({ id: "GameDetail" });
export type GameDetail = z.infer<typeof GameDetail>;

export const GAME_SORTS = ["popular", "newest", "title"] as const;

/** GET /api/game/games: filters, sort and page (perPage at most 100). */
export const GameListQuery = z.strictObject({
  /** A collection slug (the categoryIdentity). */
  collection: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  /** A provider id or slug. */
  provider: z
    .string()
    .max(64)
    .regex(/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/)
    .optional(),
  /** Words of the title (case-insensitive, every word must match). */
  search: z.string().trim().max(100).optional(),
  device: z.enum(["mobile", "desktop"]).optional(),
  sort: z.enum(GAME_SORTS).default("popular"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(24),
});
export type GameListQuery = z.infer<typeof GameListQuery>;

export const GameList = z.object({ data: z.array(Game), meta: PageMeta });
export const GameListPlain = z.object({ data: z.array(Game) });
export const GameParams = z.object({ id: IdOrSlug });
export const GameIdParams = z.object({ id: z.string().regex(/^\d{1,9}$/, "Must be a game id") });
export const GameDetailResponse = z.object({ data: GameDetail });

/** POST /api/game/games/{id}/play: real money needs a session; guests may only play the demo. */
export const PlayGameFields = z.strictObject({
  mode: z.enum(["real", "demo"]).default("real"),
  /** Real play: the wallet currency (default: the player's active account). */
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)
    .optional(),
  /** Where the game's home button leads (a path of this site). */
  returnUrl: z
    .string()
    .max(500)
    .regex(/^\/[^/\\]/, "Must be a path of this site")
    .optional(),
  /**
   * The player's device, 1 mobile or 2 desktop (the sportsbook's token request sends it, as
   * outside books expect); validated and otherwise ignored by the platform.
   */
  platform: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type PlayGameFields = z.infer<typeof PlayGameFields>;
/** The body may be left out (or null): real play in the active account's currency. */
export const PlayGameBody = PlayGameFields.nullish();

export const GameLaunch = z
  .object({
    /** Open this URL (in an iframe or a new page) to start the game. */
    url: z.string(),
    mode: z.enum(["real", "demo"]),
    /** The one-time game session token the URL carries (bound to player, game, currency, account). */
    token: z.string(),
    currency: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: "GameLaunch" });
export const GameLaunchResponse = z.object({ data: GameLaunch });

/** game.bet.status: 1 pending, 2 won, 3 lost, 4 refunded. */
export const GameBetStatus = { Pending: 1, Won: 2, Lost: 3, Refunded: 4 } as const;

/** One round of play (a spin, or a bet and its settlement). */
export const GameRound = z
  .object({
    id: z.string(),
    gameId: z.number().int(),
    gameTitle: z.string(),
    providerName: z.string(),
    currency: z.string(),
    betAmount: z.string(),
    winAmount: z.string(),
    /** game.bet.status */
    status: z.number().int(),
    isSettled: z.boolean(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: "GameRound" });
export type GameRound = z.infer<typeof GameRound>;
export const GameRoundList = z.object({ data: z.array(GameRound), meta: PageMeta });

export const GameBetsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
  isSettled: z.enum(["0", "1", "true", "false"]).optional(),
});

/** GET /api/game/spins/winners: the latest wins, names masked. */
export const GameWinner = z
  .object({
    gameId: z.number().int(),
    gameSlug: z.string(),
    gameTitle: z.string(),
    gameImage: z.string().nullable(),
    nickname: z.string(),
    amount: z.string(),
    currency: z.string(),
    wonAt: z.string(),
  })
  .meta({ id: "GameWinner" });
export const GameWinnerList = z.object({ data: z.array(GameWinner) });

/** The one domain event of a settled bet (event_outbox, channel game:bets#{profileId}). */
export const GameBetSettledEvent = z.object({
  type: z.literal("game.bet.settled"),
  bet: z.object({
    roundId: z.string(),
    providerRoundId: z.string(),
    provider: z.string(),
    gameId: z.number().int(),
    currency: z.string(),
    betAmount: z.string(),
    winAmount: z.string(),
    refundAmount: z.string(),
    status: z.number().int(),
    settledAt: z.string(),
  }),
});
export type GameBetSettledEvent = z.infer<typeof GameBetSettledEvent>;

/**
 * A bet refused because a responsible-gambling limit stops play (channel game:bets#{profileId};
 * the site opens the game-limit-reached modal). `code` is the refusal's error code: 13110 bet
 * or loss limit, 13111 self-exclusion or cooling-off. Amounts in major units of `currency`.
 */
export const GameBetLimitReachedEvent = z.object({
  type: z.literal("game.bet.limit.reached"),
  code: z.number().int(),
  message: z.string(),
  limit: z.object({
    /** Limit definition: 1 bet, 2 loss, 4 self-exclusion, 5 cooling-off. */
    definition: z.number().int(),
    period: z.string().nullable(),
    currency: z.string().nullable(),
    amount: z.string().nullable(),
    currentAmount: z.string().nullable(),
    /** When play opens again: the period's end, or the block's end (null: indefinite). */
    until: z.string().nullable(),
  }),
});
export type GameBetLimitReachedEvent = z.infer<typeof GameBetLimitReachedEvent>;

// ---------------------------------------------------------------------------------------------
// The provider wallet API (docs/provider-wallet-api.md): what outside studios call.

/** Coded errors of the provider wallet API (besides 422 for malformed input). */
export const ProviderWalletError = {
  /** Missing, stale or wrong signature (401). */
  InvalidSignature: 15001,
  /** Unknown, expired or demo game session token; or the player's sign-in session ended (401). */
  InvalidToken: 15002,
  /** The bet is more than the balance (400); the answer carries the balance. */
  InsufficientFunds: 15003,
  /** The player's account is blocked (403). */
  AccountDisabled: 15004,
  /** The transaction id was used before with other parameters (409). */
  Duplicate: 15005,
  /** A win or rollback names a round or transaction this player does not have (404). */
  UnknownTransaction: 15006,
  /** The round is closed: no more bets or wins (409). */
  RoundClosed: 15007,
  /** A bet cannot be rolled back once its round has a win (409). */
  RollbackAfterWin: 15008,
  /** The currency is not the game session's (400). */
  CurrencyMismatch: 15009,
  /** This transaction id was rolled back before it arrived (a tombstone): refused for good (409). */
  TransactionCancelled: 15010,
  /** The bet is over the active bonus's max bet (400; game.bet.max.exceed on game:bets). */
  BonusMaxBetExceeded: 15011,
  /** The game may not be played while the bonus is active (400; game.bet.restricted). */
  BonusGameRestricted: 15012,
  /**
   * A win names a freeSpinsId the platform did not grant to this player for this game and
   * currency, or whose spins were all reported (400); nothing moves.
   */
  UnknownFreeSpins: 15013,
  /** A bet or loss limit stops the bet (400; the platform's game-limit code). */
  LimitReached: 13110,
  /** Self-excluded or cooling off (400; the platform's code). */
  PlayerExcluded: 13111,
  /** A resettle names a round that is still open: settle it with a win first (409). */
  RoundOpen: 15014,
} as const;

/** The game cannot be launched from the request country (403). */
export const GameRestrictedCode = 15020;

const ProviderTxId = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "1 to 100 of A-Z a-z 0-9 _ . : -");
/** A decimal amount in major units of the session's currency ("1.50"). */
const ProviderAmount = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, "Must be a decimal amount");
const ProviderToken = z.string().min(16).max(200);
const ProviderCurrency = z.string().regex(/^[A-Z0-9]{2,10}$/);

export const ProviderBalanceBody = z.strictObject({
  token: ProviderToken,
  currency: ProviderCurrency.optional(),
});
/** Decimal odds as text, at least 1.01 ("2.10"). */
const SportOdds = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, "Must be decimal odds (up to 4 decimals)")
  .refine((value) => Number(value) >= 1.01, "Odds must be at least 1.01");
const SportText = (max: number) => z.string().trim().min(1).max(max);

/** One leg of a sports bet, as the book describes it (docs/provider-wallet-api.md "Sports betting"). */
export const SportBetLegMeta = z.strictObject({
  eventId: SportText(100),
  event: SportText(200),
  sport: SportText(50),
  league: z.string().trim().max(200),
  startsAt: z.iso.datetime({ offset: true }),
  live: z.boolean().default(false),
  market: SportText(100),
  selection: SportText(200),
  odds: SportOdds,
});

/** What a sportsbook's bet call says about the bet; the platform keeps it (sport_bets). */
export const SportBetMeta = z
  .strictObject({
    type: z.enum(["single", "multiple", "system"]),
    system: z
      .string()
      .regex(/^\d{1,2}\/\d{1,2}$/, "Must be like 2/3")
      .nullable()
      .default(null),
    totalOdds: z
      .string()
      .regex(/^\d{1,10}(\.\d{1,4})?$/, "Must be decimal odds (up to 4 decimals)")
      .refine((value) => Number(value) >= 1.01, "Odds must be at least 1.01"),
    /** In major units of the session's currency. */
    potentialPayout: ProviderAmount,
    legs: z.array(SportBetLegMeta).min(1).max(20),
  })
  .superRefine((bet, issue) => {
    if (bet.type === "single" && bet.legs.length !== 1) {
      issue.addIssue({ code: "custom", path: ["legs"], message: "A single has one leg" });
    }
    if (bet.type === "multiple" && bet.legs.length < 2) {
      issue.addIssue({ code: "custom", path: ["legs"], message: "A multiple has 2 legs or more" });
    }
    if (bet.type === "system") {
      const [k, n] = (bet.system ?? "").split("/").map(Number);
      if (!k || !n || k < 1 || k >= n || n !== bet.legs.length) {
        issue.addIssue({
          code: "custom",
          path: ["system"],
          message: "A system bet names k/n with 1 <= k < n = its number of legs",
        });
      }
    } else if (bet.system !== null) {
      issue.addIssue({ code: "custom", path: ["system"], message: "Only a system bet has one" });
    }
  });
export type SportBetMeta = z.infer<typeof SportBetMeta>;

/** How a settling call (win, resettle) says the bet ended, and each leg's result. */
export const SportSettlement = z.strictObject({
  status: z.enum(["won", "lost", "void", "cashed_out"]),
  legs: z
    .array(z.strictObject({ result: z.enum(["won", "lost", "void"]).nullable() }))
    .max(20)
    .optional(),
});
export type SportSettlement = z.infer<typeof SportSettlement>;

export const ProviderBetBody = z.strictObject({
  token: ProviderToken,
  transactionId: ProviderTxId,
  roundId: ProviderTxId,
  amount: ProviderAmount,
  currency: ProviderCurrency,
  /** The studio's game code; must be the session's game when given. */
  gameCode: z.string().max(100).optional(),
  /** Close the round with this bet (a bet settled as lost unless a win follows in another round). */
  closeRound: z.boolean().default(false),
  /** A sportsbook's bet: its legs, type and odds (kept by the platform; round stays open). */
  sportBet: SportBetMeta.optional(),
});
export const ProviderWinBody = z.strictObject({
  token: ProviderToken,
  transactionId: ProviderTxId,
  roundId: ProviderTxId,
  /** "0" records a loss (and with closeRound ends the round). */
  amount: ProviderAmount,
  currency: ProviderCurrency,
  gameCode: z.string().max(100).optional(),
  closeRound: z.boolean().default(true),
  /**
   * The platform's free-spins grant this win pays out (docs/provider-wallet-api.md "Free
   * spins"): the round has no bet; the win may open it.
   */
  freeSpinsId: ProviderTxId.optional(),
  /** A sports bet's settlement: won, lost or cashed out, and each leg's result. */
  settlement: SportSettlement.optional(),
});
export const ProviderRollbackBody = z.strictObject({
  token: ProviderToken,
  transactionId: ProviderTxId,
  /** The bet to cancel. */
  referenceTransactionId: ProviderTxId,
  roundId: ProviderTxId.optional(),
  closeRound: z.boolean().default(false),
});
/**
 * A sports bet's corrected result after its round closed: `amount` is the bet's new total payout;
 * the platform credits or debits the difference (docs/provider-wallet-api.md "Resettlement").
 */
export const ProviderResettleBody = z.strictObject({
  token: ProviderToken,
  transactionId: ProviderTxId,
  roundId: ProviderTxId,
  amount: ProviderAmount,
  currency: ProviderCurrency,
  settlement: SportSettlement.optional(),
});
export type ProviderResettleBody = z.infer<typeof ProviderResettleBody>;

/** Up to 1000 settling calls in one signed request, each as its single call's body. */
export const ProviderBulkBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        call: z.enum(["win", "rollback", "resettle"]),
        body: z.record(z.string(), z.unknown()),
      }),
    )
    .min(1)
    .max(1000),
});
export type ProviderBulkBody = z.infer<typeof ProviderBulkBody>;

/** One result of a bulk call, in the order of its items. */
export const ProviderBulkResult = z.object({
  transactionId: z.string().nullable(),
  status: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
  error: z
    .object({
      code: z.number().int(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    })
    .optional(),
  balance: z.record(z.string(), z.unknown()).optional(),
});
export const ProviderBulkAnswer = z
  .object({ data: z.object({ results: z.array(ProviderBulkResult) }) })
  .meta({ id: "ProviderBulkAnswer" });
export type ProviderBulkAnswer = z.infer<typeof ProviderBulkAnswer>;

export type ProviderBetBody = z.infer<typeof ProviderBetBody>;
export type ProviderWinBody = z.infer<typeof ProviderWinBody>;
export type ProviderRollbackBody = z.infer<typeof ProviderRollbackBody>;

export const ProviderBalance = z.object({
  currency: z.string(),
  /** real + bonus */
  balance: z.string(),
  realBalance: z.string(),
  bonusBalance: z.string(),
  /**
   * balance calls: a stable, opaque id of the player for this provider (the same player gets
   * the same id in every session; another provider gets another id).
   */
  playerId: z.string().optional(),
});
export const ProviderWalletAnswer = z
  .object({
    data: ProviderBalance.extend({
      /** Our id of the movement (ledger transaction), absent for balance calls and no-ops. */
      transactionId: z.string().nullable().optional(),
      /** True when this is a replay of an earlier call with the same transaction id. */
      replay: z.boolean().optional(),
      roundClosed: z.boolean().optional(),
    }),
  })
  .meta({ id: "ProviderWalletAnswer" });
export type ProviderWalletAnswer = z.infer<typeof ProviderWalletAnswer>;

/** The error body of the provider wallet API: the platform's, plus the balance where known. */
export const ProviderWalletErrorBody = z
  .object({
    error: z.object({
      code: z.number().int(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
    balance: ProviderBalance.optional(),
  })
  .meta({ id: "ProviderWalletErrorBody" });
