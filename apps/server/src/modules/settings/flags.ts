// Flag images (spec §3, §9; CN-07): /images/flags/{code}.svg, addressed by the lowercase country
// code, drawn from the flag-icons package (MIT, 4:3 SVGs named by lowercase ISO 3166-1 code).
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const FLAG_FILE = /^([a-z]{2})\.svg$/;
let flagsDir: string | null = null;

function directory(): string {
  flagsDir ??= path.join(
    path.dirname(createRequire(import.meta.url).resolve("flag-icons/package.json")),
    "flags",
    "4x3",
  );
  return flagsDir;
}

/** The SVG of `{code}.svg` (a lowercase two-letter code), or null when there is none. */
export async function readFlag(file: string): Promise<Buffer | null> {
  const match = FLAG_FILE.exec(file);
  if (!match) return null;
  try {
    return await readFile(path.join(directory(), `${match[1]}.svg`));
  } catch {
    return null;
  }
}
