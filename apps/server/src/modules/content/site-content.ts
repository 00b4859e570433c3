// What GET /api/content answers from: the content folder (ContentStore), with the operator's
// edits laid over it (migration 0048, operator-content.ts). Each server holds the edits in memory
// and checks content_revision (one small read) at most every EDITS_MAX_AGE_MS; it reloads them
// only when the revision moved. So an edit shows at once on the server that made it and within
// seconds on the others, and a content request costs no query otherwise.
import type { ContentPage } from "@casino/contract/content";
import type { Queryable } from "../../infra/db";
import { type ContentStore, deepMerge, type JsonObject, type PageSummary } from "./content-store";
import { renderPage } from "./render-page";

/** How long a server serves its edits before it checks the revision again. */
export const EDITS_MAX_AGE_MS = 5_000;

export interface GroupEdit {
  edits: JsonObject;
  version: number;
  updatedAt: Date;
}

export interface PageEdit {
  kind: string;
  identity: string;
  title: string;
  description: string;
  image: string | null;
  markdown: string;
  published: boolean;
  version: number;
  updatedAt: Date;
}

const groupKey = (locale: string, group: string) => `${locale}/${group}`;
const pageKey = (locale: string, kind: string, identity: string) => `${locale}/${kind}/${identity}`;

/** The edits of one revision, with the pages rendered as they are asked for. */
export class EditsSnapshot {
  private readonly rendered = new Map<string, ContentPage>();

  constructor(
    readonly revision: string,
    private readonly groups: Map<string, GroupEdit>,
    private readonly pages: Map<string, PageEdit>,
  ) {}

  group(locale: string, group: string): GroupEdit | null {
    return this.groups.get(groupKey(locale, group)) ?? null;
  }

  page(locale: string, kind: string, identity: string): PageEdit | null {
    return this.pages.get(pageKey(locale, kind, identity)) ?? null;
  }

  /** The pages of one locale and kind, in no order. */
  pagesOf(locale: string, kind: string): PageEdit[] {
    const prefix = `${locale}/${kind}/`;
    return [...this.pages.entries()].filter(([key]) => key.startsWith(prefix)).map(([, p]) => p);
  }

  render(locale: string, page: PageEdit): ContentPage {
    const key = pageKey(locale, page.kind, page.identity);
    let rendered = this.rendered.get(key);
    if (!rendered) {
      rendered = renderPage(page);
      this.rendered.set(key, rendered);
    }
    return rendered;
  }
}

