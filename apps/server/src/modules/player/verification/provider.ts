import type { VerificationStatus } from "@casino/contract/verification";

/** What a provider reports about an applicant (our player id), once per event id. */
export interface VerificationEvent {
  id: string;
  type: "verification.pending" | "verification.approved" | "verification.rejected";
  /** The applicant: the platform's player id, given to the provider when the session opened. */
  applicantId: string;
  /** The provider's session (token) the decision belongs to. */
  session: string;
}

export type VerificationWebhookCheck =
  | { ok: true; event: VerificationEvent }
  | { ok: false; reason: "signature" | "stale" | "malformed" };

export interface VerificationSession {
  /** Handed to the provider's page or SDK. */
  token: string;
  /** The provider's hosted page for this token (embeddable). */
  url: string;
}

/**
 * The identity-verification adapter port: a provider opens a session for a player (the token
 * the player's browser hands to its page or SDK) and reports decisions through signed webhooks.
 */
export interface VerificationProvider {
  readonly name: string;
  createSession(player: { id: string }): Promise<VerificationSession>;
  /** Checks the signature and freshness of a webhook delivery and parses its event. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): VerificationWebhookCheck;
}

/** The player status an event sets. */
export function statusOfEvent(event: VerificationEvent): VerificationStatus {
  switch (event.type) {
    case "verification.approved":
      return "verified";
    case "verification.rejected":
      return "rejected";
    case "verification.pending":
      return "pending";
  }
}
