import { interpolate, type TextVars } from "../lib/content/translate";
import type { ToastInput, ToastType } from "./toast-types";

/** Alert keys with configurable texts (spec §8, AL-01). */
export const ALERT_KEYS = [
  "limitedDeposit",
  "withdrawalProcessed",
  "somethingWrong",
  "successRegistration",
  "resentVerification",
  "depositSuccess",
  "depositError",
  "withdrawSuccess",
  "withdrawError",
  "newNotification",
  "tournamentCompleted",
  "questStateChanged",
  "taskCompleted",
  "accountBlocked",
  /** A limited profile (status 2) tried real-money play (the sportsbook's start error 14103). */
  "limitedRealGame",
] as const;
export type AlertKey = (typeof ALERT_KEYS)[number];

const TYPES: readonly ToastType[] = ["success", "error", "info", "warning"];

/**
 * A toast from content group `alerts`: `alerts.<key>` = {type, title, description}, with
 * `{placeholder}` substitution in title and description (AL-02). A missing alert falls back to
 * `somethingWrong`, then to a plain English text.
 */
export function alertToast(
  alerts: Record<string, unknown>,
  key: string,
  vars?: TextVars,
): ToastInput {
  const entry = (alerts[key] ?? alerts.somethingWrong) as
    | { type?: unknown; title?: unknown; description?: unknown }
    | undefined;
  const type = TYPES.find((item) => item === entry?.type) ?? "info";
  const title = typeof entry?.title === "string" ? entry.title : "Something went wrong";
  const description = typeof entry?.description === "string" ? entry.description : "";
  return {
    type,
    title: interpolate(title, vars),
    ...(description ? { description: interpolate(description, vars) } : {}),
  };
}
