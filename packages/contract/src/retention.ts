// Retention: quests and loyalty (spec §3 "Loyalty account", "Quest", §4 "Quests", "Loyalty",
// §7 Retention and Realtime; QS-01..QS-09, LY-01..LY-04, API-72..API-77, BE-37, BE-38).
// What the spec leaves open is decided here:
// - quest states: 1 available (never activated, or may be activated again), 2 active,
//   3 completed, 4 cancelled by the player, 5 expired (the player's time ran out), 6 expired (the
//   quest's availability window closed);
// - task types are names (betCount, betAmount, winAmount, deposit, playGames, loginDays);
//   `progress` and `quantity` are decimal strings: counts ("3"), or amounts in major units of the
//   quest's currency ("12.50") for betAmount, winAmount and deposit;
// - `isActive`: the task counts now (all unfinished tasks, or only the first one of a
//   sequential quest); `isCompleted`: its quantity is reached.
// Routes (signed-in player unless noted): GET /api/retention/quests?currency → {data: Quest[]}
// (the quests available now with the player's run, if any) · GET
// /api/retention/player-quests?state[]=2&currency → {data: PlayerQuest[]} · PUT
// /api/retention/quests/{id}/activate → {data: PlayerQuest} · PUT
// /api/retention/player-quests/{id}/cancel → {data: PlayerQuest} · GET /api/retention/account →
// {data: LoyaltyAccount} · GET /api/retention/levels (anyone) → {data: LoyaltyLevel[]}.
// Errors: 404 unknown or unavailable quest / run; 409/16001 already active; 409/16002 completed
// and not repeatable; 409/16003 the run is not active (cancel); quests or loyalty switched off
// (QUESTS_ENABLED, LOYALTY_ENABLED): 404.
// Realtime: `retention:quests#{profileId}` carries QuestEvent, `retention:accounts#{profileId}`
// carries LoyaltyAccountEvent, written in the transaction of the change.
import { z } from "zod";
import { playerChannel } from "./realtime";
import type { QuestState } from "./retention-names";
import { DecimalAmount } from "./wallet";

export { QUEST_STATE_NAMES, QuestState } from "./retention-names";

export const QUEST_TASK_TYPES = [
  "betCount",
  "betAmount",
  "winAmount",
  "deposit",
  "playGames",
  "loginDays",
] as const;
export type QuestTaskType = (typeof QUEST_TASK_TYPES)[number];
/** Task types counted in money (progress and quantity in major units of the quest's currency). */
export const AMOUNT_TASK_TYPES: readonly QuestTaskType[] = ["betAmount", "winAmount", "deposit"];

export const QuestErrorCode = {
  AlreadyActive: 16001,
  AlreadyCompleted: 16002,
  NotActive: 16003,
} as const;

const QuestStateSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
]);

export const QuestTask = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(QUEST_TASK_TYPES),
    isActive: z.boolean(),
    isCompleted: z.boolean(),
    progress: DecimalAmount,
    quantity: DecimalAmount,
    /** betCount, playGames: the smallest stake that counts (major units; "0": any). */
    minBet: DecimalAmount,
    /** Bet tasks: the games and providers that count (the quest-task-games modal); empty: any. */
    games: z.array(z.object({ slug: z.string(), title: z.string() })),
    providers: z.array(z.object({ slug: z.string(), name: z.string() })),
  })
  .meta({ id: "QuestTask" });
export type QuestTask = z.infer<typeof QuestTask>;

export const QuestReward = z
  .object({
    id: z.string(),
    type: z.enum(["points", "bonus", "freespins"]),
    name: z.string(),
    /** Loyalty points (type points); null otherwise. */
    points: z.number().int().nullable(),
    /** The bonus module's bonus id (bonus, freespins); null for points. */
    bonusId: z.string().nullable(),
  })
  .meta({ id: "QuestReward" });
export type QuestReward = z.infer<typeof QuestReward>;

const Instant = z.iso.datetime({ offset: true });

/** A quest as GET /api/retention/quests lists it, with the player's current run merged in. */
export const Quest = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    currency: z.string(),
    /** 1 when the player has no run that counts (never activated, cancelled or expired). */
    state: QuestStateSchema,
    /** The player's run shown here (active or completed), else null. */
    playerQuestId: z.string().nullable(),
    availableFrom: Instant.nullable(),
    availableUntil: Instant.nullable(),
    /** Seconds a player has after activating; null: until availableUntil. */
    durationSeconds: z.number().int().nullable(),
    /** The run's deadline (active runs). */
    expiresAt: Instant.nullable(),
    isSequential: z.boolean(),
    tasks: z.array(QuestTask),
    rewards: z.array(QuestReward),
  })
  .meta({ id: "Quest" });
