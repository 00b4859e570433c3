import type { Queryable } from "../../../infra/db";
import type { PendingAuthorization } from "./identity-service";

/** How long a social sign-in may take between the redirect and the callback. */
export const PENDING_AUTHORIZATION_TTL_SECONDS = 600;

export function socialRepository(db: Queryable) {
  return {
    async savePending(pending: PendingAuthorization, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO social_auth_requests (id, connection, code_verifier, nonce, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [pending.id, pending.connection, pending.codeVerifier, pending.nonce, now],
      );
      // Keep the table small: drop requests nobody came back for.
      await db.query(`DELETE FROM social_auth_requests WHERE created_at < $1`, [
        new Date(now.getTime() - 24 * 3600 * 1000),
      ]);
    },

    /** Takes a pending request exactly once (a replayed callback finds nothing). */
    async consumePending(id: string, now: Date): Promise<PendingAuthorization | null> {
      const [row] = await db.query<{
        id: string;
        connection: string;
        code_verifier: string;
        nonce: string;
      }>(
        `UPDATE social_auth_requests SET used_at = $2
          WHERE id = $1 AND used_at IS NULL AND created_at > $3
          RETURNING id, connection, code_verifier, nonce`,
        [id, now, new Date(now.getTime() - PENDING_AUTHORIZATION_TTL_SECONDS * 1000)],
      );
      return row
        ? {
            id: row.id,
            connection: row.connection,
            codeVerifier: row.code_verifier,
            nonce: row.nonce,
          }
        : null;
    },

    async findPlayerId(provider: string, subject: string): Promise<string | null> {
      const [row] = await db.query<{ player_id: string }>(
        `UPDATE social_identities SET last_login_at = now()
          WHERE provider = $1 AND subject = $2 RETURNING player_id`,
        [provider, subject],
      );
      return row?.player_id ?? null;
    },

    /** Links an identity to a player; a concurrent link of the same identity keeps the first. */
    async link(provider: string, subject: string, playerId: string, email: string | null) {
      const [row] = await db.query<{ player_id: string }>(
        `INSERT INTO social_identities (provider, subject, player_id, email)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (provider, subject) DO UPDATE SET last_login_at = now()
         RETURNING player_id`,
        [provider, subject, playerId, email],
      );
      return row?.player_id ?? playerId;
    },
  };
}
