import type { ContentGroup } from "@casino/contract/content";
import type { LoaderEnv } from "../loader-env";
import { fetchContentGroup } from "./content-client";
import { ContentNotFoundError } from "./content-error";
import { CONTENT_GROUPS } from "./content-groups";
import { mergeContent } from "./merge-content";

export type SiteContent = Record<ContentGroup, Record<string, unknown>>;

function groupOrEmpty(
  env: LoaderEnv,
  locale: string,
  group: ContentGroup,
): Promise<Record<string, unknown>> {
  return env.cache(["content", locale, group], async () => {
    try {
      return await fetchContentGroup(env.api, locale, group);
    } catch (error) {
      if (error instanceof ContentNotFoundError) return {};
      throw error;
    }
  });
}

/**
 * LC-05, LC-06: the five content groups for the current locale, and for the default locale when
 * it differs; the current locale wins per key and the default fills the gaps.
 */
export async function loadSiteContent(
  env: LoaderEnv,
  locale: string,
  defaultLocale: string,
): Promise<SiteContent> {
  const pairs = await Promise.all(
    CONTENT_GROUPS.map(async (group) => {
      const [current, fallback] = await Promise.all([
        groupOrEmpty(env, locale, group),
        locale === defaultLocale ? Promise.resolve({}) : groupOrEmpty(env, defaultLocale, group),
      ]);
      return [group, mergeContent(fallback, current)] as const;
    }),
  );
  return Object.fromEntries(pairs) as SiteContent;
}
