// The operator API (/api/operator/...): back-office calls authenticated with the
// OPERATOR_API_TOKEN bearer token, not a player session: withdrawal approval (issue 4) and the
// configuration of bonuses, bonus codes, bonus game rules and quests as data (below).
import { z } from "zod";
import { Invoice } from "./payment";
import { DecimalAmount } from "./wallet";

/** A withdrawal waiting for an operator (WITHDRAWAL_APPROVAL_ABOVE). */
export const PendingWithdrawal = z
  .object({
    id: z.uuid(),
    number: z.string(),
    playerId: z.uuid(),
    playerEmail: z.string().nullable(),
    method: z.string(),
    amount: DecimalAmount,
    currency: z.string(),
    fields: z.record(z.string(), z.string()),
    createdAt: z.string(),
  })
  .meta({ id: "PendingWithdrawal" });
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>;

export const PendingWithdrawalList = z.object({ data: z.array(PendingWithdrawal) });

export const WithdrawalReviewParams = z.object({ id: z.uuid() });

/**
 * The body of a withdrawal decision. `reviewer` is accepted for older tools and ignored: the
 * invoice's reviewed_by and the audit trail name the calling key (a user's session: the user).
 */
export const WithdrawalReviewBody = z
  .strictObject({ reviewer: z.string().trim().min(1).max(100).optional() })
  .meta({ id: "WithdrawalReview" });

export const WithdrawalReviewResponse = z.object({ data: Invoice });

// ---------------------------------------------------------------------------------------------
// Bonuses, bonus codes, bonus game rules and quests as data (migration 0030). Amounts are decimal
// strings in major units of their currency, checked against the currency's subunit by the
// server (unknown currencies, games, bonuses → 422 naming the field). Creates accept an optional
// idempotency `key`: a replay answers the first result (200 instead of 201).

/** The operator's own key of a create: sending it again returns what the first request made. */
export const OperatorKey = z.string().trim().min(1).max(200);
export const CurrencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code");
export const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "Lowercase letters, digits and dashes");
const ForeignSlug = z.string().min(1).max(100);
/** A percentage with at most two decimals ("100", "12.5"). */
const Percent = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, "Must be a percentage like 12.5");
const Multiplier = z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, "Must be a number like 35 or 0.5");
/** Decimal odds, 1 to 1000 with up to 4 decimals ("1.5"). */
const Odds = z
  .string()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, "Must be decimal odds like 1.5")
  .refine((value) => Number(value) >= 1 && Number(value) <= 1000, "Must be between 1 and 1000");
export const Instant = z.iso.datetime({ offset: true });
export const Name = z.string().trim().min(1).max(200);
const Description = z.string().max(5000);
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, "Must be an ISO country code like DE");
/** This site's path (starting with /) or an http(s) URL. */
export const Link = z
  .string()
  .max(2000)
  .regex(/^(\/|https?:\/\/)\S*$/, "Must be a path starting with / or an http(s) URL");
export const Position = z.number().int().min(-1_000_000).max(1_000_000);

export const OperatorAmountItem = z.strictObject({ currency: CurrencyCode, amount: DecimalAmount });

/** An amount per currency, or in the base currency converted (max bet, a free spin's stake). */
export const OperatorPerCurrency = z
  .strictObject({
    items: z.array(OperatorAmountItem).max(100).default([]),
    baseCurrencyAmount: DecimalAmount.nullable().default(null),
  })
  .meta({ id: "OperatorPerCurrency" });

