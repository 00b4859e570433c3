export const AFFILIATE_COOKIE = "affiliateTag";
export const AFFILIATE_PARAM = "stag";
/** Days, when the public setting affiliateTagExpiration is absent (spec §9). */
export const AFFILIATE_DEFAULT_DAYS = 30;

export type AffiliateDecision = {
  /** Cookie to write, or null when an affiliate cookie already exists or no tag came. */
  cookie: { value: string; maxAge: number } | null;
  /** stag is in the URL and must be removed. */
  removeParam: boolean;
};

/**
 * AF-01..AF-04: `?stag=X` sets cookie affiliateTag=X for 86400 s × affiliateTagExpiration (default
 * 30 days), only if no affiliateTag cookie exists yet; then stag leaves the URL.
 */
export function decideAffiliateTag(
  search: string,
  existingCookie: string | null,
  expirationDays: number | undefined,
): AffiliateDecision {
  const params = new URLSearchParams(search);
  if (!params.has(AFFILIATE_PARAM)) return { cookie: null, removeParam: false };
  const tag = params.get(AFFILIATE_PARAM)?.trim() ?? "";
  const days = expirationDays && expirationDays > 0 ? expirationDays : AFFILIATE_DEFAULT_DAYS;
  const cookie = tag && existingCookie === null ? { value: tag, maxAge: 86_400 * days } : null;
  return { cookie, removeParam: true };
}
