// SEO of every page (RT-25, RT-33): title, description, image (Open Graph and Twitter), canonical
// and one alternate-language link per locale plus x-default.
import type { MetaDescriptor } from "react-router";
import { type ErrorContentLookup, errorTexts } from "../../features/error-page/error-texts";
import { routeErrorStatus } from "../../features/error-page/route-error-status";
import { readPath, translate } from "../content/translate";
import { localizePath, stripLocalePrefix } from "../locale/href";
import { isRootData, type RootData } from "../root-data";

export type PageSeo = { title?: string | null; description?: string | null; image?: string | null };

export type MetaArgsLike = {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  error?: unknown;
};

export const DEFAULT_OG_IMAGE = "/images/og/default.jpg";

export function rootDataOf(args: MetaArgsLike): RootData | null {
  const loaderData = args.matches.find((match) => match?.id === "root")?.loaderData;
  return isRootData(loaderData) ? loaderData : null;
}

function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** hreflang alternates of a path: every locale, and x-default (the unprefixed URL). */
export function alternateLinks(
  root: Pick<RootData, "locales" | "defaultLocale" | "origin">,
  pathname: string,
): MetaDescriptor[] {
  const codes = root.locales.map((locale) => locale.code);
  const bare = stripLocalePrefix(pathname, codes);
  return [
    ...codes.map((code) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: code,
      href: absolute(root.origin, localizePath(bare, code, root.defaultLocale)),
    })),
    {
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: "x-default",
      href: absolute(root.origin, bare),
    },
  ];
}

/** Page texts from global-components `pages.<key>.title|description`. */
export function pageText(
  root: RootData | null,
  key: string,
  field: "title" | "description",
  fallback: string,
): string {
  if (!root) return fallback;
  return translate(root.content, `global-components.pages.${key}.${field}`, fallback);
}

function errorLookup(root: RootData | null): ErrorContentLookup {
  return (key) => {
    const value = root ? readPath(root.content["global-components"], `error.${key}`) : undefined;
    return typeof value === "string" && value !== "" ? value : null;
  };
}

/** The full meta of a page: pass the page's own title, description and image. */
export function pageMeta(args: MetaArgsLike, seo: PageSeo): MetaDescriptor[] {
  const root = rootDataOf(args);
  const t = (key: string, fallback: string) =>
    root ? translate(root.content, key, fallback) : fallback;
  const siteName = t("global-components.seo.siteName", "Casino");
  let pageTitle = seo.title ?? null;
  let description = seo.description || t("global-components.seo.description", "");
  const failed = args.error !== undefined && args.error !== null;
  if (failed) {
    const texts = errorTexts(routeErrorStatus(args.error), errorLookup(root));
    pageTitle = texts.title;
    description = texts.description;
  }
  const title = pageTitle ? `${pageTitle} | ${siteName}` : siteName;
  const image = seo.image || t("global-components.seo.image", DEFAULT_OG_IMAGE);
  const origin = root?.origin ?? "";
  const url = absolute(origin, args.location.pathname);
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:image", content: absolute(origin, image) },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: absolute(origin, image) },
  ];
  if (root) descriptors.push({ property: "og:locale", content: root.locale.replace("-", "_") });
  if (failed) {
    descriptors.push({ name: "robots", content: "noindex" });
  } else {
    descriptors.push({ tagName: "link", rel: "canonical", href: url });
  }
  if (root) descriptors.push(...alternateLinks(root, args.location.pathname));
  return descriptors;
}

/** Meta of a page whose texts live in global-components `pages.<key>`. */
export function framePageMeta(
  args: MetaArgsLike,
  key: string,
  fallbackTitle: string,
  fallbackDescription = "",
): MetaDescriptor[] {
  const root = rootDataOf(args);
  return pageMeta(args, {
    title: pageText(root, key, "title", fallbackTitle),
    description: pageText(root, key, "description", fallbackDescription),
  });
}
