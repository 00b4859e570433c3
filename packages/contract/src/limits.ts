// Responsible-gambling limits (spec §3 "Limit", §7 Player: /api/player/limits; LM-01..LM-08,
// BE-24, BE-34). What the spec leaves open is decided here and in docs/adr/0008-limits.md:
// - definitions 1 bet, 2 loss, 3 deposit are cash limits per currency and period; 4
//   self-exclusion and 5 cooling-off are time blocks with no currency, amount or period;
// - periods are calendar periods in the player's time zone (UTC when unset): a day from local
//   midnight, an ISO week from Monday 00:00, a month from the 1st 00:00;
// - a stricter change (same period, lower amount) applies at once; any other change, and a
//   removal, waits 24 hours and then needs the player's confirmation (`pending`);
// - self-exclusion (6 months or more, or indefinite) and cooling-off (1 to 42 days) start at
//   once and can be neither shortened nor removed.
// Routes: GET /api/player/limits · POST /api/player/limits (CreateLimitBody) · PUT
// /api/player/limits/{limitId} (UpdateLimitBody) · DELETE /api/player/limits/{limitId} (asks to
// remove: pending) · PUT /api/player/limits/{limitId}/confirm (applies a due pending change) ·
// DELETE /api/player/limits/{limitId}/pending (drops a pending change, keeps the limit).
// Answers: GET {data: PlayerLimit[]}; POST 201 {data} (200 when an active self-exclusion or
// cooling-off was extended or kept); PUT, DELETE, DELETE .../pending {data}; confirm {data} or
// {data: null} when the confirmed change removed the limit.
// Errors: 422 error.fields; 409 a cash limit of that definition, currency and period exists;
// 400/13112 LimitLocked (4 and 5 cannot be changed or removed; confirm before effectiveAt).
import { z } from "zod";
import { DecimalAmount } from "./wallet";

export const LimitDefinition = {
  Bet: 1,
  Loss: 2,
  Deposit: 3,
  SelfExclusion: 4,
  CoolingOff: 5,
} as const;
export type LimitDefinition = (typeof LimitDefinition)[keyof typeof LimitDefinition];

export const LimitPeriod = z.enum(["daily", "weekly", "monthly"]);
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/** Cash limits: the amount is a positive decimal in major units of `currency`. */
const PositiveAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,18})?$/, "Must be a positive amount")
  .refine((value) => /[1-9]/.test(value), "Must be greater than zero");
const CurrencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code");

/** A change that waits for its cooling period (then for the player's confirmation). */
export const PendingLimitChange = z
  .object({
    /** true: the limit is to be removed; otherwise the new period and amount. */
    remove: z.boolean(),
    period: LimitPeriod.nullable(),
    amount: DecimalAmount.nullable(),
    requestedAt: z.iso.datetime({ offset: true }),
    /** When the change may be confirmed (requestedAt + 24 h). */
    effectiveAt: z.iso.datetime({ offset: true }),
    /** true once effectiveAt has passed: PUT .../confirm applies it. */
    confirmable: z.boolean(),
  })
  .meta({ id: "PendingLimitChange" });
export type PendingLimitChange = z.infer<typeof PendingLimitChange>;

export const PlayerLimit = z
  .object({
    limitId: z.string(),
    definition: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
    /** Cash limits only (null for 4 and 5). */
    period: LimitPeriod.nullable(),
    currency: z.string().nullable(),
    amount: DecimalAmount.nullable(),
    /** Used in the current period: bets (1), stakes minus winnings, never below 0 (2), gross deposits (3). */
    currentAmount: DecimalAmount.nullable(),
    /** The current period of a cash limit. */
    periodStartsAt: z.iso.datetime({ offset: true }).nullable(),
    periodEndsAt: z.iso.datetime({ offset: true }).nullable(),
    /** Self-exclusion and cooling-off: when the block ends (null: indefinite self-exclusion). */
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    pending: PendingLimitChange.nullable(),
  })
  .meta({ id: "PlayerLimit" });
export type PlayerLimit = z.infer<typeof PlayerLimit>;

