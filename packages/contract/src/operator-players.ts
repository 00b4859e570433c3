// The operator's player desk (/api/operator/players; migration 0046): find a player, read their
// accounts and ledger, block or limit them, and correct a balance with a manual adjustment that
// goes through the ledger like every other movement. Bearer OPERATOR_API_TOKEN or a key with the
// players scope (adjustments: payments).
import { z } from "zod";
import { PlayerBonus, PlayerFreespin } from "./bonus";
import { CurrencyCode, OperatorKey, Slug } from "./operator";
import { PageMeta, PageQuery } from "./pagination";
import { DecimalAmount, WalletAccount } from "./wallet";

/** 1 active, 2 limited (cannot deposit), 3 blocked (no sign-in, no play, 403 on every call). */
export const PlayerStatusCode = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const OperatorPlayerQuery = PageQuery.extend({
  /** An e-mail (or its start), a phone number (or its start, with +), a nickname or a player id. */
  search: z.string().trim().min(1).max(200).optional(),
  status: z.coerce.number().pipe(PlayerStatusCode).optional(),
});
export type OperatorPlayerQuery = z.infer<typeof OperatorPlayerQuery>;

export const OperatorPlayerSummary = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    nickname: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
    status: PlayerStatusCode,
    registeredAt: z.string(),
  })
  .meta({ id: "OperatorPlayerSummary" });
export type OperatorPlayerSummary = z.infer<typeof OperatorPlayerSummary>;

export const OperatorPlayerList = z.object({
  data: z.array(OperatorPlayerSummary),
  meta: PageMeta,
});

export const OperatorPlayer = OperatorPlayerSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /** Its wallet accounts with their balances (as the player sees them). */
  accounts: z.array(WalletAccount),
  /** Signed-in sessions not ended, and the latest time one of them was used. */
  liveSessions: z.number().int(),
  lastSeenAt: z.string().nullable(),
}).meta({ id: "OperatorPlayer" });
export type OperatorPlayer = z.infer<typeof OperatorPlayer>;
export const OperatorPlayerResponse = z.object({ data: OperatorPlayer });

export const PatchOperatorPlayerBody = z
  .strictObject({
    status: PlayerStatusCode,
    /** Why, for the audit trail (GET /api/operator/changes). */
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: "PatchOperatorPlayer" });
export type PatchOperatorPlayerBody = z.infer<typeof PatchOperatorPlayerBody>;

export const OperatorPlayerParams = z.object({ id: z.uuid("Must be a player id") });

/** POST .../{id}/sign-out: ends every session of the player (their next request is a 401). */
export const OperatorSignOutBody = z
  .strictObject({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: "OperatorSignOut" });
export const OperatorSignOutResponse = z.object({
  data: z.object({ ended: z.number().int() }),
});

