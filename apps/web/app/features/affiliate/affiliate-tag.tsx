import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { readBrowserCookie, writeBrowserCookie } from "../../lib/cookies";
import { patchQuery } from "../../lib/query-patch";
import { useSite } from "../../lib/site";
import { AFFILIATE_COOKIE, AFFILIATE_PARAM, decideAffiliateTag } from "./affiliate-rules";

/** Handles `?stag=` on any page (AF-01..AF-04). */
export function AffiliateTag() {
  const { settings } = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const decision = decideAffiliateTag(
      location.search,
      readBrowserCookie(AFFILIATE_COOKIE),
      settings.affiliateTagExpiration,
    );
    if (decision.cookie) {
      writeBrowserCookie(AFFILIATE_COOKIE, decision.cookie.value, {
        maxAge: decision.cookie.maxAge,
      });
    }
    if (decision.removeParam) patchQuery(navigate, { [AFFILIATE_PARAM]: null });
  }, [location.search, settings.affiliateTagExpiration, navigate]);
  return null;
}