/** What a bonus grants: the player API's assignConditions (API-57). */
export const OperatorAssignConditions = z
  .strictObject({
    /** Type 1: the fixed amount per currency (else baseCurrencyAmount converted). */
    amountItems: z.array(OperatorAmountItem).max(100).default([]),
    baseCurrencyAmount: DecimalAmount.nullable().default(null),
    /** Type 2: the cap per currency (else baseCurrencyMaxAmount converted; none: uncapped). */
    maxAmountItems: z.array(OperatorAmountItem).max(100).default([]),
    baseCurrencyMaxAmount: DecimalAmount.nullable().default(null),
    /** Type 2: the percentage of the deposit. */
    depositPercentage: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, "Must be a percentage like 50")
      .nullable()
      .default(null),
    /** Type 3: how many free spins. */
    presets: z
      .strictObject({ quantity: z.number().int().min(1).max(100_000).nullable().default(null) })
      .default({ quantity: null }),
  })
  .meta({ id: "OperatorAssignConditions" });

/** Which deposits a bonus fits: per currency, else the base-currency range converted (BN-14). */
export const OperatorTriggerConditions = z
  .strictObject({
    invoiceAmountItems: z
      .array(
        z.strictObject({
          currency: CurrencyCode,
          amountFrom: DecimalAmount.nullable().default(null),
          amountTo: DecimalAmount.nullable().default(null),
        }),
      )
      .max(100)
      .default([]),
    baseCurrencyInvoiceAmountFrom: DecimalAmount.nullable().default(null),
    baseCurrencyInvoiceAmountTo: DecimalAmount.nullable().default(null),
  })
  .meta({ id: "OperatorTriggerConditions" });