/** One movement on one of the player's ledger accounts. */
export const OperatorLedgerEntry = z
  .object({
    entryId: z.string(),
    transactionId: z.string(),
    /** payment.deposit, game.bet, game.win, bonus.issue, operator.adjustment, … */
    kind: z.string(),
    /** real, bonus or withdrawal_hold. */
    balance: z.string(),
    currency: z.string(),
    /** Signed, major units: negative took money out. */
    amount: z.string(),
    /** What the posting carried (invoice id, provider, round, reason of an adjustment, …). */
    metadata: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .meta({ id: "OperatorLedgerEntry" });
export type OperatorLedgerEntry = z.infer<typeof OperatorLedgerEntry>;

export const OperatorLedgerQuery = PageQuery.extend({ currency: CurrencyCode.optional() });
export type OperatorLedgerQuery = z.infer<typeof OperatorLedgerQuery>;
export const OperatorLedgerList = z.object({ data: z.array(OperatorLedgerEntry), meta: PageMeta });

/** A player's game round as the operator reads it (support: "what happened to my bet?"). */
export const OperatorRound = z
  .object({
    id: z.string(),
    /** The studio's id of the round (what its support names). */
    providerRoundId: z.string(),
    game: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
    provider: z.object({ slug: z.string(), name: z.string() }),
    currency: z.string(),
    /** Major units: what was staked, won and refunded in the round. */
    bet: z.string(),
    win: z.string(),
    refund: z.string(),
    /** open: still taking bets and wins; closed: settled. */
    status: z.enum(["open", "closed"]),
    openedAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorRound" });
export type OperatorRound = z.infer<typeof OperatorRound>;

export const OperatorRoundQuery = PageQuery.extend({
  status: z.enum(["open", "closed"]).optional(),
  currency: CurrencyCode.optional(),
});
export type OperatorRoundQuery = z.infer<typeof OperatorRoundQuery>;
export const OperatorRoundList = z.object({ data: z.array(OperatorRound), meta: PageMeta });

/**
 * A manual correction of the player's real balance: positive credits, negative debits (never
 * below zero). `key` is required: a replay answers the first result and moves nothing.
 */
export const CreateOperatorAdjustmentBody = z
  .strictObject({
    key: OperatorKey,
    currency: CurrencyCode,
    amount: z.string().regex(/^-?\d{1,15}(\.\d{1,18})?$/, "Must be an amount like 10.00 or -2.50"),
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: "CreateOperatorAdjustment" });
export type CreateOperatorAdjustmentBody = z.infer<typeof CreateOperatorAdjustmentBody>;

export const OperatorAdjustment = z
  .object({
    transactionId: z.string(),
    currency: z.string(),
    amount: z.string(),
    reason: z.string(),
    /** The account after it. */
    account: WalletAccount,
  })
  .meta({ id: "OperatorAdjustment" });
export const OperatorAdjustmentResponse = z.object({ data: OperatorAdjustment });

// ---------------------------------------------------------------------------------------------
// A player's bonuses on the desk (scope players to read; promotions to grant and cancel).

/** GET /api/operator/players/{id}/bonuses: every bonus and free-spins grant, newest first. */
export const OperatorPlayerBonuses = z
  .object({ bonuses: z.array(PlayerBonus), freespins: z.array(PlayerFreespin) })
  .meta({ id: "OperatorPlayerBonuses" });
export const OperatorPlayerBonusesResponse = z.object({ data: OperatorPlayerBonuses });

/**
 * POST /api/operator/players/{id}/bonuses: grants a bonus definition to the player (a goodwill
 * bonus, a compensation). `key` is required: per player, a replay answers the first grant.
 */
export const GrantOperatorBonusBody = z
  .strictObject({
    key: OperatorKey,
    /** The bonus definition's slug; switched-off definitions may be granted too. */
    bonus: Slug,
    /** Default: the player's currency. */
    currency: CurrencyCode.optional(),
    /** Instead of the definition's amount (not for free spins), in major units. */
    amount: DecimalAmount.optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: "GrantOperatorBonus" });
export type GrantOperatorBonusBody = z.infer<typeof GrantOperatorBonusBody>;

export const OperatorBonusGrant = z
  .object({
    kind: z.enum(["bonus", "freespins"]),
    bonus: PlayerBonus.nullable(),
    freespins: PlayerFreespin.nullable(),
  })
  .meta({ id: "OperatorBonusGrant" });
export const OperatorBonusGrantResponse = z.object({ data: OperatorBonusGrant });

/**
 * A grant waiting for a second operator (202 of POST .../bonuses): its money is above
 * OPERATOR_GRANT_APPROVAL_ABOVE (base currency, converted at the site's rates). Another key or
 * user approves it (the grant is then issued as asked) or rejects it; the requester cannot.
 */
export const OperatorGrantRequest = z
  .object({
    id: z.number().int(),
    playerId: z.string(),
    key: z.string(),
    bonus: z.string(),
    currency: z.string(),
    /** The money the grant gives, in major units. */
    amount: z.string(),
    /** Granted without wagering (wager multiplier 0): money the player may withdraw at once. */
    withoutWagering: z.boolean(),
    reason: z.string(),
    status: z.enum(["pending", "approved", "rejected"]),
    requestedBy: z.string(),
    decidedBy: z.string().nullable(),
    decisionReason: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorGrantRequest" });
export type OperatorGrantRequest = z.infer<typeof OperatorGrantRequest>;
export const OperatorGrantRequestResponse = z.object({ data: OperatorGrantRequest });
export const OperatorGrantRequestList = z.object({ data: z.array(OperatorGrantRequest) });
export const OperatorGrantRequestQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).optional(),
});
/** POST /api/operator/grant-requests/{id}/approve | reject. */
export const DecideOperatorGrantBody = z
  .strictObject({ reason: z.string().trim().min(1).max(500).optional() })
  .meta({ id: "DecideOperatorGrant" });
/** The approval's answer: the request, and the grant it issued. */
export const OperatorGrantApprovalResponse = z.object({
  data: z.object({ request: OperatorGrantRequest, grant: OperatorBonusGrant.nullable() }),
});

export const OperatorPlayerBonusParams = z.object({
  id: z.uuid("Must be a player id"),
  bonusId: z.string().regex(/^\d{1,12}$/, "Must be an id"),
});

/** POST .../bonuses/{bonusId}/cancel: the bonus ends; the bonus money it holds goes back. */
export const CancelOperatorBonusBody = z
  .strictObject({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: "CancelOperatorBonus" });
