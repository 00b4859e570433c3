// The operator API's loyalty programme (/api/operator/loyalty/levels, /earn-rules; migration
// 0039): the levels players climb and how many points a wager earns, as data. Bearer
// OPERATOR_API_TOKEN like the rest of the operator API (operator.ts).
import { z } from "zod";
import { CurrencyCode, Link, Name, OperatorKey } from "./operator";
import { DecimalAmount } from "./wallet";

// ---------------------------------------------------------------------------------------------
// Levels

export const OperatorLoyaltyLevel = z
  .object({
    id: z.string(),
    /** 1 is the first level; a higher order needs more points. */
    levelOrder: z.number().int(),
    name: z.string(),
    /** The points a player needs to reach it. */
    points: z.number().int(),
    description: z.string(),
    image: z.string().nullable(),
    /** How many players hold it now. */
    players: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorLoyaltyLevel" });
export type OperatorLoyaltyLevel = z.infer<typeof OperatorLoyaltyLevel>;

const levelFields = {
  levelOrder: z.number().int().min(1).max(1_000),
  name: Name,
  points: z.number().int().min(0).max(1_000_000_000_000),
  description: z.string().max(5000),
  image: Link.nullable(),
};

export const CreateOperatorLoyaltyLevelBody = z
  .strictObject({
    key: OperatorKey.optional(),
    levelOrder: levelFields.levelOrder,
    name: levelFields.name,
    points: levelFields.points,
    description: levelFields.description.default(""),
    image: levelFields.image.default(null),
  })
  .meta({ id: "CreateOperatorLoyaltyLevel" });
export type CreateOperatorLoyaltyLevelBody = z.infer<typeof CreateOperatorLoyaltyLevelBody>;

export const PatchOperatorLoyaltyLevelBody = z
  .strictObject({
    levelOrder: levelFields.levelOrder.optional(),
    name: levelFields.name.optional(),
    points: levelFields.points.optional(),
    description: levelFields.description.optional(),
    image: levelFields.image.optional(),
  })
  .meta({ id: "PatchOperatorLoyaltyLevel" });
export type PatchOperatorLoyaltyLevelBody = z.infer<typeof PatchOperatorLoyaltyLevelBody>;

export const OperatorLoyaltyLevelList = z.object({ data: z.array(OperatorLoyaltyLevel) });
export const OperatorLoyaltyLevelResponse = z.object({ data: OperatorLoyaltyLevel });

// ---------------------------------------------------------------------------------------------
// Earn rules

/**
 * `points` per `wagerAmount` staked in `currency`, for a provider and/or a game type (a game
 * collection's slug). A settled bet earns by the most specific enabled rule that matches it
 * (provider and type, provider, type, the currency's default); none: no points.
 */
export const OperatorLoyaltyEarnRule = z
  .object({
    id: z.string(),
    currency: z.string(),
    /** A provider's slug, or null: any provider. */
    provider: z.string().nullable(),
    /** A game collection's slug, or null: any game. */
    gameType: z.string().nullable(),
    /** In major units of the currency. */
    wagerAmount: z.string(),
    points: z.number().int(),
    isEnabled: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorLoyaltyEarnRule" });
export type OperatorLoyaltyEarnRule = z.infer<typeof OperatorLoyaltyEarnRule>;

const ruleFields = {
  wagerAmount: DecimalAmount,
  points: z.number().int().min(0).max(1_000_000),
  isEnabled: z.boolean(),
};

export const CreateOperatorLoyaltyEarnRuleBody = z
  .strictObject({
    key: OperatorKey.optional(),
    currency: CurrencyCode,
    provider: z.string().min(1).max(120).nullable().default(null),
    gameType: z.string().min(1).max(120).nullable().default(null),
    wagerAmount: ruleFields.wagerAmount,
    points: ruleFields.points,
    isEnabled: ruleFields.isEnabled.default(true),
  })
  .meta({ id: "CreateOperatorLoyaltyEarnRule" });
export type CreateOperatorLoyaltyEarnRuleBody = z.infer<typeof CreateOperatorLoyaltyEarnRuleBody>;

/** A change of a rule's rate or switch (its currency, provider and game type name it: fixed). */
export const PatchOperatorLoyaltyEarnRuleBody = z
  .strictObject({
    wagerAmount: ruleFields.wagerAmount.optional(),
    points: ruleFields.points.optional(),
    isEnabled: ruleFields.isEnabled.optional(),
  })
  .meta({ id: "PatchOperatorLoyaltyEarnRule" });
export type PatchOperatorLoyaltyEarnRuleBody = z.infer<typeof PatchOperatorLoyaltyEarnRuleBody>;

export const OperatorLoyaltyEarnRuleList = z.object({ data: z.array(OperatorLoyaltyEarnRule) });
export const OperatorLoyaltyEarnRuleResponse = z.object({ data: OperatorLoyaltyEarnRule });

/** A level's or rule's id in a path. */
export const OperatorLoyaltyParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, "Must be an id"),
});
