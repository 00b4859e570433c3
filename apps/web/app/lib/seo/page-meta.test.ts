import { describe, expect, it } from "vitest";
import type { RootData } from "../root-data";
import { alternateLinks, pageMeta } from "./page-meta";

const root = {
  locale: "de",
  defaultLocale: "en",
  locales: [
    { code: "en", name: "English", isDefault: true },
    { code: "de", name: "Deutsch", isDefault: false },
    { code: "pt-br", name: "Português", isDefault: false },
  ],
  origin: "https://casino.test",
  content: { "global-components": { seo: { siteName: "Nebula" } } },
} as unknown as RootData;

describe("SEO meta", () => {
  it("RT-25: one alternate link per locale plus x-default", () => {
    expect(alternateLinks(root, "/de/static/terms")).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "en",
        href: "https://casino.test/static/terms",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "de",
        href: "https://casino.test/de/static/terms",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "pt-br",
        href: "https://casino.test/pt-br/static/terms",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://casino.test/static/terms",
      },
    ]);
  });

  it("RT-33: title, description and image of the page", () => {
    const meta = pageMeta(
      {
        location: { pathname: "/de/static/terms" },
        matches: [{ id: "root", loaderData: root }],
        error: null,
      },
      { title: "AGB", description: "Regeln", image: "/images/og/legal.jpg" },
    );
    expect(meta).toContainEqual({ title: "AGB | Nebula" });
    expect(meta).toContainEqual({ name: "description", content: "Regeln" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://casino.test/images/og/legal.jpg",
    });
  });

  it("ER-23: an error page is titled by the error and not indexed", () => {
    const meta = pageMeta(
      {
        location: { pathname: "/x" },
        matches: [{ id: "root", loaderData: root }],
        error: new Error("boom"),
      },
      {},
    );
    expect(meta).toContainEqual({ title: "Something went wrong | Nebula" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});
