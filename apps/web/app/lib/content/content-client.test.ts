import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-error";
import {
  fetchContent,
  fetchContentGroup,
  fetchContentPage,
  fetchContentPageList,
} from "./content-client";
import { ContentNotFoundError } from "./content-error";

function answer(body: string, status = 200, type = "application/json") {
  const calls: string[] = [];
  const fetcher = async (path: string) => {
    calls.push(path);
    return new Response(body, { status, headers: { "content-type": type } });
  };
  return { fetcher, calls };
}

describe("content client", () => {
  it("LC-08: reads content by path through GET /api/content/{locale}/{path}", async () => {
    const { fetcher, calls } = answer(
      JSON.stringify({ locale: "de", path: "alerts", data: { a: 1 } }),
    );
    await expect(fetchContentGroup(fetcher, "de", "alerts")).resolves.toEqual({ a: 1 });
    expect(calls).toEqual(["/api/content/de/alerts"]);
  });

  it("ER-25: an HTML page instead of JSON raises a content-not-found error", async () => {
    const html = answer("<!doctype html><html><body>hi</body></html>", 200, "text/html");
    await expect(fetchContent(html.fetcher, "en", "modals")).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
    const mislabelled = answer("<html></html>", 200, "application/json");
    await expect(fetchContent(mislabelled.fetcher, "en", "modals")).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
  });

  it("a 404 is content-not-found too", async () => {
    const { fetcher } = answer(JSON.stringify({ error: { code: 14404, message: "no" } }), 404);
    await expect(fetchContentPage(fetcher, "en", "static", "nope")).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
  });

  it("ER-26: other failures are rethrown as API errors", async () => {
    const { fetcher } = answer(JSON.stringify({ error: { code: 500, message: "boom" } }), 500);
    await expect(fetchContent(fetcher, "en", "alerts")).rejects.toBeInstanceOf(ApiError);
  });

  it("rejects page identities that are not slug-like without asking the server", async () => {
    const { fetcher, calls } = answer("{}");
    await expect(fetchContentPage(fetcher, "en", "static", "../secrets")).rejects.toBeInstanceOf(
      ContentNotFoundError,
    );
    expect(calls).toEqual([]);
  });

  it("reads a page and a page list", async () => {
    const page = { title: "T", description: "D", image: "/i.jpg", html: "<p>x</p>" };
    const one = answer(JSON.stringify({ locale: "en", path: "pages/static/terms", data: page }));
    await expect(fetchContentPage(one.fetcher, "en", "static", "terms")).resolves.toEqual(page);
    const list = answer(
      JSON.stringify({ data: [{ identity: "general", title: "General" }, { slug: "x" }, 3] }),
    );
    await expect(fetchContentPageList(list.fetcher, "en", "questions")).resolves.toEqual([
      { identity: "general", title: "General", description: "" },
      { identity: "x", title: "x", description: "" },
    ]);
  });
});
