// The operator's site content (/api/operator/content/...; scope content; migration 0048): edits
// laid over the content folder's groups, and pages written over the folder's or added. Every
// write adds 1 to content_revision first, in its transaction: that row's lock puts content writes
// one after another (they are rare), so a version check and the write that follows it cannot be
// raced, and every server sees the new revision (site-content.ts). Each write leaves an audit row.
import type { ContentGroup, PageKind } from "@casino/contract/content";
import { OperatorErrorCode } from "@casino/contract/operator";
import {
  CONTENT_KEY,
  type OperatorContentGroup,
  type OperatorContentPage,
  type PatchOperatorContentGroupBody,
  type PutOperatorContentGroupBody,
  type PutOperatorContentPageBody,
  RESERVED_CONTENT_KEYS,
} from "@casino/contract/operator-content";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { type FieldFail, fieldProblems, recordOperatorChange } from "../../lib/operator-keys";
import type { JsonObject } from "./content-store";
import { answerContent } from "./get-content";
import type { SiteContent } from "./site-content";

/** Limits of a group's edits: nesting, one text, one list, and the whole as JSON. */
const MAX_DEPTH = 8;
const MAX_TEXT = 20_000;
const MAX_LIST = 500;
const MAX_EDITS_BYTES = 256 * 1024;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Checks a value of a group's edits (keys, nesting, sizes); its problems go to `field`. */
function checkValue(value: unknown, field: string, depth: number, fail: FieldFail): void {
  if (depth > MAX_DEPTH) {
    fail(field, `Nested deeper than ${MAX_DEPTH} levels`);
  } else if (typeof value === "string") {
    if (value.length > MAX_TEXT) fail(field, `Longer than ${MAX_TEXT} characters`);
  } else if (Array.isArray(value)) {
    if (value.length > MAX_LIST) fail(field, `More than ${MAX_LIST} items`);
    else {
      for (const [index, item] of value.entries()) {
        checkValue(item, `${field}.${index}`, depth + 1, fail);
      }
    }
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!CONTENT_KEY.test(key) || (RESERVED_CONTENT_KEYS as readonly string[]).includes(key)) {
        fail(`${field}.${key}`, "A key is 1-100 letters, digits, _ and -");
      } else {
        checkValue(item, `${field}.${key}`, depth + 1, fail);
      }
    }
  }
  // Numbers, booleans and null are kept as they are.
}

async function checkLocale(db: Queryable, locale: string): Promise<void> {
  const [known] = await db.query("SELECT 1 FROM locales WHERE code = $1", [locale]);
  if (!known) throw AppError.notFound("No locale with that code");
}

/** Starts a content write: the revision moves, and content writes queue behind this one. */
async function beginContentWrite(tx: Queryable): Promise<void> {
  await tx.query("UPDATE content_revision SET revision = revision + 1");
}

function checkVersion(expected: number | undefined, current: number): void {
  if (expected !== undefined && expected !== current) {
    throw new AppError(
      409,
      OperatorErrorCode.StaleVersion,
      `Changed since version ${expected}: it is at version ${current} now`,
    );
  }
}

