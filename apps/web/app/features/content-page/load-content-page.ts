import type { ContentPage, PageKind } from "@casino/contract/content";
import {
  type ContentPageSummary,
  fetchContentPage,
  fetchContentPageList,
} from "../../lib/content/content-client";
import { ContentNotFoundError } from "../../lib/content/content-error";
import { notFound, type SiteBasics } from "../../lib/site-basics";

/**
 * A content page in the current locale, else in the default locale; none → 404 (ER-23).
 * Any other failure is rethrown (error page).
 */
export async function loadContentPage(
  basics: SiteBasics,
  kind: PageKind,
  identity: string | undefined,
): Promise<ContentPage> {
  if (!identity) notFound();
  const locales = [basics.choice.locale, basics.defaultLocale].filter(
    (code, i, all) => all.indexOf(code) === i,
  );
  for (const locale of locales) {
    try {
      return await fetchContentPage(basics.api, locale, kind, identity);
    } catch (error) {
      if (!(error instanceof ContentNotFoundError)) throw error;
    }
  }
  return notFound();
}

/** The pages of a kind in the current locale, falling back to the default locale's list. */
export async function loadContentPageList(
  basics: SiteBasics,
  kind: PageKind,
): Promise<ContentPageSummary[]> {
  const locales = [basics.choice.locale, basics.defaultLocale].filter(
    (code, i, all) => all.indexOf(code) === i,
  );
  for (const locale of locales) {
    try {
      const list = await fetchContentPageList(basics.api, locale, kind);
      if (list.length > 0) return list;
    } catch (error) {
      if (!(error instanceof ContentNotFoundError)) throw error;
    }
  }
  return [];
}