/** The operator's edits as this server holds them (see the top of this file). */
export class ContentEdits {
  private snapshot: EditsSnapshot | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<EditsSnapshot> | null = null;
  /** The writes count when `loading` began. */
  private loadingAfter = 0;
  /** Counts writes on this server, so a load that began before one is not taken as fresh. */
  private writes = 0;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
  ) {}

  /**
   * The edits, checked against the revision when older than EDITS_MAX_AGE_MS. `fresh` checks now
   * (the operator's own reads); a read after a write on this server never joins a check that
   * began before the write.
   */
  current(options: { fresh?: boolean } = {}): Promise<EditsSnapshot> {
    const age = this.now().getTime() - this.checkedAt;
    if (this.snapshot && !options.fresh && age < EDITS_MAX_AGE_MS) {
      return Promise.resolve(this.snapshot);
    }
    if (options.fresh) return this.load();
    if (!this.loading || this.loadingAfter !== this.writes) {
      const load = this.load().finally(() => {
        if (this.loading === load) this.loading = null;
      });
      this.loading = load;
      this.loadingAfter = this.writes;
    }
    return this.loading;
  }

  /** After a content write on this server: the next read checks the revision. */
  changed(): void {
    this.writes += 1;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private async load(): Promise<EditsSnapshot> {
    const writes = this.writes;
    const startedAt = this.now().getTime();
    const [row] = await this.db.query<{ revision: string }>(
      "SELECT revision::text AS revision FROM content_revision",
    );
    const revision = row?.revision ?? "0";
    let snapshot = this.snapshot;
    if (!snapshot || snapshot.revision !== revision) {
      snapshot = await this.read(revision);
      // Loads may overlap: the newest revision stays.
      if (!this.snapshot || BigInt(revision) >= BigInt(this.snapshot.revision)) {
        this.snapshot = snapshot;
      }
    }
    // A write here during the load may be missing from it: the next read checks again.
    if (this.writes === writes) this.checkedAt = Math.max(this.checkedAt, startedAt);
    return snapshot;
  }

  private async read(revision: string): Promise<EditsSnapshot> {
    // The revision read first, the rows after: rows newer than the revision only make the next
    // check reload them again.
    const groups = await this.db.query<{
      locale: string;
      content_group: string;
      edits: JsonObject;
      version: number;
      updated_at: Date | string;
    }>("SELECT locale, content_group, edits, version, updated_at FROM content_group_edits");
    const pages = await this.db.query<{
      locale: string;
      kind: string;
      identity: string;
      title: string;
      description: string;
      image: string | null;
      markdown: string;
      is_published: boolean;
      version: number;
      updated_at: Date | string;
    }>(
      `SELECT locale, kind, identity, title, description, image, markdown, is_published, version,
              updated_at FROM content_pages`,
    );
    return new EditsSnapshot(
      revision,
      new Map(
        groups.map((row) => [
          groupKey(row.locale, row.content_group),
          {
            edits: row.edits,
            version: Number(row.version),
            updatedAt: new Date(row.updated_at),
          },
        ]),
      ),
      new Map(
        pages.map((row) => [
          pageKey(row.locale, row.kind, row.identity),
          {
            kind: row.kind,
            identity: row.identity,
            title: row.title,
            description: row.description,
            image: row.image,
            markdown: row.markdown,
            published: row.is_published,
            version: Number(row.version),
            updatedAt: new Date(row.updated_at),
          },
        ]),
      ),
    );
  }
}

/** Where getContent reads a locale's groups and pages from. */
export interface ContentSource {
  readGroup(locale: string, group: string): Promise<JsonObject | null>;
  readPage(locale: string, kind: string, identity: string): Promise<ContentPage | null>;
  listPages(locale: string, kind: string): Promise<PageSummary[]>;
}

/**
 * The folder with the edits over it, one locale at a time (getContent falls back to the default
 * locale over this): a group's edits replace its keys; an edited page replaces the folder's page,
 * and an unpublished one hides it.
 */
export class SiteContent implements ContentSource {
  constructor(
    readonly files: ContentStore,
    readonly edits: ContentEdits,
  ) {}

  async readGroup(locale: string, group: string): Promise<JsonObject | null> {
    const [file, edits] = await Promise.all([
      this.files.readGroup(locale, group),
      this.edits.current(),
    ]);
    const edit = edits.group(locale, group);
    if (!edit) return file;
    return deepMerge(file ?? {}, edit.edits);
  }

  async readPage(locale: string, kind: string, identity: string): Promise<ContentPage | null> {
    const edits = await this.edits.current();
    const edit = edits.page(locale, kind, identity);
    if (edit) return edit.published ? edits.render(locale, edit) : null;
    return this.files.readPage(locale, kind, identity);
  }

  async listPages(locale: string, kind: string): Promise<PageSummary[]> {
    const [files, edits] = await Promise.all([
      this.files.listPages(locale, kind),
      this.edits.current(),
    ]);
    const byIdentity = new Map(files.map((page) => [page.identity, page]));
    for (const edit of edits.pagesOf(locale, kind)) {
      if (edit.published) {
        byIdentity.set(edit.identity, {
          identity: edit.identity,
          title: edit.title,
          description: edit.description,
        });
      } else {
        byIdentity.delete(edit.identity);
      }
    }
    return [...byIdentity.values()].sort((a, b) => a.identity.localeCompare(b.identity));
  }
}
