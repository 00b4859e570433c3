import type { FastifyInstance } from "fastify";

/** The plain HTML pages of the sandbox providers (sign-in, payment, chain, games): small, no scripts. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}input:not([type=checkbox]){width:100%;padding:.4rem}button{padding:.5rem 1rem;margin-right:.5rem}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );
}

/** The sandbox pages' form posts: urlencoded bodies (4 KiB at most) as plain objects. */
export function acceptForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
