// A first social sign-in waits for the player's consent and choices (issue 31 item 7): the
// provider's verified identity is kept under the hash of a random token, handed to the browser,
// and taken back exactly once within SIGN_UP_TTL_SECONDS.
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../../../infra/db";
import type { SocialIdentity, SocialSignInInput } from "./sign-in-with-identity";

export const SIGN_UP_TTL_SECONDS = 600;

export interface PendingSignUp {
  identity: SocialIdentity;
  input: SocialSignInInput;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function pendingSignUps(db: Queryable) {
  return {
    /** Keeps the identity and returns the token that takes it back, with its expiry. */
    async save(pending: PendingSignUp, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const { identity, input } = pending;
      await db.query(
        `INSERT INTO social_signups (token_hash, provider, subject, email, name, locale,
           fingerprint, affiliate_tag, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          hashOf(token),
          identity.provider,
          identity.subject,
          identity.email,
          identity.name,
          input.locale,
          input.fingerprint,
          input.affiliateTag,
          now,
        ],
      );
      await db.query("DELETE FROM social_signups WHERE created_at < $1", [
        new Date(now.getTime() - 24 * 3600 * 1000),
      ]);
      return { token, expiresAt: new Date(now.getTime() + SIGN_UP_TTL_SECONDS * 1000) };
    },

    /** Takes a pending sign-up exactly once (a replayed token finds nothing). */
    async consume(token: string, now: Date): Promise<PendingSignUp | null> {
      const [row] = await db.query<{
        provider: string;
        subject: string;
        email: string | null;
        name: string | null;
        locale: string | null;
        fingerprint: string | null;
        affiliate_tag: string | null;
      }>(
        `UPDATE social_signups SET used_at = $2
          WHERE token_hash = $1 AND used_at IS NULL AND created_at > $3
          RETURNING provider, subject, email, name, locale, fingerprint, affiliate_tag`,
        [hashOf(token), now, new Date(now.getTime() - SIGN_UP_TTL_SECONDS * 1000)],
      );
      if (!row) return null;
      return {
        // Only provider-verified e-mails are ever kept (the callback refuses the others).
        identity: {
          provider: row.provider,
          subject: row.subject,
          email: row.email,
          emailVerified: row.email !== null,
          name: row.name,
        },
        input: {
          locale: row.locale,
          fingerprint: row.fingerprint,
          affiliateTag: row.affiliate_tag,
        },
      };
    },
  };
}
