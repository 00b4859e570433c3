/**
 * Query strings as the client sends them (spec section 7: "arrays in queries use bracket
 * style"): `status[]=1&status[]=2` and repeated keys become arrays, everything else a string.
 * Nested brackets are not interpreted, so `a[b]=1` stays the key "a[b]" and fails strict schemas.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const isArray = rawKey.endsWith("[]");
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    if (key === "") continue;
    const current = result[key];
    if (current === undefined) result[key] = isArray ? [value] : value;
    else if (Array.isArray(current)) current.push(value);
    else result[key] = [current, value];
  }
  return result;
}
