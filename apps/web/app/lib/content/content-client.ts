// The read-only content query API (LC-08): GET /api/content/{locale}/{path}.
import type { ContentGroup, ContentPage, PageKind } from "@casino/contract/content";
import { toApiError } from "../api/api-error";
import type { FetchLike } from "../api/fetch-like";
import { ContentNotFoundError } from "./content-error";

export type ContentGroupData = Record<string, unknown>;

/** Page identities are slug-like (lowercase letters, digits, "_" and "-"); nothing else exists. */
export const PAGE_IDENTITY = /^[a-z0-9_-]{1,100}$/;

function looksLikeHtml(contentType: string, text: string): boolean {
  if (contentType.includes("text/html")) return true;
  const start = text.trimStart().slice(0, 15).toLowerCase();
  return start.startsWith("<!doctype") || start.startsWith("<html") || start.startsWith("<");
}

/**
 * Fetches one content path and returns its `data`. A 404, or an HTML page where JSON was
 * expected (a proxy or SPA fallback answering), raises ContentNotFoundError; any other failure is
 * rethrown as ApiError (ER-26).
 */
export async function fetchContent(
  fetcher: FetchLike,
  locale: string,
  path: string,
): Promise<unknown> {
  const url = `/api/content/${encodeURIComponent(locale)}/${path}`;
  const response = await fetcher(url, { headers: { accept: "application/json" } });
  const contentType = response.headers.get("content-type") ?? "";
  if (response.status === 404) throw new ContentNotFoundError(path, "404");
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  if (looksLikeHtml(contentType, text)) throw new ContentNotFoundError(path, "HTML answer");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ContentNotFoundError(path, "not JSON");
  }
  if (!body || typeof body !== "object" || !("data" in body)) {
    throw new ContentNotFoundError(path, "no data");
  }
  return (body as { data: unknown }).data;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function fetchContentGroup(
  fetcher: FetchLike,
  locale: string,
  group: ContentGroup,
): Promise<ContentGroupData> {
  const data = await fetchContent(fetcher, locale, group);
  return isRecord(data) ? data : {};
}

function isContentPage(value: unknown): value is ContentPage {
  return isRecord(value) && typeof value.title === "string" && typeof value.html === "string";
}

export async function fetchContentPage(
  fetcher: FetchLike,
  locale: string,
  kind: PageKind,
  identity: string,
): Promise<ContentPage> {
  if (!PAGE_IDENTITY.test(identity))
    throw new ContentNotFoundError(`pages/${kind}/${identity}`, "bad identity");
  const path = `pages/${kind}/${identity}`;
  const data = await fetchContent(fetcher, locale, path);
  if (!isContentPage(data)) throw new ContentNotFoundError(path, "not a page");
  return {
    title: data.title,
    description: typeof data.description === "string" ? data.description : "",
    image: typeof data.image === "string" && data.image ? data.image : null,
    html: data.html,
  };
}

export type ContentPageSummary = { identity: string; title: string; description: string };

/** GET /api/content/{locale}/pages/{kind}: the pages of a kind, in the server's order. */
export async function fetchContentPageList(
  fetcher: FetchLike,
  locale: string,
  kind: PageKind,
): Promise<ContentPageSummary[]> {
  const data = await fetchContent(fetcher, locale, `pages/${kind}`);
  const items = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.pages)
      ? data.pages
      : [];
  const out: ContentPageSummary[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const identity = item.identity ?? item.slug ?? item.id;
    if (typeof identity !== "string") continue;
    out.push({
      identity,
      title: typeof item.title === "string" ? item.title : identity,
      description: typeof item.description === "string" ? item.description : "",
    });
  }
  return out;
}
