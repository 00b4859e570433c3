// When the reality check is due: every `intervalMinutes` of the sign-in session, counted from
// its start (so reloading the game page does not reset it), and never again for a period the
// player has already acknowledged.

/** "1:05:09" / "12:34": the session's length for the header clock. */
export function formatSessionTime(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  const two = (value: number) => String(value).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** How many whole intervals the session has lasted (0 before the first check is due). */
export function intervalsElapsed(sessionSeconds: number, intervalMinutes: number | null): number {
  if (!intervalMinutes || intervalMinutes <= 0) return 0;
  return Math.floor(Math.max(0, sessionSeconds) / (intervalMinutes * 60));
}

/** Milliseconds until the next check is due (null when checks are off). */
export function msUntilNextCheck(
  sessionSeconds: number,
  intervalMinutes: number | null,
): number | null {
  if (!intervalMinutes || intervalMinutes <= 0) return null;
  const period = intervalMinutes * 60;
  const next = (intervalsElapsed(sessionSeconds, intervalMinutes) + 1) * period;
  return Math.max(0, (next - sessionSeconds) * 1000);
}
