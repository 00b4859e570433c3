// LC-06: the site's texts are content (content/<locale>/), so an operator can change and
// translate them without code. Every t("<key>", "<English text>") of the web code must have its
// key in content/en; a new text is added with `node scripts/content-keys.mjs --write`, and its
// translations with `--merge <locale> <file>`.
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { missingTexts, textsInCode } from "../../../../../scripts/content-keys.mjs";

describe("LC-06 the web code's texts are content", () => {
  it("finds the texts of the code (the scan is not empty)", () => {
    const texts: Map<string, { text: string }> = textsInCode();
    expect(texts.size).toBeGreaterThan(300);
    expect(texts.get("modals.wallet.copy")?.text).toBe("Copy");
  });

  it("every t(key, fallback) key of the web code is in content/en", () => {
    const missing: { key: string; file: string }[] = missingTexts();
    expect(missing.map((item) => `${item.key} (${item.file})`)).toEqual([]);
  });

  it("German and Brazilian Portuguese translate every text of the code", () => {
    for (const locale of ["de", "pt-br"]) {
      const missing: { key: string }[] = missingTexts(locale);
      expect(missing.map((item) => `${locale}: ${item.key}`)).toEqual([]);
    }
  });
});

// Content leaves that are not text to translate: a locale leaves them out and gets en's value.
const NOT_TEXT: { path: string; reason: string }[] = [
  {
    path: "alerts.*.type",
    reason: "the alert's kind (error, success, info, warning), read by code",
  },
  { path: "alerts.newNotification.description", reason: "only the {title} placeholder" },
  { path: "fields-settings.fields.cpf_number.placeholder", reason: "the CPF mask 000.000.000-00" },
  { path: "global-components.seo.image", reason: "an image path" },
  { path: "modals.sign-in.promo.advantages.*.icon", reason: "image paths" },
  { path: "layout.footer.paymentMarks", reason: "ids of payment logos" },
  {
    path: "layout.footer.helpOrganisations",
    reason: "names of help organisations; each locale lists its own",
  },
];

const contentRoot = fileURLToPath(new URL("../../../../../content/", import.meta.url));

/** Every string leaf of content/<locale>'s JSON files: full key (file segments + JSON path) → text. */
function stringLeaves(locale: string): Map<string, string> {
  const leaves = new Map<string, string>();
  const walk = (node: unknown, key: string) => {
    if (typeof node === "string") leaves.set(key, node);
    else if (node && typeof node === "object")
      for (const [part, child] of Object.entries(node)) walk(child, `${key}.${part}`);
  };
  const base = join(contentRoot, locale);
  for (const file of readdirSync(base, { recursive: true }) as string[]) {
    if (!file.endsWith(".json")) continue;
    const prefix = file.slice(0, -".json".length).split(sep).join(".");
    walk(JSON.parse(readFileSync(join(base, file), "utf8")), prefix);
  }
  return leaves;
}

/** Whether a key is `path` or under it, `*` standing for one segment. */
function isUnder(key: string, path: string): boolean {
  const parts = key.split(".");
  const pattern = path.split(".");
  return (
    parts.length >= pattern.length && pattern.every((part, i) => part === "*" || part === parts[i])
  );
}

const placeholders = (text: string) => (text.match(/\{[^}]*\}/g) ?? []).sort();

describe("LC-06 German and Brazilian Portuguese translate all of content/en", () => {
  it("every text leaf of content/en is in de and pt-br, with the same {placeholders}", () => {
    const english = stringLeaves("en");
    const texts = [...english].filter(([key]) => !NOT_TEXT.some((skip) => isUnder(key, skip.path)));
    expect(texts.length).toBeGreaterThan(700);
    for (const locale of ["de", "pt-br"]) {
      const translated = stringLeaves(locale);
      const missing = texts.filter(([key]) => !translated.has(key)).map(([key]) => key);
      expect(missing.map((key) => `${locale}: ${key}`)).toEqual([]);
      const differing = texts
        .filter(([key, text]) => {
          const translation = translated.get(key) ?? "";
          return placeholders(translation).join() !== placeholders(text).join();
        })
        .map(([key]) => `${locale}: ${key}`);
      expect(differing).toEqual([]);
    }
  });
});
