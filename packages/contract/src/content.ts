import { z } from "zod";
import { LocaleCode } from "./settings";

/** The content groups the client loads for every page (spec §4, LC-05). */
export const ContentGroups = [
  "alerts",
  "fields-settings",
  "global-components",
  "layout",
  "modals",
] as const;
export type ContentGroup = (typeof ContentGroups)[number];

/** Page kinds with their own content folder. */
export const PageKinds = ["static", "bonus", "questions", "slug"] as const;
export type PageKind = (typeof PageKinds)[number];

/** A content page: front matter plus the Markdown body rendered to HTML on the server. */
export const ContentPage = z
  .object({
    title: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    html: z.string(),
  })
  .meta({ id: "ContentPage" });
export type ContentPage = z.infer<typeof ContentPage>;

/** GET /api/content/{locale}/pages/{kind}: the pages of a kind, e.g. for the /questions index. */
export const ContentPageList = z
  .object({
    pages: z.array(z.object({ identity: z.string(), title: z.string(), description: z.string() })),
  })
  .meta({ id: "ContentPageList" });
export type ContentPageList = z.infer<typeof ContentPageList>;

/**
 * GET /api/content/{locale}/{path}: a group (any JSON object), a page or a page list.
 * `locale` is the locale asked for; for a page that fell back, the default locale it came from.
 */
export const ContentResponse = z.object({
  locale: z.string(),
  path: z.string(),
  data: z.union([ContentPage, ContentPageList, z.record(z.string(), z.unknown())]),
});
export type ContentResponse = z.infer<typeof ContentResponse>;

/** One path segment of a content path: no dots or slashes, so no traversal. */
export const ContentSegment = /^[a-z0-9_-]+$/;

export const ContentParams = z.object({
  locale: LocaleCode,
  "*": z
    .string()
    .max(200)
    .refine(
      (path) => path.split("/").every((segment) => ContentSegment.test(segment)),
      "Path segments may contain only a-z, 0-9, - and _",
    ),
});