export const PlayerLimitList = z.object({ data: z.array(PlayerLimit) });
export const PlayerLimitResponse = z.object({ data: PlayerLimit });
/** PUT .../confirm: the limit after the change, or null when the confirmed change removed it. */
export const ConfirmedLimitResponse = z.object({ data: PlayerLimit.nullable() });

/** POST /api/player/limits (LM-04). One cash limit per definition, currency and period. */
export const CreateLimitBody = z.discriminatedUnion("definition", [
  z.strictObject({
    definition: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    period: LimitPeriod,
    currency: CurrencyCode,
    amount: PositiveAmount,
  }),
  z.strictObject({
    definition: z.literal(4),
    /** Months of self-exclusion, at least 6; null: indefinite. */
    months: z.number().int().min(6).max(120).nullable(),
  }),
  z.strictObject({
    definition: z.literal(5),
    /** Days of cooling-off: 1 (24 hours) to 42 (6 weeks). */
    days: z.number().int().min(1).max(42),
  }),
]);
export type CreateLimitBody = z.infer<typeof CreateLimitBody>;

/** PUT /api/player/limits/{limitId} {period, amount} (LM-05): cash limits only. */
export const UpdateLimitBody = z.strictObject({
  period: LimitPeriod,
  amount: PositiveAmount,
});
export type UpdateLimitBody = z.infer<typeof UpdateLimitBody>;

export const LimitParams = z.object({ limitId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Reality checks (issue 6, beyond the spec): every `intervalMinutes` of a sign-in session the
// site shows the session's time and net result and asks whether to continue.

export const REALITY_CHECK_MINUTES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

export const RealityCheckResult = z.object({
  currency: z.string(),
  /** Major units: stakes (less rolled-back ones), winnings, and winnings − stakes. */
  staked: z.string(),
  won: z.string(),
  net: z.string(),
});

/** GET /api/player/reality-check: the setting and the current sign-in session's play. */
export const RealityCheck = z
  .object({
    /** null: off. */
    intervalMinutes: z.number().int().nullable(),
    options: z.array(z.number().int()),
    session: z.object({ startedAt: z.string(), seconds: z.number().int() }),
    /** Per currency played in this session; empty when nothing was played. */
    results: z.array(RealityCheckResult),
  })
  .meta({ id: "RealityCheck" });
export type RealityCheck = z.infer<typeof RealityCheck>;
export const RealityCheckResponse = z.object({ data: RealityCheck });

/** PUT /api/player/reality-check. */
export const RealityCheckBody = z.strictObject({
  intervalMinutes: z
    .number()
    .int()
    .refine((value) => (REALITY_CHECK_MINUTES as readonly number[]).includes(value), {
      message: `One of ${REALITY_CHECK_MINUTES.join(", ")} minutes`,
    })
    .nullable(),
});
export type RealityCheckBody = z.infer<typeof RealityCheckBody>;

// ---------------------------------------------------------------------------------------------
// Deposit room (issue 31): what the deposit limits leave for a deposit in one currency, so the
// wallet shows the limit that applies (the smaller of a method's max and this room).

export const DepositRoomQuery = z.object({ currency: CurrencyCode });

export const DepositRoom = z
  .object({
    /** The deposit's currency: `room` is in it. */
    currency: z.string(),
    /**
     * The operator's setting: true when deposit limits count the deposits of every currency at
     * the site's rates; false when each limit counts only its own currency (the spec's rule).
     */
    allCurrencies: z.boolean(),
    /** A self-exclusion or cooling-off is on: no deposits at all. */
    blocked: z.boolean(),
    /** Major units of `currency` the tightest deposit limit leaves; null when none applies. */
    room: DecimalAmount.nullable(),
    /** The deposit limit with the least room (in its own currency), or null. */
    limit: z
      .object({
        limitId: z.string(),
        period: LimitPeriod,
        currency: z.string(),
        amount: DecimalAmount,
        currentAmount: DecimalAmount,
        periodEndsAt: z.iso.datetime({ offset: true }),
      })
      .nullable(),
  })
  .meta({ id: "DepositRoom" });
export type DepositRoom = z.infer<typeof DepositRoom>;
export const DepositRoomResponse = z.object({ data: DepositRoom });