/** What players of a locale are answered for a path (null: a 404). */
async function effective(ctx: AppContext, site: SiteContent, locale: string, path: string) {
  try {
    return (await answerContent(ctx.db, site, locale, path)).data;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

// ------------------------------------------------------------------------------------------
// Groups

export async function readOperatorContentGroup(
  ctx: AppContext,
  site: SiteContent,
  locale: string,
  group: ContentGroup,
): Promise<OperatorContentGroup> {
  await checkLocale(ctx.db, locale);
  const edits = await site.edits.current({ fresh: true });
  const edit = edits.group(locale, group);
  const data = await effective(ctx, site, locale, group);
  return {
    locale,
    group,
    file: (await site.files.readGroup(locale, group)) ?? {},
    edits: edit?.edits ?? {},
    effective: isObject(data) ? data : {},
    version: edit?.version ?? 0,
    updatedAt: edit ? edit.updatedAt.toISOString() : null,
  };
}

/** Writes a group's edits whole (`next` computes them from the current ones) as one version. */
async function writeGroup(
  ctx: AppContext,
  site: SiteContent,
  input: {
    locale: string;
    group: ContentGroup;
    action: "put" | "update";
    body: object;
    next: (current: JsonObject, currentVersion: number, fail: FieldFail) => JsonObject;
  },
): Promise<OperatorContentGroup> {
  const { locale, group } = input;
  await checkLocale(ctx.db, locale);
  await ctx.db.transaction(async (tx) => {
    await beginContentWrite(tx);
    const [row] = await tx.query<{ edits: JsonObject; version: number }>(
      "SELECT edits, version FROM content_group_edits WHERE locale = $1 AND content_group = $2",
      [locale, group],
    );
    const { fail, check } = fieldProblems();
    const edits = input.next(row?.edits ?? {}, Number(row?.version ?? 0), fail);
    check();
    if (Buffer.byteLength(JSON.stringify(edits)) > MAX_EDITS_BYTES) {
      throw AppError.unprocessable({ edits: [`Larger than ${MAX_EDITS_BYTES / 1024} KiB`] });
    }
    await tx.query(
      `INSERT INTO content_group_edits (locale, content_group, edits, version, updated_at)
       VALUES ($1, $2, $3::jsonb, 1, $4)
       ON CONFLICT (locale, content_group)
       DO UPDATE SET edits = EXCLUDED.edits, version = content_group_edits.version + 1,
                     updated_at = EXCLUDED.updated_at`,
      [locale, group, JSON.stringify(edits), ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "content-group",
      entityId: `${locale}/${group}`,
      action: input.action,
      changes: input.body,
      now: ctx.now(),
    });
  });
  site.edits.changed();
  return readOperatorContentGroup(ctx, site, locale, group);
}

/** PUT .../groups/{group}: the edits replaced whole. */
export function putOperatorContentGroup(
  ctx: AppContext,
  site: SiteContent,
  locale: string,
  group: ContentGroup,
  body: PutOperatorContentGroupBody,
): Promise<OperatorContentGroup> {
  return writeGroup(ctx, site, {
    locale,
    group,
    action: "put",
    body,
    next: (_current, version, fail) => {
      checkVersion(body.version, version);
      checkValue(body.edits, "edits", 0, fail);
      return body.edits;
    },
  });
}

/** PATCH .../groups/{group}: single keys set or dropped; the other edits stay. */
export function patchOperatorContentGroup(
  ctx: AppContext,
  site: SiteContent,
  locale: string,
  group: ContentGroup,
  body: PatchOperatorContentGroupBody,
): Promise<OperatorContentGroup> {
  return writeGroup(ctx, site, {
    locale,
    group,
    action: "update",
    body,
    next: (current, _version, fail) => {
      const edits = structuredClone(current);
      for (const path of body.unset) unsetPath(edits, path.split("."));
      for (const [path, value] of Object.entries(body.set)) {
        const keys = path.split(".");
        checkValue(value, `set.${path}`, keys.length, fail);
        if (!setPath(edits, keys, value)) {
          fail(`set.${path}`, "A key on the way holds a value, not keys");
        }
      }
      return edits;
    },
  });
}

/** Sets `keys` (a path) to `value`, making the objects on the way; false when one is a value. */
function setPath(target: JsonObject, keys: string[], value: unknown): boolean {
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (next === undefined) node[key] = {};
    else if (!isObject(next)) return false;
    node = node[key] as JsonObject;
  }
  node[keys.at(-1)!] = value;
  return true;
}

/** Drops the edit at `keys`, and objects it leaves empty. */
function unsetPath(target: JsonObject, keys: string[]): void {
  const [key, ...rest] = keys as [string, ...string[]];
  if (!Object.hasOwn(target, key)) return;
  const child = target[key];
  if (rest.length === 0) {
    delete target[key];
  } else if (isObject(child)) {
    unsetPath(child, rest);
    if (Object.keys(child).length === 0) delete target[key];
  }
}

// ------------------------------------------------------------------------------------------
// Pages

export async function listOperatorContentPages(
  ctx: AppContext,
  site: SiteContent,
  locale: string,
  kind: PageKind,
) {
  await checkLocale(ctx.db, locale);
  const [files, edits] = await Promise.all([
    site.files.listPages(locale, kind),
    site.edits.current({ fresh: true }),
  ]);
  const fileTitles = new Map(files.map((page) => [page.identity, page.title]));
  const pages = new Map(
    files.map((page) => [
      page.identity,
      {
        identity: page.identity,
        title: page.title,
        source: "file" as "file" | "operator" | "both",
        published: true,
        version: 0,
        updatedAt: null as string | null,
      },
    ]),
  );
  for (const edit of edits.pagesOf(locale, kind)) {
    pages.set(edit.identity, {
      identity: edit.identity,
      title: edit.title,
      source: fileTitles.has(edit.identity) ? "both" : "operator",
      published: edit.published,
      version: edit.version,
      updatedAt: edit.updatedAt.toISOString(),
    });
  }
  return [...pages.values()].sort((a, b) => a.identity.localeCompare(b.identity));
}

export async function readOperatorContentPage(
  ctx: AppContext,
  site: SiteContent,
  locale: string,
  kind: PageKind,
  identity: string,
): Promise<OperatorContentPage> {
  await checkLocale(ctx.db, locale);
  const [edits, file] = await Promise.all([
    site.edits.current({ fresh: true }),
    site.files.readPageSource(locale, kind, identity),
  ]);
  const edit = edits.page(locale, kind, identity);
  if (!edit && !file) throw AppError.notFound("No page with that identity in this locale");
  const data = await effective(ctx, site, locale, `pages/${kind}/${identity}`);
  return {
    locale,
    kind,
    identity,
    edit: edit && {
      title: edit.title,
      description: edit.description,
      image: edit.image,
      markdown: edit.markdown,
      published: edit.published,
      version: edit.version,
      updatedAt: edit.updatedAt.toISOString(),
    },
    file,
    effective: data && "html" in data ? (data as OperatorContentPage["effective"]) : null,
  };
}

/** PUT .../pages/{kind}/{identity}: the operator's page, created (201) or replaced. */
export async function putOperatorContentPage(
  ctx: AppContext,
  site: SiteContent,
  params: { locale: string; kind: PageKind; identity: string },
  body: PutOperatorContentPageBody,
): Promise<{ page: OperatorContentPage; created: boolean }> {
  const { locale, kind, identity } = params;
  await checkLocale(ctx.db, locale);
  const created = await ctx.db.transaction(async (tx) => {
    await beginContentWrite(tx);
    const [row] = await tx.query<{ version: number }>(
      "SELECT version FROM content_pages WHERE locale = $1 AND kind = $2 AND identity = $3",
      [locale, kind, identity],
    );
    checkVersion(body.version, Number(row?.version ?? 0));
    await tx.query(
      `INSERT INTO content_pages (locale, kind, identity, title, description, image, markdown,
                                  is_published, version, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9)
       ON CONFLICT (locale, kind, identity)
       DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
                     image = EXCLUDED.image, markdown = EXCLUDED.markdown,
                     is_published = EXCLUDED.is_published,
                     version = content_pages.version + 1, updated_at = EXCLUDED.updated_at`,
      [
        locale,
        kind,
        identity,
        body.title,
        body.description,
        body.image,
        body.markdown,
        body.published,
        ctx.now(),
      ],
    );
    await recordOperatorChange(tx, {
      kind: "content-page",
      entityId: `${locale}/${kind}/${identity}`,
      action: "put",
      changes: body,
      now: ctx.now(),
    });
    return !row;
  });
  site.edits.changed();
  return { page: await readOperatorContentPage(ctx, site, locale, kind, identity), created };
}

/** DELETE .../pages/{kind}/{identity}: the operator's page goes; the folder's (if any) is back. */
export async function deleteOperatorContentPage(
  ctx: AppContext,
  site: SiteContent,
  params: { locale: string; kind: PageKind; identity: string },
): Promise<void> {
  const { locale, kind, identity } = params;
  await checkLocale(ctx.db, locale);
  await ctx.db.transaction(async (tx) => {
    await beginContentWrite(tx);
    const deleted = await tx.query(
      `DELETE FROM content_pages WHERE locale = $1 AND kind = $2 AND identity = $3
       RETURNING identity`,
      [locale, kind, identity],
    );
    if (deleted.length === 0) {
      throw AppError.notFound("The operator has no page with that identity in this locale");
    }
    await recordOperatorChange(tx, {
      kind: "content-page",
      entityId: `${locale}/${kind}/${identity}`,
      action: "delete",
      changes: {},
      now: ctx.now(),
    });
  });
  site.edits.changed();
}
