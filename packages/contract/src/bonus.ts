// Bonuses, free spins, bonus codes and cashback (spec §3 "Deposit bonus", "Player bonus",
// "Player free spin", "Bonus code", §4 "Bonus and free-spin status", §7 "Bonuses and games" and
// "Realtime"; BN-01..BN-15, DP-17..DP-20, API-47..API-58, BE-29..BE-31, BE-33).
// Amounts are exact decimal strings in major units of their currency (DESIGN.md "Money").
// Routes (all signed-in only; ids are integers, in paths as decimal strings):
//   GET    /api/game/bonuses?currency&amount            → DepositBonusList
//   GET    /api/game/bonuses/status?bonusIds&currency    → BonusStatusList
//   GET    /api/game/bonuses/cashback?currency           → CashbackResponse
//   GET    /api/game/bonuses/bonuscodes?trigger          → PlayerBonusCodeList
//   POST   /api/game/bonuses/bonuscodes {bonusCode, trigger} → PlayerBonusCodeResponse (200)
//   DELETE /api/game/bonuses/bonuscodes {playerBonusCodeId}  → 204
//   GET    /api/game/player-bonuses?status[]&currency[]   → PlayerBonusList
//   PUT    /api/game/player-bonuses/{id}/activate | /cancel → PlayerBonusResponse
//   GET    /api/game/player-freespins?status[]&currency[] → PlayerFreespinList
//   PUT    /api/game/player-freespins/{id}/activate | /cancel → PlayerFreespinResponse
// Errors: 422 error.fields (bad input); 404 unknown id (another player's ids are unknown too);
// the coded errors of BonusErrorCode below.
import { z } from "zod";
import { DecimalAmount } from "./wallet";

const CurrencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code");
/** A decimal amount in major units as a query value ("25", "25.50"). */
const AmountQuery = z
  .string()
  .max(40)
  .regex(/^\d{1,24}(\.\d{1,18})?$/, "Must be an amount");
const IntId = z.number().int();

// ---------------------------------------------------------------------------------------------
// Enumerations (constants game.playerBonus / game.playerFreespin, API-04; spec §4).

/** Deposit bonus type (BN-13): 1 cash, 2 percent of the deposit capped, 3 free spins. */
export const DepositBonusType = { Cash: 1, Percent: 2, FreeSpins: 3 } as const;
/** Player bonus / free-spin status (BN-03): 1 issued, 2 active, 3 finished. */
export const PlayerBonusStatus = { Issued: 1, Active: 2, Finished: 3 } as const;
/**
 * Player bonus / free-spin result: 1 issued (still open), 2 played (wagering completed / spins
 * played), 3 canceled, 4 expired, 5 lost (bonuses only: the bonus money was lost in play).
 * Realtime alerts are keyed `${status}-${result}` (BN-06, BN-07).
 */
export const PlayerBonusResult = {
  Issued: 1,
  Played: 2,
  Canceled: 3,
  Expired: 4,
  Lost: 5,
} as const;
/** The alert keys of spec §4. `3-5` never occurs for free spins (BN-07). */
export const BONUS_ALERT_KEYS = ["1-1", "2-1", "3-2", "3-3", "3-4", "3-5"] as const;
export type BonusAlertKey = (typeof BONUS_ALERT_KEYS)[number];

/** Bonus code trigger (BN-10, DP-19): 1 apply now, 3 keep for the next deposit. */
export const BonusCodeTrigger = { Apply: 1, Deposit: 3 } as const;
/**
 * Bonus code status (BN-10, BN-11): 1 stored (waiting for the next deposit, trigger 3),
 * 2 applied, 3 incorrect code, 4 not available (expired, used up, already used by this player,
 * wrong currency, or the code's deposit condition not met at the deposit).
 */
export const BonusCodeStatus = { Stored: 1, Applied: 2, Incorrect: 3, NotAvailable: 4 } as const;

/** Coded errors of the bonus routes (HTTP status in brackets). */
export const BonusErrorCode = {
  /** Activate: another bonus is active in that currency (409; change-active-bonus modal). */
  ActiveBonusExists: 16001,
  /** Activate or cancel: the bonus or free spin is not in a state that allows it (409). */
  InvalidBonusState: 16002,
  /** Cancel: a round played with the bonus money is still open (409; cancel-unsettled-bonus). */
  UnsettledBets: 16003,
  /** Cancel: the bonus cannot be canceled (409; bonus-cancel-lock), e.g. free spins in play. */
  CancelLocked: 16004,
} as const;

