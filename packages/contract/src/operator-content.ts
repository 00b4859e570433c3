// Site content as data (/api/operator/content/...; migration 0048): the operator's edits over
// the content folder the site ships with (content/<locale>/). A group's edits are an object of
// keys laid over the folder's group key by key; a page written here replaces the folder's page
// of the same identity, or adds a new one, and can be unpublished. Players see an edit through
// GET /api/content/{locale}/{path} within seconds on every server.
import { z } from "zod";
import { ContentGroups, PageKinds } from "./content";
import { Link, Name, Position } from "./operator";
import { LocaleCode } from "./settings";

export const ContentGroupName = z.enum(ContentGroups);
export const ContentPageKind = z.enum(PageKinds);

/** One key of a content group: letters, digits, "_" and "-" (never __proto__ and the like). */
export const CONTENT_KEY = /^[A-Za-z0-9_-]{1,100}$/;
export const RESERVED_CONTENT_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** A key path inside a group, with "." between keys: `error.title`. */
export const ContentKeyPath = z
  .string()
  .max(500)
  .refine(
    (path) =>
      path
        .split(".")
        .every(
          (key) =>
            CONTENT_KEY.test(key) && !(RESERVED_CONTENT_KEYS as readonly string[]).includes(key),
        ),
    "Must be keys of letters, digits, _ and - joined by dots",
  );

/** A group's edits: nested objects of texts, numbers, flags and lists (checked further on write). */
export const ContentGroupData = z.record(z.string(), z.unknown());

export const OperatorContentGroupParams = z.object({
  locale: LocaleCode,
  group: ContentGroupName,
});

export const OperatorContentGroup = z
  .object({
    locale: z.string(),
    group: ContentGroupName,
    /** What the content folder has for this locale ({} when it has no such file). */
    file: ContentGroupData,
    /** The operator's edits, laid over `file` key by key. */
    edits: ContentGroupData,
    /** What players of this locale get: the default locale's, then this locale's, folder and edits. */
    effective: ContentGroupData,
    /** 0 before the first edit; every write adds 1. */
    version: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorContentGroup" });
export type OperatorContentGroup = z.infer<typeof OperatorContentGroup>;
export const OperatorContentGroupResponse = z.object({ data: OperatorContentGroup });

/** PUT: replaces the group's edits as a whole ({} drops them all). */
export const PutOperatorContentGroupBody = z
  .strictObject({
    edits: ContentGroupData,
    /** The version the edits were based on: another write since then is a 409. */
    version: z.number().int().min(0).optional(),
  })
  .meta({ id: "PutOperatorContentGroupBody" });
export type PutOperatorContentGroupBody = z.infer<typeof PutOperatorContentGroupBody>;

/** PATCH: sets and drops single keys of the edits, leaving the others as they are. */
export const PatchOperatorContentGroupBody = z
  .strictObject({
    set: z.record(ContentKeyPath, z.unknown()).default({}),
    /** Drops edits, so the folder's text shows again. */
    unset: z.array(ContentKeyPath).max(500).default([]),
  })
  .refine(
    (body) => Object.keys(body.set).length + body.unset.length > 0,
    "Set or unset at least one key",
  )
  .meta({ id: "PatchOperatorContentGroupBody" });
export type PatchOperatorContentGroupBody = z.infer<typeof PatchOperatorContentGroupBody>;

export const PAGE_IDENTITY_PATTERN = /^[a-z0-9_-]{1,100}$/;

export const OperatorContentPagesParams = z.object({
  locale: LocaleCode,
  kind: ContentPageKind,
});
export const OperatorContentPageParams = OperatorContentPagesParams.extend({
  identity: z.string().regex(PAGE_IDENTITY_PATTERN, "Must be 1-100 of a-z, 0-9, _ and -"),
});

const PageSource = z.object({
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  markdown: z.string(),
});

export const OperatorContentPageSummary = z.object({
  identity: z.string(),
  title: z.string(),
  /** file: only the content folder has it; operator: only written here; both: written over. */
  source: z.enum(["file", "operator", "both"]),
  /** false: players of this locale get it from the default locale, or not at all. */
  published: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});

export const OperatorContentPageList = z
  .object({ data: z.array(OperatorContentPageSummary) })
  .meta({ id: "OperatorContentPageList" });

export const OperatorContentPage = z
  .object({
    locale: z.string(),
    kind: ContentPageKind,
    identity: z.string(),
    /** The operator's page (null: the folder's page is what shows). */
    edit: PageSource.extend({
      published: z.boolean(),
      version: z.number().int(),
      updatedAt: z.string(),
    }).nullable(),
    /** The content folder's page of this locale, if any. */
    file: PageSource.nullable(),
    /** The page as players of this locale get it (HTML as served), or null when they get none. */
    effective: z
      .object({
        title: z.string(),
        description: z.string(),
        image: z.string().nullable(),
        html: z.string(),
      })
      .nullable(),
  })
  .meta({ id: "OperatorContentPage" });
export type OperatorContentPage = z.infer<typeof OperatorContentPage>;
export const OperatorContentPageResponse = z.object({ data: OperatorContentPage });

/** PUT: writes the operator's page of this identity (created, or replaced whole). */
export const PutOperatorContentPageBody = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(1000).default(""),
    /** Shown with the page: this site's path or an http(s) URL. */
    image: Link.nullable().default(null),
    /** Markdown (GitHub flavour); HTML in it is cleaned to safe tags when served. */
    markdown: z.string().max(200_000),
    /** false: hidden from players of this locale (a folder page of the identity too). */
    published: z.boolean().default(true),
    /** The version the page was based on (0: a new page); another write since is a 409. */
    version: z.number().int().min(0).optional(),
  })
  .meta({ id: "PutOperatorContentPageBody" });
export type PutOperatorContentPageBody = z.infer<typeof PutOperatorContentPageBody>;

// ---------------------------------------------------------------------------------------------
// Locales (migration 0049): the site's languages as data. A new locale shows the default
// locale's texts until its own are written (through the edits above, or a content folder).

export const OperatorLocale = z
  .object({
    code: z.string(),
    name: z.string(),
    isDefault: z.boolean(),
    /** Offered to players (GET /api/settings/locales, the /{locale} paths). */
    isEnabled: z.boolean(),
    position: z.number().int(),
    /** The content folder has texts for it; false: only the operator's edits and the default's. */
    hasFolder: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorLocale" });
export type OperatorLocale = z.infer<typeof OperatorLocale>;
export const OperatorLocaleList = z.object({ data: z.array(OperatorLocale) });
export const OperatorLocaleResponse = z.object({ data: OperatorLocale });
export const OperatorLocaleParams = z.object({ code: LocaleCode });

/** POST /api/operator/locales: a new locale, switched off until `isEnabled` (translate first). */
export const CreateOperatorLocaleBody = z
  .strictObject({
    code: LocaleCode,
    name: Name,
    isEnabled: z.boolean().default(false),
    position: Position.default(0),
  })
  .meta({ id: "CreateOperatorLocale" });
export type CreateOperatorLocaleBody = z.infer<typeof CreateOperatorLocaleBody>;

/** PATCH: `isDefault: true` makes it the default (the fallback of every other locale). */
export const PatchOperatorLocaleBody = z
  .strictObject({
    name: Name.optional(),
    isEnabled: z.boolean().optional(),
    position: Position.optional(),
    isDefault: z.literal(true).optional(),
  })
  .meta({ id: "PatchOperatorLocale" });
export type PatchOperatorLocaleBody = z.infer<typeof PatchOperatorLocaleBody>;
