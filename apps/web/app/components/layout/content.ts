import type { SiteData } from "../../lib/site";

/** A value of the layout content group by dotted path, or undefined. */
function layoutValue(site: SiteData, path: string): unknown {
  let node: unknown = site.content.layout;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A list of strings from the layout content (e.g. footer.paymentMarks), or the fallback. */
export function layoutList(site: SiteData, path: string, fallback: string[]): string[] {
  const value = layoutValue(site, path);
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : fallback;
}

/** An optional text: undefined when the operator left it out or empty. */
export function layoutOptionalText(site: SiteData, path: string): string | undefined {
  const value = layoutValue(site, path);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** A country's name in the current locale, from the platform's own data (no request). */
export function countryName(locale: string, country: string | null): string | undefined {
  if (!country) return undefined;
  try {
    const name = new Intl.DisplayNames([locale], { type: "region" }).of(country);
    return name && name !== country ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A language's own name ("Deutsch"), used when the locale list has no name. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
