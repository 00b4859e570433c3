/** Toast constants of spec §9 (AL-04..AL-07). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_ANIMATION_MS = 300;
export const TOAST_WIDTH_PX = 300;
export const TOAST_MIN_GAP_MS = 400;

/** How long the next queued toast must wait so toasts appear at least 400 ms apart (AL-07). */
export function delayBeforeNextToast(
  lastShownAt: number | null,
  now: number,
  gap = TOAST_MIN_GAP_MS,
): number {
  if (lastShownAt === null) return 0;
  return Math.max(0, lastShownAt + gap - now);
}