export const OperatorBonusGameRule = z
  .object({
    game: z.string(),
    gameTitle: z.string(),
    /** Percent of a bet that counts toward wagering in this game. */
    contribution: z.string(),
    /** Bets in this game are refused while the bonus is active. */
    isRestricted: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorBonusGameRule" });

export const BonusKind = z.enum(["deposit", "code", "reward"]);
export const BonusType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A bonus definition with its conditions and game rules, as an operator sees it. */
export const OperatorBonus = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    /** 1 cash, 2 percent of the deposit (capped), 3 free spins. */
    type: BonusType,
    /** deposit: offered at deposit; code: only through a bonus code; reward: issued by modules. */
    kind: BonusKind,
    packageId: z.number().int().nullable(),
    packagePosition: z.number().int().nullable(),
    assignConditions: OperatorAssignConditions,
    triggerConditions: OperatorTriggerConditions,
    wagerMultiplier: z.string(),
    maxBet: OperatorPerCurrency.nullable(),
    defaultContribution: z.string(),
    /**
     * Percent of a settled sports bet's stake that counts toward wagering (0: sports bets do
     * not count). Void and cashed-out sports bets never count.
     */
    sportContribution: z.string(),
    /** A sports bet counts only at these decimal odds or more (a multiple by its total odds). */
    sportMinOdds: z.string(),
    expiresInDays: z.number().int(),
    /** Type 3: the game's slug. */
    freespinGame: z.string().nullable(),
    freespinBet: OperatorPerCurrency.nullable(),
    freespinWinningsBonusId: z.number().int().nullable(),
    autoActivate: z.boolean(),
    /** false: not offered nor issued through codes from now on; issued ones run their course. */
    isEnabled: z.boolean(),
    position: z.number().int(),
    gameRules: z.array(OperatorBonusGameRule),
    /**
     * What the operator should know but that does not stop the bonus: a free-spins game whose
     * provider takes no grants (no freeSpinsUrl: spins only recorded), or that is switched off.
     */
    warnings: z.array(z.string()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorBonus" });
export type OperatorBonus = z.infer<typeof OperatorBonus>;

const bonusFields = {
  name: Name,
  description: Description,
  kind: BonusKind,
  assignConditions: OperatorAssignConditions,
  triggerConditions: OperatorTriggerConditions,
  wagerMultiplier: Multiplier,
  maxBet: OperatorPerCurrency.nullable(),
  defaultContribution: Percent,
  sportContribution: Percent,
  sportMinOdds: Odds,
  expiresInDays: z.number().int().min(1).max(3650),
  freespinGame: ForeignSlug.nullable(),
  freespinBet: OperatorPerCurrency.nullable(),
  freespinWinningsBonusId: z.number().int().min(1).max(2_147_483_647).nullable(),
  autoActivate: z.boolean(),
  isEnabled: z.boolean(),
  position: Position,
};

export const CreateOperatorBonusBody = z
  .strictObject({
    key: OperatorKey.optional(),
    slug: Slug,
    type: BonusType,
    name: bonusFields.name,
    description: bonusFields.description.default(""),
    kind: bonusFields.kind.default("deposit"),
    assignConditions: bonusFields.assignConditions.default(OperatorAssignConditions.parse({})),
    triggerConditions: bonusFields.triggerConditions.default(OperatorTriggerConditions.parse({})),
    wagerMultiplier: bonusFields.wagerMultiplier.default("0"),
    maxBet: bonusFields.maxBet.default(null),
    defaultContribution: bonusFields.defaultContribution.default("100"),
    sportContribution: bonusFields.sportContribution.default("0"),
    sportMinOdds: bonusFields.sportMinOdds.default("1.5"),
    expiresInDays: bonusFields.expiresInDays.default(30),
    freespinGame: bonusFields.freespinGame.default(null),
    freespinBet: bonusFields.freespinBet.default(null),
    freespinWinningsBonusId: bonusFields.freespinWinningsBonusId.default(null),
    autoActivate: bonusFields.autoActivate.default(true),
    isEnabled: bonusFields.isEnabled.default(true),
    position: bonusFields.position.default(0),
  })
  .meta({ id: "CreateOperatorBonus" });
export type CreateOperatorBonusBody = z.infer<typeof CreateOperatorBonusBody>;

/** A change of a bonus: only the fields given; applies to bonuses issued from then on. */
export const PatchOperatorBonusBody = z
  .strictObject({
    name: bonusFields.name.optional(),
    description: bonusFields.description.optional(),
    kind: bonusFields.kind.optional(),
    assignConditions: bonusFields.assignConditions.optional(),
    triggerConditions: bonusFields.triggerConditions.optional(),
    wagerMultiplier: bonusFields.wagerMultiplier.optional(),
    maxBet: bonusFields.maxBet.optional(),
    defaultContribution: bonusFields.defaultContribution.optional(),
    sportContribution: bonusFields.sportContribution.optional(),
    sportMinOdds: bonusFields.sportMinOdds.optional(),
    expiresInDays: bonusFields.expiresInDays.optional(),
    freespinGame: bonusFields.freespinGame.optional(),
    freespinBet: bonusFields.freespinBet.optional(),
    freespinWinningsBonusId: bonusFields.freespinWinningsBonusId.optional(),
    autoActivate: bonusFields.autoActivate.optional(),
    isEnabled: bonusFields.isEnabled.optional(),
    position: bonusFields.position.optional(),
  })
  .meta({ id: "PatchOperatorBonus" });
export type PatchOperatorBonusBody = z.infer<typeof PatchOperatorBonusBody>;

export const OperatorIdParams = z.object({ id: z.string().regex(/^\d{1,9}$/, "Must be an id") });
export const OperatorGameRuleParams = z.object({
  id: z.string().regex(/^\d{1,9}$/, "Must be an id"),
  game: ForeignSlug,
});
export const PutOperatorGameRuleBody = z
  .strictObject({ contribution: Percent, isRestricted: z.boolean().default(false) })
  .meta({ id: "PutOperatorGameRule" });
export type PutOperatorGameRuleBody = z.infer<typeof PutOperatorGameRuleBody>;

export const OperatorBonusList = z.object({ data: z.array(OperatorBonus) });
export const OperatorBonusResponse = z.object({ data: OperatorBonus });

// ---------------------------------------------------------------------------------------------
// Bonus packages (the welcome package): deposit bonuses offered one step after another.

/** At most this many steps in a package. */
export const MAX_PACKAGE_STEPS = 20;

export const OperatorBonusPackageStep = z
  .object({
    /** 1 for the first step. */
    position: z.number().int(),
    bonusId: z.number().int(),
    slug: z.string(),
    name: z.string(),
    isEnabled: z.boolean(),
  })
  .meta({ id: "OperatorBonusPackageStep" });

/** A package as the operator sees it: a player is offered step N once issued steps 1..N-1. */
export const OperatorBonusPackage = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** false: none of its steps is offered; bonuses issued run their course. */
    isEnabled: z.boolean(),
    steps: z.array(OperatorBonusPackageStep),
    /**
     * Players issued one of its steps. From the first, the steps it has stay as they are, in
     * their order; new ones may be added after them (else 409).
     */
    players: z.number().int(),
    /** What the operator should know: a step switched off stops every later step. */
    warnings: z.array(z.string()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorBonusPackage" });
export type OperatorBonusPackage = z.infer<typeof OperatorBonusPackage>;

/** Its steps: slugs of deposit bonuses in no other package, in order. */
const PackageSteps = z.array(Slug).max(MAX_PACKAGE_STEPS);

export const CreateOperatorBonusPackageBody = z
  .strictObject({
    key: OperatorKey.optional(),
    slug: Slug,
    name: Name,
    isEnabled: z.boolean().default(true),
    steps: PackageSteps.default([]),
  })
  .meta({ id: "CreateOperatorBonusPackage" });
export type CreateOperatorBonusPackageBody = z.infer<typeof CreateOperatorBonusPackageBody>;

export const PatchOperatorBonusPackageBody = z
  .strictObject({ name: Name.optional(), isEnabled: z.boolean().optional() })
  .meta({ id: "PatchOperatorBonusPackage" });
export type PatchOperatorBonusPackageBody = z.infer<typeof PatchOperatorBonusPackageBody>;

/** PUT .../{id}/steps: exactly these steps, in this order. */
export const PutOperatorBonusPackageStepsBody = z
  .strictObject({ steps: PackageSteps })
  .meta({ id: "PutOperatorBonusPackageSteps" });
export type PutOperatorBonusPackageStepsBody = z.infer<typeof PutOperatorBonusPackageStepsBody>;

export const OperatorBonusPackageList = z.object({ data: z.array(OperatorBonusPackage) });
export const OperatorBonusPackageResponse = z.object({ data: OperatorBonusPackage });

/** A bonus code as configured (BE-30). */
export const OperatorBonusCode = z
  .object({
    id: z.number().int(),
    /** Upper case; players type it in any case. */
    code: z.string(),
    bonusId: z.number().int(),
    bonusSlug: z.string(),
    /** 1: applies at once; 3: applies at the next deposit. */
    trigger: z.union([z.literal(1), z.literal(3)]),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    uses: z.number().int(),
    isEnabled: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorBonusCode" });
export type OperatorBonusCode = z.infer<typeof OperatorBonusCode>;

export const CreateOperatorBonusCodeBody = z
  .strictObject({
    key: OperatorKey.optional(),
    code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Letters, digits, _ and -, at most 64"),
    bonusId: z.number().int().min(1).max(2_147_483_647),
    trigger: z.union([z.literal(1), z.literal(3)]),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
    maxUses: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    isEnabled: z.boolean().default(true),
  })
  .meta({ id: "CreateOperatorBonusCode" });
export type CreateOperatorBonusCodeBody = z.infer<typeof CreateOperatorBonusCodeBody>;

/** A change of a code; `{"isEnabled": false}` disables it (players get status 4, not available). */
export const PatchOperatorBonusCodeBody = z
  .strictObject({
    bonusId: z.number().int().min(1).max(2_147_483_647).optional(),
    trigger: z.union([z.literal(1), z.literal(3)]).optional(),
    startsAt: Instant.nullable().optional(),
    endsAt: Instant.nullable().optional(),
    maxUses: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
    isEnabled: z.boolean().optional(),
  })
  .meta({ id: "PatchOperatorBonusCode" });
export type PatchOperatorBonusCodeBody = z.infer<typeof PatchOperatorBonusCodeBody>;

export const OperatorBonusCodeList = z.object({ data: z.array(OperatorBonusCode) });
export const OperatorBonusCodeResponse = z.object({ data: OperatorBonusCode });

export const OPERATOR_QUEST_TASK_TYPES = [
  "betCount",
  "betAmount",
  "winAmount",
  "deposit",
  "playGames",
  "loginDays",
] as const;

/**
 * A quest task. `quantity`: a count for betCount, playGames and loginDays ("5"); an amount in the
 * quest's currency for betAmount, winAmount and deposit ("50.00"). `minBet` is an amount.
 */
export const OperatorQuestTask = z
  .strictObject({
    name: Name,
    type: z.enum(OPERATOR_QUEST_TASK_TYPES),
    quantity: DecimalAmount,
    minBet: DecimalAmount.default("0"),
    /** Game and provider slugs narrowing bet tasks (empty: any game). */
    games: z.array(ForeignSlug).max(500).default([]),
    providers: z.array(ForeignSlug).max(100).default([]),
  })
  .meta({ id: "OperatorQuestTask" });

/** A reward: loyalty points, or a bonus / free spins naming a bonus definition by slug. */
export const OperatorQuestReward = z
  .strictObject({
    type: z.enum(["points", "bonus", "freespins"]),
    name: Name,
    points: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
    bonus: ForeignSlug.nullable().default(null),
  })
  .meta({ id: "OperatorQuestReward" });

export const OperatorQuest = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    currency: z.string(),
    availableFrom: z.string().nullable(),
    availableUntil: z.string().nullable(),
    durationSeconds: z.number().int().nullable(),
    isSequential: z.boolean(),
    isRepeatable: z.boolean(),
    isEnabled: z.boolean(),
    position: z.number().int(),
    tasks: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        type: z.enum(OPERATOR_QUEST_TASK_TYPES),
        quantity: z.string(),
        minBet: z.string(),
        games: z.array(z.string()),
        providers: z.array(z.string()),
      }),
    ),
    rewards: z.array(
      z.object({
        id: z.string(),
        type: z.enum(["points", "bonus", "freespins"]),
        name: z.string(),
        points: z.number().int().nullable(),
        bonus: z.string().nullable(),
      }),
    ),
    /** How many runs players started (tasks and rewards are fixed once there is one). */
    runs: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorQuest" });
export type OperatorQuest = z.infer<typeof OperatorQuest>;

const questFields = {
  name: Name,
  description: Description,
  image: z.string().max(500).nullable(),
  availableFrom: Instant.nullable(),
  availableUntil: Instant.nullable(),
  durationSeconds: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 3600)
    .nullable(),
  isSequential: z.boolean(),
  isRepeatable: z.boolean(),
  isEnabled: z.boolean(),
  position: Position,
  tasks: z.array(OperatorQuestTask).min(1).max(20),
  rewards: z.array(OperatorQuestReward).max(20),
};

export const CreateOperatorQuestBody = z
  .strictObject({
    key: OperatorKey.optional(),
    slug: Slug,
    currency: CurrencyCode,
    name: questFields.name,
    description: questFields.description.default(""),
    image: questFields.image.default(null),
    availableFrom: questFields.availableFrom.default(null),
    availableUntil: questFields.availableUntil.default(null),
    durationSeconds: questFields.durationSeconds.default(null),
    isSequential: questFields.isSequential.default(false),
    isRepeatable: questFields.isRepeatable.default(false),
    isEnabled: questFields.isEnabled.default(true),
    position: questFields.position.default(0),
    tasks: questFields.tasks,
    rewards: questFields.rewards.default([]),
  })
  .meta({ id: "CreateOperatorQuest" });
export type CreateOperatorQuestBody = z.infer<typeof CreateOperatorQuestBody>;

/**
 * A change of a quest: only the fields given. Tasks and rewards are replaced as a whole, and only
 * while no player has started the quest (409 after: create a new quest instead).
 */
export const PatchOperatorQuestBody = z
  .strictObject({
    name: questFields.name.optional(),
    description: questFields.description.optional(),
    image: questFields.image.optional(),
    availableFrom: questFields.availableFrom.optional(),
    availableUntil: questFields.availableUntil.optional(),
    durationSeconds: questFields.durationSeconds.optional(),
    isSequential: questFields.isSequential.optional(),
    isRepeatable: questFields.isRepeatable.optional(),
    isEnabled: questFields.isEnabled.optional(),
    position: questFields.position.optional(),
    tasks: questFields.tasks.optional(),
    rewards: questFields.rewards.optional(),
  })
  .meta({ id: "PatchOperatorQuest" });
export type PatchOperatorQuestBody = z.infer<typeof PatchOperatorQuestBody>;

export const OperatorQuestParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, "Must be a quest id"),
});
export const OperatorQuestList = z.object({ data: z.array(OperatorQuest) });
export const OperatorQuestResponse = z.object({ data: OperatorQuest });

