import type { VerificationStatus } from "@casino/contract/verification";
import type { Queryable } from "../../../infra/db";

export interface VerificationRecord {
  status: VerificationStatus;
  updatedAt: Date | null;
}

/** players.verification_status and the webhook events seen (migration 0020). */
export function verificationRepository(db: Queryable) {
  return {
    async find(playerId: string): Promise<VerificationRecord | null> {
      const [row] = await db.query<{
        verification_status: VerificationStatus;
        verification_updated_at: Date | null;
      }>("SELECT verification_status, verification_updated_at FROM players WHERE id = $1", [
        playerId,
      ]);
      return row
        ? { status: row.verification_status, updatedAt: row.verification_updated_at }
        : null;
    },

    /** Sets the status unless it is one of `unless`; returns whether it changed. */
    async setStatus(
      playerId: string,
      status: VerificationStatus,
      now: Date,
      unless: readonly VerificationStatus[] = [],
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE players SET verification_status = $2, verification_updated_at = $3
          WHERE id = $1 AND verification_status <> ALL($4::text[]) RETURNING id`,
        [playerId, status, now, [...unless]],
      );
      return rows.length > 0;
    },

    /** Records an event once; false when this provider's event id was seen before. */
    async recordEvent(
      provider: string,
      eventId: string,
      playerId: string,
      type: string,
      now: Date,
    ): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO verification_events (provider, event_id, player_id, type, received_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING event_id`,
        [provider, eventId, playerId, type, now],
      );
      return rows.length > 0;
    },
  };
}
