#!/usr/bin/env node
// The site's texts live in content/<locale>/ so operators can change and translate them without
// code (LC-06: a locale's missing key falls back to en, then to the text in the code). This
// lists the texts the web code asks for with t("<key>", "<English fallback>") whose key content/en
// lacks, so none stays English-only by accident:
//   node scripts/content-keys.mjs            lists them (exit 1 when there are any)
//   node scripts/content-keys.mjs --locale de    the same for a translation
//   node scripts/content-keys.mjs --write    adds them to content/en with the code's text
//   node scripts/content-keys.mjs --merge <locale> <file.json>
//                                            adds a translator's flat {"key": "text"} file to
//                                            content/<locale> (the same files and paths as en)
// Keys are read from literal first arguments, with `${NAME}` replaced by a `const NAME = "..."`
// of the same file; keys built at run time are not seen.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const webApp = join(root, "apps/web/app");
const contentEn = join(root, "content/en");

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(name) && !/\.(test|e2e)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * Texts the spec wants shown from the code unless an operator adds them (RT-40, RT-41, RT-42:
 * the error page's fallback title, description and button), so they stay out of content.
 */
const FALLBACK_ONLY = /^global-components\.error\./;

/** Every t(key, "fallback") of the web code: key → { text, file }. */
export function textsInCode() {
  const texts = new Map();
  for (const file of sourceFiles(webApp)) {
    let source = readFileSync(file, "utf8");
    for (const [, name, value] of source.matchAll(/const ([A-Za-z_]\w*) = "([\w.-]+)";/g)) {
      source = source.replaceAll(`\${${name}}`, value);
    }
    // A section's own helper over t with its prefix, `const text = (key, ...) =>
    // t(\`${PREFIX}.${key}\`, ...)`: its calls text("key", "fallback") are keys PREFIX.key (not
    // `other.text(...)`, another section's helper).
    const callers = [["t", ""]];
    const wrapper =
      /(\w+)\s*[=:]\s*\(\s*key\b[^)]*\)\s*(?::[^=]+)?=>\s*t\(\s*`([\w.-]+)\.\$\{key\}`/g;
    for (const [, name, prefix] of source.matchAll(wrapper)) callers.push([name, `${prefix}.`]);
    for (const [name, prefix] of callers) {
      const call = new RegExp(
        `${name === "t" ? "\\b" : "(?<![.\\w$])"}${name}\\(\\s*[\`"]([\\w.-]+)[\`"]\\s*,\\s*(["\`])((?:\\\\.|(?!\\2)[^\\\\])*)\\2`,
        "g",
      );
      for (const [, key, quote, raw] of source.matchAll(call)) {
        if (quote === "`" && raw.includes("${")) continue;
        if (FALLBACK_ONLY.test(prefix + key)) continue;
        const text = JSON.parse(
          `"${raw.replaceAll('\\"', '"').replaceAll('"', '\\"').replaceAll("\\`", "`").replaceAll("\\'", "'")}"`,
        );
        if (!texts.has(prefix + key)) texts.set(prefix + key, { text, file: relative(root, file) });
      }
    }
  }
  return texts;
}

/** The JSON file and the path inside it of a key: the first segments naming a file or folder. */
function locate(key, base = contentEn) {
  const parts = key.split(".");
  let dir = base;
  for (let i = 0; i < parts.length; i++) {
    const file = join(dir, `${parts[i]}.json`);
    try {
      if (statSync(file).isFile()) return { file, path: parts.slice(i + 1) };
    } catch {}
    const folder = join(dir, parts[i]);
    try {
      if (statSync(folder).isDirectory()) {
        dir = folder;
        continue;
      }
    } catch {}
    return null;
  }
  return null;
}

function lookUp(object, path) {
  return path.reduce(
    (node, part) => (node && typeof node === "object" ? node[part] : undefined),
    object,
  );
}

/** The text of a key in content/<locale>, or undefined. */
export function contentText(locale, key) {
  const where = locate(key, join(root, "content", locale));
  if (!where) return undefined;
  return lookUp(JSON.parse(readFileSync(where.file, "utf8")), where.path);
}

/** The code's texts whose key content/<locale> lacks (where: the file and path to put it). */
export function missingTexts(locale = "en") {
  const missing = [];
  for (const [key, entry] of textsInCode()) {
    if (contentText(locale, key) !== undefined) continue;
    missing.push({ key, ...entry, where: locate(key, join(root, "content", locale)) });
  }
  return missing;
}

/** Writes texts into the JSON files `locate` found for them (files and folders must exist). */
function writeTexts(items) {
  const byFile = new Map();
  for (const item of items) {
    const json = byFile.get(item.where.file) ?? JSON.parse(readFileSync(item.where.file, "utf8"));
    let node = json;
    for (const part of item.where.path.slice(0, -1)) {
      if (typeof node[part] !== "object" || node[part] === null) node[part] = {};
      node = node[part];
    }
    node[item.where.path.at(-1)] = item.text;
    byFile.set(item.where.file, json);
  }
  for (const [file, json] of byFile) writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const merge = process.argv.indexOf("--merge");
  if (merge > 0) {
    const locale = process.argv[merge + 1];
    const texts = JSON.parse(readFileSync(process.argv[merge + 2], "utf8"));
    const items = Object.entries(texts).map(([key, text]) => ({
      key,
      text,
      where: locate(key, join(root, "content", locale)),
    }));
    for (const item of items.filter((i) => !i.where))
      console.log(`no content file for ${item.key}`);
    writeTexts(items.filter((i) => i.where));
    console.log(`merged ${items.filter((i) => i.where).length} texts into content/${locale}`);
    process.exit(items.every((i) => i.where) ? 0 : 1);
  }
  const locale = process.argv.includes("--locale")
    ? process.argv[process.argv.indexOf("--locale") + 1]
    : "en";
  const missing = missingTexts(locale);
  if (process.argv.includes("--write")) {
    if (locale !== "en")
      throw new Error(
        "--write adds the code's English texts to content/en only; translations go in with --merge",
      );
    writeTexts(missing.filter((item) => item.where));
    const unplaced = missing.filter((item) => !item.where);
    console.log(`added ${missing.length - unplaced.length} texts to content/en`);
    for (const item of unplaced) console.log(`no content file for ${item.key} (${item.file})`);
    process.exit(unplaced.length ? 1 : 0);
  }
  for (const item of missing) console.log(`${item.key}  "${item.text}"  (${item.file})`);
  console.log(`${missing.length} texts of the code are missing from content/${locale}`);
  process.exit(missing.length ? 1 : 0);
}