// ---------------------------------------------------------------------------------------------
// Deposit bonuses (API-57, BN-13, BN-14, DP-13..DP-18).

export const CurrencyAmount = z.object({ currency: z.string(), amount: DecimalAmount });
export const InvoiceAmountItem = z.object({
  currency: z.string(),
  amountFrom: DecimalAmount.nullable(),
  amountTo: DecimalAmount.nullable(),
});

export const BonusPackageItem = z.object({
  /** The deposit bonus of this step. */
  bonusId: IntId,
  /** 1-based: the deposit number this item is for (1 = first deposit). */
  position: z.number().int(),
  name: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export const BonusPackage = z
  .object({ id: IntId, name: z.string(), packageItems: z.array(BonusPackageItem) })
  .meta({ id: "BonusPackage" });

export const AssignConditions = z.object({
  /** Type 1: the fixed amount per currency. */
  amountItems: z.array(CurrencyAmount),
  /** Type 1: the fixed amount in the base currency (converted for other currencies). */
  baseCurrencyAmount: DecimalAmount.nullable(),
  /** Type 2: the cap per currency. */
  maxAmountItems: z.array(CurrencyAmount),
  baseCurrencyMaxAmount: DecimalAmount.nullable(),
  /** Type 2: percent of the deposit ("100" = a match of the deposit). */
  depositPercentage: z.string().nullable(),
  /** Type 3: the free spins granted. */
  presets: z.object({ quantity: z.number().int().nullable() }),
});
export const TriggerConditions = z.object({
  invoiceAmountItems: z.array(InvoiceAmountItem),
  baseCurrencyInvoiceAmountFrom: DecimalAmount.nullable(),
  baseCurrencyInvoiceAmountTo: DecimalAmount.nullable(),
});

export const DepositBonus = z
  .object({
    id: IntId,
    name: z.string(),
    description: z.string(),
    type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    package: BonusPackage.nullable(),
    assignConditions: AssignConditions,
    triggerConditions: TriggerConditions,
    /**
     * Derived (BN-14) in the asked currency: the trigger's amountFrom for that currency, else the
     * base-currency bound converted; null when unbounded.
     */
    minDeposit: DecimalAmount.nullable(),
    maxDeposit: DecimalAmount.nullable(),
    /**
     * Derived in the asked currency, as a grant computes it (the currency's own item, else the
     * base-currency amount converted at the site's rates, rounded down): type 1 the bonus money,
     * type 2 its cap. Null when there is none (type 3, or an uncapped percentage).
     */
    bonusAmount: DecimalAmount.nullable(),
    maxBonusAmount: DecimalAmount.nullable(),
    /** Wagering: the bonus amount times this multiplier must be wagered ("35"). */
    wagerMultiplier: z.string(),
    /** The largest stake allowed while the bonus is active, in the asked currency (null: none). */
    maxBetAmount: DecimalAmount.nullable(),
    /** Days from issue until an unfinished bonus expires. */
    expiresInDays: z.number().int(),
    /** Type 3 (and cash bonuses with spins): the game the spins are for. */
    freespins: z
      .object({
        count: z.number().int(),
        gameId: z.number().int(),
        gameSlug: z.string(),
        gameTitle: z.string(),
        /** The stake of one spin. */
        betAmount: DecimalAmount,
      })
      .nullable(),
  })
  .meta({ id: "DepositBonus" });
export type DepositBonus = z.infer<typeof DepositBonus>;

/**
 * GET /api/game/bonuses: the deposit bonuses the player may get with the next deposit in that
 * currency (a package offers its next step only). `amount` does not filter: the client marks
 * bonuses out of [minDeposit, maxDeposit] itself (DP-16, CR-07).
 */
export const DepositBonusQuery = z.strictObject({
  currency: CurrencyCode,
  amount: AmountQuery.optional(),
});
export const DepositBonusList = z.object({ data: z.array(DepositBonus) });

/** GET /api/game/bonuses/status: bonusIds "1,2,3" or bonusIds[]=1&bonusIds[]=2. */
export const BonusStatusQuery = z.strictObject({
  bonusIds: z.union([z.string().max(400), z.array(z.string().max(12)).max(50)]),
  currency: CurrencyCode,
});
/** Whether the player may get that bonus now, and why not. */
export const BonusStatus = z
  .object({
    bonusId: IntId,
    isAvailable: z.boolean(),
    /**
     * null when available; otherwise "unknown", "currency" (not offered in it), "used" (a
     * package step already taken or a one-time bonus already issued), "package" (an earlier
     * package step comes first), "disabled" (switched off or out of its dates).
     */
    reason: z.enum(["unknown", "currency", "used", "package", "disabled"]).nullable(),
  })
  .meta({ id: "BonusStatus" });
export type BonusStatus = z.infer<typeof BonusStatus>;
export const BonusStatusList = z.object({ data: z.array(BonusStatus) });

// ---------------------------------------------------------------------------------------------
// Cashback (API-56, BN-12).

export const CashbackQuery = z.strictObject({ currency: CurrencyCode });
export const Cashback = z
  .object({
    currency: z.string(),
    /** Percent of the net loss paid back ("10"). */
    percentage: z.string(),
    period: z.enum(["daily", "weekly", "monthly"]),
    periodStart: z.string(),
    periodEnd: z.string(),
    /** Stakes minus wins of the current period (0 when the player is ahead). */
    netLoss: DecimalAmount,
    /** What the current period would pay now (percentage of netLoss, capped at maxAmount). */
    amount: DecimalAmount,
    minAmount: DecimalAmount,
    maxAmount: DecimalAmount.nullable(),
    wagerMultiplier: z.string(),
  })
  .meta({ id: "Cashback" });
export type Cashback = z.infer<typeof Cashback>;
/** data is null when no cashback is configured for the currency. */
export const CashbackResponse = z.object({ data: Cashback.nullable() });

// ---------------------------------------------------------------------------------------------
// Bonus codes (API-53..API-55, BN-10, BN-11, DP-19, DP-20, ER-18, ER-19).

export const PlayerBonusCode = z
  .object({
    id: IntId,
    bonusCode: z.string(),
    /** BonusCodeStatus: 1 stored, 2 applied, 3 incorrect, 4 not available. */
    status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    /** BonusCodeTrigger the code is kept under (a trigger-1 code that needs a deposit falls back to 3). */
    trigger: z.union([z.literal(1), z.literal(3)]),
    /** The player bonus the code issued (status 2), else null. */
    playerBonusId: IntId.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PlayerBonusCode" });
export type PlayerBonusCode = z.infer<typeof PlayerBonusCode>;

export const BonusCodeListQuery = z.strictObject({
  trigger: z.enum(["1", "3"]).optional(),
});
export const PlayerBonusCodeList = z.object({ data: z.array(PlayerBonusCode) });

/**
 * POST /api/game/bonuses/bonuscodes. The answer is 200 with the code's status: trigger 1 →
 * 2 applied, 3 incorrect, 4 not available, or 1 with trigger 3 when the code is a deposit code
 * (kept for the next deposit: the 1→3 fallback of ER-19); trigger 3 → 1 stored, or 3 / 4.
 */
export const AddBonusCodeBody = z.strictObject({
  bonusCode: z.string().trim().min(1, "Required").max(64),
  trigger: z.union([z.literal(1), z.literal(3)]),
});
export const PlayerBonusCodeResponse = z.object({ data: PlayerBonusCode });

/** DELETE /api/game/bonuses/bonuscodes: removes a stored (status 1) code; 204. */
export const DeleteBonusCodeBody = z.strictObject({
  playerBonusCodeId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
});

// ---------------------------------------------------------------------------------------------
// Player bonuses and free spins (API-47..API-52, BN-01..BN-05).

const StatusList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.enum(["1", "2", "3"]).transform(Number)).max(3));
const CurrencyList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(CurrencyCode).max(20));

/** status[]=1&status[]=2&currency[]=EUR; both optional (all statuses, all currencies). */
export const PlayerBonusQuery = z.strictObject({
  status: StatusList.optional(),
  currency: CurrencyList.optional(),
});
export const PlayerBonusParams = z.object({
  id: z.string().regex(/^\d{1,12}$/, "Must be an id"),
});

export const PlayerBonus = z
  .object({
    id: IntId,
    /** PlayerBonusStatus */
    status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** PlayerBonusResult */
    result: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    currency: z.string(),
    /** The bonus money granted. */
    amount: DecimalAmount,
    /** The package this bonus is a step of, or null. */
    packageId: IntId.nullable(),
    /** What issued it: "deposit:{invoiceId}", "code:{id}", "freespins:{id}", "quest:…". */
    issueSessionId: z.string().nullable(),
    bonusId: IntId,
    name: z.string(),
    /** The bonus money still held (falls with losses, rises with wins while active). */
    balance: DecimalAmount,
    wagerMultiplier: z.string(),
    /** amount × wagerMultiplier: what must be wagered to turn the bonus into real money. */
    wagerTotal: DecimalAmount,
    /** Wagered so far (contributions counted). */
    wagered: DecimalAmount,
    maxBetAmount: DecimalAmount.nullable(),
    expiresAt: z.string(),
    issuedAt: z.string(),
    activatedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "PlayerBonus" });
export type PlayerBonus = z.infer<typeof PlayerBonus>;
export const PlayerBonusList = z.object({ data: z.array(PlayerBonus) });
export const PlayerBonusResponse = z.object({ data: PlayerBonus });

export const PlayerFreespin = z
  .object({
    id: IntId,
    status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** 1 issued, 2 played, 3 canceled, 4 expired (never 5). */
    result: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    /** Spins granted. */
    count: z.number().int(),
    currency: z.string(),
    gameId: z.number().int(),
    packageId: IntId.nullable(),
    issueSessionId: z.string().nullable(),
    bonusId: IntId,
    name: z.string(),
    gameSlug: z.string(),
    gameTitle: z.string(),
    /** Spins played so far. */
    played: z.number().int(),
    /** Stake of one spin. */
    betAmount: DecimalAmount,
    /** Won so far (credited as a bonus with its own wagering when the spins are played). */
    winAmount: DecimalAmount,
    expiresAt: z.string(),
    issuedAt: z.string(),
    activatedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "PlayerFreespin" });
export type PlayerFreespin = z.infer<typeof PlayerFreespin>;
export const PlayerFreespinList = z.object({ data: z.array(PlayerFreespin) });
export const PlayerFreespinResponse = z.object({ data: PlayerFreespin });

// ---------------------------------------------------------------------------------------------
// Realtime (RTM-07, RTM-08): payloads of the three bonus channels, and the bet refusals on
// game:bets#{profileId} (GM-12, BE-33).

/** `bonus:player-bonuses#{profileId}`: every change of a player bonus. */
export const PlayerBonusEvent = z.object({
  type: z.literal("bonus.player-bonus.updated"),
  playerBonus: PlayerBonus,
});
export type PlayerBonusEvent = z.infer<typeof PlayerBonusEvent>;

/** `bonus:player-freespins#{profileId}`: every change of a player free spin. */
export const PlayerFreespinEvent = z.object({
  type: z.literal("bonus.player-freespin.updated"),
  playerFreespin: PlayerFreespin,
});
export type PlayerFreespinEvent = z.infer<typeof PlayerFreespinEvent>;

/** `bonus:player-bonus-codes#{profileId}`: a code stored, applied, refused or removed. */
export const PlayerBonusCodeEvent = z.object({
  type: z.enum(["bonus.player-bonus-code.updated", "bonus.player-bonus-code.deleted"]),
  playerBonusCode: PlayerBonusCode,
});
export type PlayerBonusCodeEvent = z.infer<typeof PlayerBonusCodeEvent>;

/**
 * `game:bets#{profileId}`: a bet refused because it is over the active bonus's max bet
 * (max-bets modal). Amounts in major units of playerBonus.currency.
 */
export const GameBetMaxExceedEvent = z.object({
  type: z.literal("game.bet.max.exceed"),
  playerBonus: z.object({ id: IntId, currency: z.string() }),
  maxBetAmount: DecimalAmount,
  betAmount: DecimalAmount,
  gameId: z.number().int(),
});
export type GameBetMaxExceedEvent = z.infer<typeof GameBetMaxExceedEvent>;

/**
 * `game:bets#{profileId}`: a bet refused because the game may not be played while the bonus
 * is active (restricted-bets modal).
 */
export const GameBetRestrictedEvent = z.object({
  type: z.literal("game.bet.restricted"),
  playerBonus: z.object({ id: IntId, currency: z.string() }),
  gameId: z.number().int(),
  gameTitle: z.string(),
});
export type GameBetRestrictedEvent = z.infer<typeof GameBetRestrictedEvent>;
