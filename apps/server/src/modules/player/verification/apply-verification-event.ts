import type { AppContext } from "../../../context";
import { statusOfEvent, type VerificationEvent } from "./provider";
import { verificationRepository } from "./repository";

/**
 * One verified webhook event, applied once (provider + event id): approved → verified,
 * rejected → rejected; a late "pending" never undoes a decision. An event about an unknown
 * player is acknowledged and ignored (the provider would otherwise retry it for ever).
 */
export async function applyVerificationEvent(
  ctx: AppContext,
  provider: string,
  event: VerificationEvent,
): Promise<"applied" | "duplicate" | "ignored"> {
  return ctx.db.transaction(async (tx) => {
    const repo = verificationRepository(tx);
    const player = await tx.query("SELECT id FROM players WHERE id = $1 FOR UPDATE", [
      event.applicantId,
    ]);
    if (player.length === 0) return "ignored";
    const now = ctx.now();
    if (!(await repo.recordEvent(provider, event.id, event.applicantId, event.type, now))) {
      return "duplicate";
    }
    const status = statusOfEvent(event);
    await repo.setStatus(
      event.applicantId,
      status,
      now,
      status === "pending" ? ["verified", "rejected"] : [],
    );
    return "applied";
  });
}
