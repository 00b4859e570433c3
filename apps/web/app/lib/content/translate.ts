export type TextVars = Record<string, string | number>;

/** Replaces `{name}` placeholders; unknown placeholders stay as they are. */
export function interpolate(text: string, vars: TextVars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/** The value at a dotted path inside an object, or undefined. */
export function readPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A text from content by "<group>.<dotted.path>" ("global-components.error.title"). A missing or
 * empty text gives the fallback, or the key itself when there is no fallback.
 */
export function translate(
  content: Record<string, Record<string, unknown>>,
  key: string,
  fallback?: string,
  vars?: TextVars,
): string {
  const dot = key.indexOf(".");
  const value = dot > 0 ? readPath(content[key.slice(0, dot)], key.slice(dot + 1)) : undefined;
  const text = typeof value === "string" && value !== "" ? value : (fallback ?? key);
  return interpolate(text, vars);
}
