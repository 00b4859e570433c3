import type { ContentGroup } from "@casino/contract/content";

/**
 * The content groups loaded for every page (LC-05). A local copy of the contract's list, so the
 * browser bundle needs no zod; the type check below keeps the two in step.
 */
export const CONTENT_GROUPS = [
  "alerts",
  "fields-settings",
  "global-components",
  "layout",
  "modals",
] as const satisfies readonly ContentGroup[];

type Missing = Exclude<ContentGroup, (typeof CONTENT_GROUPS)[number]>;
export const ALL_GROUPS_COVERED: Missing extends never ? true : never = true;