export type Quest = z.infer<typeof Quest>;

/** One run of a quest by the player (GET /api/retention/player-quests). */
export const PlayerQuest = z
  .object({
    id: z.string(),
    questId: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    currency: z.string(),
    state: QuestStateSchema,
    activatedAt: Instant,
    expiresAt: Instant.nullable(),
    endedAt: Instant.nullable(),
    tasks: z.array(QuestTask),
    rewards: z.array(QuestReward),
  })
  .meta({ id: "PlayerQuest" });
export type PlayerQuest = z.infer<typeof PlayerQuest>;

const CurrencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, "Must be a currency code");
const StateValue = z.coerce.number().pipe(QuestStateSchema);

export const QuestListQuery = z.object({ currency: CurrencyCode.optional() });
export const PlayerQuestsQuery = z.object({
  /** `state[]=2&state[]=3` (bracket style, spec §7); absent: every state. */
  state: z
    .union([StateValue, z.array(StateValue).max(6)])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value])),
  currency: CurrencyCode.optional(),
});
export const QuestParams = z.object({ id: z.string().regex(/^\d{1,18}$/, "Must be a quest id") });
export const PlayerQuestParams = z.object({ id: z.uuid() });

export const QuestList = z.object({ data: z.array(Quest) });
export const PlayerQuestList = z.object({ data: z.array(PlayerQuest) });
export const PlayerQuestResponse = z.object({ data: PlayerQuest });

export const LoyaltyLevel = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Points needed to reach the level. */
    points: z.number().int(),
    order: z.number().int(),
    description: z.string(),
    image: z.string().nullable(),
  })
  .meta({ id: "LoyaltyLevel" });
export type LoyaltyLevel = z.infer<typeof LoyaltyLevel>;

/** Spec §3: points, currentLevel (name, points, order), nextLevel. */
export const LoyaltyAccount = z
  .object({
    /** Whole points (thousandths are kept on the server and count toward the next point). */
    points: z.number().int(),
    currentLevel: LoyaltyLevel.nullable(),
    nextLevel: LoyaltyLevel.nullable(),
  })
  .meta({ id: "LoyaltyAccount" });
export type LoyaltyAccount = z.infer<typeof LoyaltyAccount>;

export const LoyaltyAccountResponse = z.object({ data: LoyaltyAccount });
/** How points are earned (the loyalty-earn modal): points per wager in a currency. */
export const LoyaltyEarnRule = z
  .object({
    currency: z.string(),
    /** Provider slug, or null for every provider. */
    provider: z.string().nullable(),
    /** Game type (collection slug), or null for every type. */
    gameType: z.string().nullable(),
    /** Stake in major units that earns `points`. */
    wager: DecimalAmount,
    points: z.number().int(),
  })
  .meta({ id: "LoyaltyEarnRule" });
export type LoyaltyEarnRule = z.infer<typeof LoyaltyEarnRule>;
export const LoyaltyLevelList = z.object({
  data: z.array(LoyaltyLevel),
  meta: z.object({ earnRules: z.array(LoyaltyEarnRule) }),
});
/** GET /api/retention/levels takes no required parameters; unknown ones are ignored. */
export const LoyaltyLevelsQuery = z.object({ currency: CurrencyCode.optional() });

/** Realtime on `retention:quests#{profileId}` (BE-37). */
export type QuestEvent =
  | { type: "quest.updated"; quest: PlayerQuest; previousState: QuestState | null }
  | {
      type: "quest.task.updated";
      quest: { id: string; questId: string; name: string; state: QuestState };
      task: QuestTask;
      /** true when this change completed the task (the taskCompleted alert, QS-08). */
      completedNow: boolean;
    };

/** Realtime on `retention:accounts#{profileId}` (BE-38). */
export type LoyaltyAccountEvent = {
  type: "loyalty.account.updated";
  account: LoyaltyAccount;
  /** The level order before this change (null: no level); higher now = a level-up (LY-03). */
  previousLevelOrder: number | null;
  /** Points this change added. */
  pointsAdded: number;
};

export function retentionQuestsChannel(profileId: string): string {
  return playerChannel("retentionQuests", profileId);
}
export function retentionAccountsChannel(profileId: string): string {
  return playerChannel("retentionAccounts", profileId);
}
