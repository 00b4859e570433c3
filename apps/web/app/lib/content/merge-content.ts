function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Per-key fallback (LC-06): `override` (current locale) deep-merged over `base` (default locale).
 * Objects merge key by key; strings, numbers, arrays and null in the override replace the base.
 */
export function mergeContent(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    out[key] =
      isPlainObject(current) && isPlainObject(value) ? mergeContent(current, value) : value;
  }
  return out;
}
