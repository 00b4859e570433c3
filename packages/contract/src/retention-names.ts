// Quest states and their status names (spec §4 "Quests", QS-05): no imports, so the web shell
// and lazy chunks can use them without zod. retention.ts re-exports them.

export const QuestState = {
  Available: 1,
  Active: 2,
  Completed: 3,
  Cancelled: 4,
  Expired: 5,
  Closed: 6,
} as const;
export type QuestState = (typeof QuestState)[keyof typeof QuestState];

/** The status names ({status} of the stateChanged alert, QS-06); 5 and 6 are both "expired". */
export const QUEST_STATE_NAMES: Readonly<Record<number, string>> = Object.freeze({
  1: "available",
  2: "active",
  3: "completed",
  4: "cancelled",
  5: "expired",
  6: "expired",
});