/**
 * Error codes of operator changes refused because players already started what they change
 * (HTTP 409): a quest's tasks and rewards; a bonus package's steps (moved or taken out). And
 * StaleVersion: an edit based on a version that another write has replaced since (content).
 */
export const OperatorErrorCode = {
  QuestStarted: 17001,
  PackageStarted: 17002,
  StaleVersion: 17003,
  /** An operator user's sign-in needs the code of their authenticator app (HTTP 401). */
  SecondFactorRequired: 17010,
} as const;

// ---------------------------------------------------------------------------------------------
// Cashback (migration 0040): one configuration per currency, replaced as a whole by PUT.

export const CashbackPeriod = z.enum(["daily", "weekly", "monthly"]);

export const OperatorCashback = z
  .object({
    currency: z.string(),
    /** Percent of a window's net loss paid back. */
    percentage: z.string(),
    /** UTC calendar periods (weeks from Monday); a payout follows each one's end. */
    period: CashbackPeriod,
    minAmount: DecimalAmount,
    maxAmount: DecimalAmount.nullable(),
    /** Shown to players; the linked bonus's own multiplier wins when it has one. */
    wagerMultiplier: z.string(),
    /** The slug of the cash bonus a payout issues; null: shown to players, never paid. */
    bonus: z.string().nullable(),
    isEnabled: z.boolean(),
    /** Where the last payout window ended: the next one starts there. */
    coveredUntil: z.string().nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorCashback" });
export type OperatorCashback = z.infer<typeof OperatorCashback>;

export const PutOperatorCashbackBody = z
  .strictObject({
    percentage: Percent.refine(
      (value) => Number(value) > 0 && Number(value) <= 100,
      "Must be above 0 and at most 100",
    ),
    period: CashbackPeriod,
    minAmount: DecimalAmount.default("0"),
    maxAmount: DecimalAmount.nullable().default(null),
    wagerMultiplier: Multiplier.default("0"),
    bonus: ForeignSlug.nullable().default(null),
    isEnabled: z.boolean().default(true),
  })
  .meta({ id: "PutOperatorCashback" });
export type PutOperatorCashbackBody = z.infer<typeof PutOperatorCashbackBody>;

export const OperatorCashbackParams = z.object({ currency: CurrencyCode });
export const OperatorCashbackList = z.object({ data: z.array(OperatorCashback) });
export const OperatorCashbackResponse = z.object({ data: OperatorCashback });

// ---------------------------------------------------------------------------------------------
// Currencies (migration 0041): add one, its rate, symbol, sub-units, visibility, order and
// switch. A code's subunits and the base currency are fixed once made: wallet accounts and the
// ledger hold amounts in them.

/** A positive exact decimal ("0.92", "61234.5"). */
const Rate = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,20})?$/, "Must be a decimal number like 0.92")
  .refine((value) => /[1-9]/.test(value), "Must be above zero");

