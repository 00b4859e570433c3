import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type ContentPage, ContentSegment } from "@casino/contract/content";
import { parse as parseYaml } from "yaml";
import { type PageSource, renderPage } from "./render-page";

export type JsonObject = Record<string, unknown>;

export interface PageSummary {
  identity: string;
  title: string;
  description: string;
}

/**
 * Reads the content folder (written by the web engineer and operators, not by this server):
 *
 *   <dir>/<locale>/<group>.json                      alerts, fields-settings, ... (a JSON object)
 *   <dir>/<locale>/pages/<kind>/<identity>.md        Markdown with front matter (title, description, image)
 *
 * With caching on (production) each file is parsed once; otherwise every call reads the disk so
 * an edit shows on the next request.
 */
export class ContentStore {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dir: string,
    private readonly cacheEnabled: boolean,
  ) {}

  private memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.cacheEnabled) return load();
    let entry = this.cache.get(key) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      this.cache.set(key, entry);
      // A failed read must not stick: the next request tries again.
      entry.catch(() => this.cache.delete(key));
    }
    return entry;
  }

  private file(...segments: string[]): string {
    for (const segment of segments) {
      // Callers validate already; this keeps the store safe on its own.
      if (!ContentSegment.test(segment.replace(/\.(json|md)$/, ""))) {
        throw new Error(`Bad content path segment: ${segment}`);
      }
    }
    return path.join(this.dir, ...segments);
  }

  /** A group's JSON object, or null when the locale has no such file. */
  readGroup(locale: string, group: string): Promise<JsonObject | null> {
    const file = this.file(locale, `${group}.json`);
    return this.memo(`group:${file}`, async () => {
      const text = await readOptional(file);
      if (text === null) return null;
      const value: unknown = JSON.parse(text);
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        throw new Error(`${file} must hold a JSON object`);
      }
      return value as JsonObject;
    });
  }

  /** A page as written (front matter and Markdown), or null when the locale has no such file. */
  readPageSource(locale: string, kind: string, identity: string): Promise<PageSource | null> {
    const file = this.file(locale, "pages", kind, `${identity}.md`);
    return this.memo(`source:${file}`, async () => {
      const text = await readOptional(file);
      return text === null ? null : pageSource(text, identity);
    });
  }

  /** A page rendered to HTML, or null when the locale has no such file. */
  readPage(locale: string, kind: string, identity: string): Promise<ContentPage | null> {
    const file = this.file(locale, "pages", kind, `${identity}.md`);
    return this.memo(`page:${file}`, async () => {
      const source = await this.readPageSource(locale, kind, identity);
      return source === null ? null : renderPage(source);
    });
  }

  /** Identities and titles of the pages of one kind in one locale. */
  listPages(locale: string, kind: string): Promise<PageSummary[]> {
    const folder = this.file(locale, "pages", kind);
    return this.memo(`list:${folder}`, async () => {
      let names: string[];
      try {
        names = await readdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const identities = names
        .filter((name) => name.endsWith(".md"))
        .map((name) => name.slice(0, -3))
        .filter((identity) => ContentSegment.test(identity))
        .sort();
      const pages: PageSummary[] = [];
      for (const identity of identities) {
        const page = await this.readPage(locale, kind, identity);
        if (page) pages.push({ identity, title: page.title, description: page.description });
      }
      return pages;
    });
  }

  parsePage(text: string, identity: string): ContentPage {
    return renderPage(pageSource(text, identity));
  }
}

/** A page file's front matter (title, description, image) and Markdown body. */
export function pageSource(text: string, identity: string): PageSource {
  const { meta, body } = splitFrontMatter(text);
  const str = (value: unknown) =>
    typeof value === "string" || typeof value === "number" ? String(value) : null;
  return {
    title: str(meta.title) ?? identity,
    description: str(meta.description) ?? "",
    image: str(meta.image),
    markdown: body,
  };
}

export function splitFrontMatter(text: string): { meta: JsonObject; body: string } {
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(normalized);
  if (!match) return { meta: {}, body: normalized };
  const parsed: unknown = parseYaml(match[1]!);
  const meta =
    parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : {};
  return { meta, body: normalized.slice(match[0].length) };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
}

/** The locale's values over the default's, key by key, so a missing text falls back alone. */
export function deepMerge(base: JsonObject, override: JsonObject): JsonObject {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
