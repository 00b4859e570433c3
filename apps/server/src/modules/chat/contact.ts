// Contact-form messages arrive at the support desk as conversations (issue 26): source
// "contact", the writer's name, e-mail and subject, the message as the first player message.
// Called by the notification module's contact form after it stored its own row; imports nothing
// of that module (no cycle).
import type { AppContext } from "../../context";
import { appendMessage } from "./conversations";

export async function contactConversation(
  ctx: Pick<AppContext, "db" | "config" | "now">,
  input: {
    playerId: string | null;
    name: string;
    email: string;
    subject: string | null;
    message: string;
    locale: string | null;
  },
): Promise<string> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO chat_conversations (id, source, player_id, guest_name, email, subject, locale,
         created_at, updated_at)
       VALUES (gen_random_uuid(), 'contact', $1, $2, $3, $4, $5, $6, $6) RETURNING id`,
      [input.playerId, input.name, input.email, input.subject, input.locale, now],
    );
    await appendMessage(tx, ctx, {
      conversationId: row!.id,
      kind: "message",
      authorType: input.playerId ? "player" : "guest",
      authorRef: input.playerId,
      authorName: null,
      text: input.message,
    });
    return row!.id;
  });
}