export const OperatorCurrency = z
  .object({
    code: z.string(),
    type: z.enum(["fiat", "crypto"]),
    symbol: z.string(),
    /** Minor units per major unit ("100", "100000000"). */
    subunitToUnit: z.string(),
    /** The value of one major unit in the base currency. */
    rate: z.string(),
    isBase: z.boolean(),
    isEnabled: z.boolean(),
    /** Listed by GET /api/settings/currencies?visible=1 (the sign-up and wallet pickers). */
    isVisible: z.boolean(),
    position: z.number().int(),
    /** Display units such as mBTC: how many of them make one major unit (1000). */
    subCurrencies: z.array(z.object({ code: z.string(), subunitToUnit: z.string() })),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorCurrency" });
export type OperatorCurrency = z.infer<typeof OperatorCurrency>;

/** A power of ten from 1 to 10^18, as a string ("100"; "1" for a currency without minor units). */
const PowerOfTen = z
  .string()
  .regex(/^10{0,18}$/, "Must be a power of ten like 100 (at most 10^18)");

const SubCurrencies = z
  .array(
    z.strictObject({
      code: z.string().regex(/^[A-Za-z0-9]{2,10}$/, "Must be a code like mBTC"),
      subunitToUnit: PowerOfTen,
    }),
  )
  .max(5);

const CurrencySymbol = z.string().trim().min(1).max(10);

/**
 * A new currency, switched off until the operator switches it on (after giving its payment
 * methods' limits). subunitToUnit is how many minor units make one major unit.
 */
export const CreateOperatorCurrencyBody = z
  .strictObject({
    code: CurrencyCode,
    type: z.enum(["fiat", "crypto"]),
    symbol: CurrencySymbol,
    subunitToUnit: PowerOfTen,
    rate: Rate,
    subCurrencies: SubCurrencies.default([]),
    isVisible: z.boolean().default(true),
    position: Position.default(0),
  })
  .meta({ id: "CreateOperatorCurrency" });
export type CreateOperatorCurrencyBody = z.infer<typeof CreateOperatorCurrencyBody>;

/**
 * isEnabled false stops new accounts and deposits in the currency; accounts, play and
 * withdrawals go on. The base currency stays on, and so does a country's default currency.
 */
export const PatchOperatorCurrencyBody = z
  .strictObject({
    rate: Rate.optional(),
    symbol: CurrencySymbol.optional(),
    isVisible: z.boolean().optional(),
    isEnabled: z.boolean().optional(),
    position: Position.optional(),
    subCurrencies: SubCurrencies.optional(),
  })
  .meta({ id: "PatchOperatorCurrency" });
export type PatchOperatorCurrencyBody = z.infer<typeof PatchOperatorCurrencyBody>;

export const OperatorCurrencyParams = z.object({ code: CurrencyCode });
export const OperatorCurrencyList = z.object({ data: z.array(OperatorCurrency) });
export const OperatorCurrencyResponse = z.object({ data: OperatorCurrency });

// ---------------------------------------------------------------------------------------------
// Countries (migration 0047): where the site may be used, and each country's defaults.

export const OperatorCountry = z
  .object({
    code: z.string(),
    name: z.string(),
    /** The default locale and currency of visitors from it (null: the site's). */
    locale: z.string().nullable(),
    currency: z.string().nullable(),
    phonePrefix: z.string(),
    /** Restricted; restrictType 1 shows the geo-restricted layout, 2 also refuses sign-in and sign-up (11010). */
    restrict: z.boolean(),
    restrictType: z.union([z.literal(1), z.literal(2)]).nullable(),
    /** Listed in the public country pickers (GET /api/settings/countries). */
    isListed: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorCountry" });
export type OperatorCountry = z.infer<typeof OperatorCountry>;

export const PatchOperatorCountryBody = z
  .strictObject({
    restrict: z.boolean().optional(),
    restrictType: z
      .union([z.literal(1), z.literal(2)])
      .nullable()
      .optional(),
    locale: z.string().min(2).max(10).nullable().optional(),
    currency: CurrencyCode.nullable().optional(),
    isListed: z.boolean().optional(),
  })
  .meta({ id: "PatchOperatorCountry" });
export type PatchOperatorCountryBody = z.infer<typeof PatchOperatorCountryBody>;

export const OperatorCountryParams = z.object({ code: CountryCode });
export const OperatorCountryList = z.object({ data: z.array(OperatorCountry) });
export const OperatorCountryResponse = z.object({ data: OperatorCountry });

// ---------------------------------------------------------------------------------------------
// Payment methods (migration 0042): how a method shows and where, its switch, and each of its
// currencies' limits and presets. The processor and the fields are deployment data. A method
// takes a new currency when its processor does (PUT .../currencies/{currency}) and can stop
// taking one (DELETE).

export const OperatorMethodCurrency = z
  .object({
    currency: z.string(),
    amountMin: DecimalAmount,
    amountMax: DecimalAmount,
    presets: z.array(z.object({ amount: DecimalAmount, default: z.boolean() })),
  })
  .meta({ id: "OperatorMethodCurrency" });

export const OperatorPaymentMethod = z
  .object({
    id: z.string(),
    direction: z.enum(["deposit", "withdrawal"]),
    method: z.string(),
    title: z.string(),
    type: z.enum(["form", "address"]),
    processingType: z.string(),
    processor: z.string(),
    logo: z.string().nullable(),
    /** null: every country; otherwise only these. */
    countries: z.array(z.string()).nullable(),
    excludedCountries: z.array(z.string()),
    position: z.number().int(),
    /** false: not offered; invoices already made go on. */
    isEnabled: z.boolean(),
    currencies: z.array(OperatorMethodCurrency),
    /** The keys of the form fields the method asks for. */
    fields: z.array(z.string()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorPaymentMethod" });
export type OperatorPaymentMethod = z.infer<typeof OperatorPaymentMethod>;

export const PatchOperatorPaymentMethodBody = z
  .strictObject({
    title: Name.optional(),
    logo: Link.nullable().optional(),
    countries: z.array(CountryCode).min(1).max(300).nullable().optional(),
    excludedCountries: z.array(CountryCode).max(300).optional(),
    position: Position.optional(),
    isEnabled: z.boolean().optional(),
  })
  .meta({ id: "PatchOperatorPaymentMethod" });
export type PatchOperatorPaymentMethodBody = z.infer<typeof PatchOperatorPaymentMethodBody>;

/** A currency's limits and preset amounts (major units); at most one preset is the default. */
export const PutOperatorMethodCurrencyBody = z
  .strictObject({
    amountMin: DecimalAmount,
    amountMax: DecimalAmount,
    presets: z
      .array(z.strictObject({ amount: DecimalAmount, default: z.boolean().default(false) }))
      .max(10)
      .default([]),
  })
  .meta({ id: "PutOperatorMethodCurrency" });
export type PutOperatorMethodCurrencyBody = z.infer<typeof PutOperatorMethodCurrencyBody>;

export const OperatorMethodParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, "Must be an id"),
});
export const OperatorMethodCurrencyParams = OperatorMethodParams.extend({
  currency: CurrencyCode,
});
export const OperatorPaymentMethodList = z.object({ data: z.array(OperatorPaymentMethod) });
export const OperatorPaymentMethodResponse = z.object({ data: OperatorPaymentMethod });
