import { randomUUID } from "node:crypto";
import type { ContactMessageBody } from "@casino/contract/notification";
import { CONTACT_FIELD_RULES } from "@casino/contract/notification-rules";
import { buildSchema } from "@casino/validation/descriptor";
import { validateForm } from "@casino/validation/validate";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { contactConversation } from "../chat/contact";

const schema = buildSchema(CONTACT_FIELD_RULES);

export interface ContactInput {
  body: ContactMessageBody;
  /** The signed-in player who wrote it, or null for a guest. */
  playerId: string | null;
  ip: string;
  locale: string | null;
}

/**
 * POST /api/notification/communications (PR-07, API-06, BE-41): the shared rules (422 with
 * error.fields), a per-IP allowance (429), then the message is stored and a copy goes to
 * OPERATOR_MAILBOX through the mail port (the dev outbox without SMTP). The row is written
 * first and marked forwarded after, so a mail failure never loses what the visitor wrote.
 * A filled hidden `captcha` field (a robot) gets the same answer and nothing is kept.
 */
export async function sendContactMessage(
  ctx: AppContext,
  input: ContactInput,
): Promise<{ id: string; createdAt: string }> {
  const trimmed = {
    name: input.body.name?.trim() ?? "",
    email: input.body.email?.trim() ?? "",
    subject: input.body.subject?.trim() ?? "",
    message: input.body.message?.trim() ?? "",
  };
  const errors = validateForm(trimmed, schema);
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  await ctx.rateLimits.consume("contactIp", input.ip);
  const now = ctx.now();
  if (input.body.captcha) return { id: randomUUID(), createdAt: now.toISOString() };

  const [row] = await ctx.db.query<{ id: string }>(
    `INSERT INTO contact_messages (player_id, name, email, subject, message, locale, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.playerId,
      trimmed.name,
      trimmed.email,
      trimmed.subject || null,
      trimmed.message,
      input.locale,
      input.ip,
      now,
    ],
  );
  const id = row!.id;
  // Issue 26: the message also arrives at the support desk, as a conversation.
  await contactConversation(ctx, {
    playerId: input.playerId,
    name: trimmed.name,
    email: trimmed.email,
    subject: trimmed.subject || null,
    message: trimmed.message,
    locale: input.locale,
  });
  await ctx.mail.send({
    to: ctx.config.mail.operatorMailbox,
    subject: `Contact: ${trimmed.subject || "message"} (from ${trimmed.name})`,
    text: [
      `From: ${trimmed.name} <${trimmed.email}>`,
      `Player: ${input.playerId ?? "guest"}`,
      `Locale: ${input.locale ?? "unknown"}`,
      `Message id: ${id}`,
      "",
      trimmed.message,
    ].join("\n"),
  });
  await ctx.db.query("UPDATE contact_messages SET forwarded_at = $2 WHERE id = $1", [
    id,
    ctx.now(),
  ]);
  return { id, createdAt: now.toISOString() };
}
