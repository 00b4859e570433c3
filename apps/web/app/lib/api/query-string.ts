export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** Query string with bracket-style arrays (`status[]=1&status[]=2`, HC-02); empty values skipped. */
export function toQueryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value)
        if (item !== null && item !== undefined) params.append(`${key}[]`, String(item));
    } else if (value !== null && value !== undefined) {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
