/** A locale path segment: two lowercase letters, optionally a dash and a region (spec §2). */
export const LOCALE_SEGMENT = /^[a-z]{2}(-[a-z]{2,4})?$/;

/** The first path segment, or "" for "/". */
export function firstSegment(pathname: string): string {
  return pathname.split("/")[1] ?? "";
}

/** The first segment when it has the shape of a locale code (known or not), else "". */
export function localeShapedSegment(pathname: string): string {
  const segment = firstSegment(pathname);
  return LOCALE_SEGMENT.test(segment) ? segment : "";
}
