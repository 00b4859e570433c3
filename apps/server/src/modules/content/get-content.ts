import {
  type ContentGroup,
  ContentGroups,
  type ContentResponse,
  type PageKind,
  PageKinds,
} from "@casino/contract/content";
import { ErrorCode } from "@casino/contract/errors";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { listLocales, pickDefaultLocale } from "../settings/list-locales";
import { settingsRepository } from "../settings/repository";
import { deepMerge } from "./content-store";
import type { ContentSource } from "./site-content";

const notFound = () => AppError.notFound("Content not found", ErrorCode.ContentNotFound);

const isGroup = (value: string): value is ContentGroup =>
  (ContentGroups as readonly string[]).includes(value);
const isKind = (value: string): value is PageKind =>
  (PageKinds as readonly string[]).includes(value);

/**
 * BE-43: a content query by locale and path. Groups merge the locale over the default locale key
 * by key; a page missing in the locale comes from the default locale. Anything unknown is a
 * coded 404 (14404), never an HTML page.
 */
export async function getContent(
  store: ContentSource,
  input: { locale: string; path: string; locales: string[]; defaultLocale: string },
): Promise<ContentResponse> {
  const { locale, path, defaultLocale } = input;
  if (!input.locales.includes(locale)) throw notFound();
  const segments = path.split("/");

  if (segments.length === 1 && isGroup(segments[0]!)) {
    const group = segments[0]!;
    const own = await store.readGroup(locale, group);
    const fallback = locale === defaultLocale ? null : await store.readGroup(defaultLocale, group);
    if (own === null && fallback === null) throw notFound();
    return { locale, path, data: deepMerge(fallback ?? {}, own ?? {}) };
  }

  if (segments[0] === "pages" && segments.length === 2 && isKind(segments[1]!)) {
    const kind = segments[1]!;
    const own = await store.listPages(locale, kind);
    const fallback = locale === defaultLocale ? [] : await store.listPages(defaultLocale, kind);
    const byIdentity = new Map(fallback.map((page) => [page.identity, page]));
    for (const page of own) byIdentity.set(page.identity, page);
    const pages = [...byIdentity.values()].sort((a, b) => a.identity.localeCompare(b.identity));
    return { locale, path, data: { pages } };
  }

  if (segments[0] === "pages" && segments.length === 3 && isKind(segments[1]!)) {
    const [, kind, identity] = segments as [string, PageKind, string];
    const own = await store.readPage(locale, kind, identity);
    if (own) return { locale, path, data: own };
    if (locale !== defaultLocale) {
      const fallback = await store.readPage(defaultLocale, kind, identity);
      if (fallback) return { locale: defaultLocale, path, data: fallback };
    }
  }

  throw notFound();
}

/** getContent with the site's switched-on locales and its default, as players are answered. */
export async function answerContent(
  db: Queryable,
  store: ContentSource,
  locale: string,
  path: string,
): Promise<ContentResponse> {
  const locales = await listLocales(settingsRepository(db));
  return getContent(store, {
    locale,
    path,
    locales: locales.map((entry) => entry.code),
    defaultLocale: pickDefaultLocale(locales),
  });
}
