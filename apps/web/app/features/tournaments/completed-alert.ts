// TN-01: a realtime tournament.completed on the player's tournaments channel (TN-02, subscribed
// with the other per-profile channels) raises the content alert `tournamentCompleted` with
// {place}, {tournament} and {prize}. Kept tiny: it runs in the shell, not a route chunk.
import { useEffect } from "react";
import { onRealtimePublication } from "../../lib/realtime/realtime";
import { useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";

type Completed = {
  type?: unknown;
  place?: unknown;
  tournament?: { title?: unknown };
  prize?: { title?: unknown };
};

const SUFFIXES: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };

/** 1 → "1st" in English; other locales get the number. */
export function placeText(place: number, locale: string): string {
  if (!locale.startsWith("en")) return String(place);
  const rule = new Intl.PluralRules("en", { type: "ordinal" }).select(place);
  return `${place}${SUFFIXES[rule] ?? "th"}`;
}

/** The alert variables of a tournaments-channel publication, or null when it raises none. */
export function completedAlertVars(
  channel: string,
  data: unknown,
  locale: string,
): { place: string; tournament: string; prize: string } | null {
  if (!channel.startsWith("retention:tournaments#")) return null;
  const event = data as Completed | null;
  if (event?.type !== "tournament.completed" || typeof event.place !== "number") return null;
  return {
    place: placeText(event.place, locale),
    tournament: String(event.tournament?.title ?? ""),
    prize: String(event.prize?.title ?? ""),
  };
}

export function useTournamentCompletedAlert(active: boolean): void {
  const alert = useAlert();
  const { locale } = useSite();
  useEffect(() => {
    if (!active) return;
    return onRealtimePublication((channel, data) => {
      const vars = completedAlertVars(channel, data, locale);
      if (vars) alert("tournamentCompleted", vars);
    });
  }, [active, alert, locale]);
}
