/** Cookie helpers shared by the server (request header) and the browser (document.cookie). */

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

export type CookieOptions = { maxAge?: number; path?: string; sameSite?: "Lax" | "Strict" };

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  parts.push(`SameSite=${options.sameSite ?? "Lax"}`);
  return parts.join("; ");
}

export function readBrowserCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  return parseCookies(document.cookie)[name] ?? null;
}

export function writeBrowserCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the spec keeps (token, user-language, affiliateTag).
  document.cookie = `${serializeCookie(name, value, options)}${secure}`;
}

export function deleteBrowserCookie(name: string): void {
  writeBrowserCookie(name, "", { maxAge: 0 });
}
