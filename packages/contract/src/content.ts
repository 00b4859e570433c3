import { z } from "zod";

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

/** GET /api/content/{locale}/{path}: a group (any JSON object) or a page. */
export const ContentResponse = z.object({
  locale: z.string(),
  path: z.string(),
  data: z.union([ContentPage, z.record(z.string(), z.unknown())]),
});
export type ContentResponse = z.infer<typeof ContentResponse>;
