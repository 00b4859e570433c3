// Small formatting helpers of the tournament pages.
import type { TournamentDetail, TournamentState } from "./tournaments-api";

type T = (key: string, fallback?: string, vars?: Record<string, string | number>) => string;

const P = "global-components.pages.tournaments";

export function stateLabel(t: T, state: TournamentState): string {
  if (state === "running") return t(`${P}.states.running`, "Running");
  if (state === "upcoming") return t(`${P}.states.upcoming`, "Upcoming");
  return t(`${P}.states.finished`, "Finished");
}

export function scoringLabel(t: T, scoring: TournamentDetail["scoring"]): string {
  if (scoring === "bet_sum") return t(`${P}.scoring.bet_sum`, "Total stakes");
  if (scoring === "win_sum") return t(`${P}.scoring.win_sum`, "Total wins");
  return t(`${P}.scoring.max_multiplier`, "Best multiplier");
}

export function scoringRule(t: T, scoring: TournamentDetail["scoring"]): string {
  if (scoring === "bet_sum") {
    return t(`${P}.rules.bet_sum`, "Each settled round adds its stake to your score.");
  }
  if (scoring === "win_sum") {
    return t(`${P}.rules.win_sum`, "Each settled round adds its win to your score.");
  }
  return t(
    `${P}.rules.max_multiplier`,
    "Your score is your best round: its win divided by its stake.",
  );
}

export function formatWhen(iso: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(
      new Date(iso),
    );
  } catch {
    return new Date(iso).toISOString();
  }
}

export function placesText(from: number, to: number): string {
  return from === to ? String(from) : `${from}–${to}`;
}

export function scoreText(score: string, scoring: TournamentDetail["scoring"], currency: string) {
  return scoring === "max_multiplier" ? `x${score}` : `${score} ${currency}`;
}
