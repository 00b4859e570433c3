// A content page from its source (front matter and Markdown) to what the site serves: HTML the
// player's browser may run nothing from. The site's CSP allows inline scripts (React Router's
// hydration), so the HTML is cleaned to an allowlist of tags, attributes and URL schemes:
// whoever holds an operator key with the content scope writes pages, not scripts.
import type { ContentPage } from "@casino/contract/content";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** A page as written: in a content folder's .md file or through the operator API. */
export interface PageSource {
  title: string;
  description: string;
  image: string | null;
  markdown: string;
}

const markdown = new Marked({ gfm: true, async: false });

const CLEAN: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "details", "summary", "del", "ins"],
  allowedAttributes: {
    a: ["href", "name", "target", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    td: ["align", "colspan", "rowspan"],
    th: ["align", "colspan", "rowspan"],
    ol: ["start"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[A-Za-z0-9_-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // A link that opens a new tab gets no handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === "_blank" ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** Markdown to HTML, cleaned to the allowlist above. */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdown.parse(text) as string, CLEAN);
}

export function renderPage(source: PageSource): ContentPage {
  return {
    title: source.title,
    description: source.description,
    image: source.image,
    html: renderMarkdown(source.markdown),
  };
}
