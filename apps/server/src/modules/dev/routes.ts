import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sendNotFound } from "../../infra/errors";
import { listOutbox, type OutboxRecord } from "../../infra/outbox";

const OUTBOX_LIMIT = 50;

const OutboxQuery = z.strictObject({ to: z.string().max(255).optional() });

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Only http(s) links become clickable; anything else is shown as text. */
function linkCell(link: string | null): string {
  if (!link) return "";
  const safe = /^https?:\/\//i.test(link);
  const text = escapeHtml(link);
  return safe ? `<a href="${text}">${text}</a>` : text;
}

function row(message: OutboxRecord): string {
  const time = message.createdAt.toISOString();
  return `<tr>
<td><time datetime="${time}">${escapeHtml(time.replace("T", " ").slice(0, 19))}</time></td>
<td>${message.channel === "email" ? "E-mail" : "SMS"}</td>
<td>${escapeHtml(message.recipient)}</td>
<td>${escapeHtml(message.subject ?? "")}</td>
<td><pre>${escapeHtml(message.body)}</pre></td>
<td>${linkCell(message.link)}</td>
</tr>`;
}

/** The dev outbox page: latest e-mails and SMS the mail and SMS ports wrote. */
export function renderOutboxPage(messages: OutboxRecord[], to: string | null): string {
  const filter = to ? ` to ${escapeHtml(to)}` : "";
  const body =
    messages.length === 0
      ? `<p>No messages${filter} yet.</p>`
      : `<table>
<caption>Latest ${messages.length} messages${filter}, newest first</caption>
<thead><tr><th scope="col">Time (UTC)</th><th scope="col">Channel</th><th scope="col">Recipient</th><th scope="col">Subject</th><th scope="col">Body</th><th scope="col">Link</th></tr></thead>
<tbody>
${messages.map(row).join("\n")}
</tbody>
</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev outbox</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #111; background: #fff; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
th, td { border: 1px solid #999; padding: .4rem .5rem; text-align: left; vertical-align: top; }
pre { margin: 0; white-space: pre-wrap; word-break: break-word; font: inherit; }
a { color: #0645ad; word-break: break-all; }
form { margin-bottom: 1rem; }
</style>
</head>
<body>
<main>
<h1>Dev outbox</h1>
<p>E-mails and SMS the platform sent (the embedded mail and SMS ports write here). Not available in production.</p>
<form method="get" action="/dev/outbox">
<label for="to">Recipient</label>
<input id="to" name="to" type="search" value="${escapeHtml(to ?? "")}">
<button type="submit">Filter</button>
<a href="/dev/outbox">Show all</a>
</form>
${body}
</main>
</body>
</html>`;
}

/** GET /dev/outbox?to=: on with DEV_OUTBOX (default outside production), else a 404. */
export async function devRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/dev/outbox",
    { schema: { hide: true, querystring: OutboxQuery } },
    async (request, reply) => {
      if (!ctx.config.devOutbox) return sendNotFound(reply);
      const to = request.query.to?.trim() || null;
      const messages = await listOutbox(ctx.db, { to, limit: OUTBOX_LIMIT });
      return reply
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(renderOutboxPage(messages, to));
    },
  );
}
