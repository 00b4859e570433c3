// The sandbox identity-verification provider: an in-process stand-in for a real KYC provider
// that speaks the same protocol. It keeps its own book of sessions (sandbox_verifications),
// shows a hosted page at /sandbox/verification/{token} (embeddable in the player's
// /profile/verification page) where a tester approves or rejects the applicant, and reports the
// decision to the platform's webhook with an HMAC-signed, timestamped body, redelivered until
// the platform acknowledges it.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Queryable } from "../../infra/db";
import { readSignedWebhook, signWebhook } from "../payment/webhook-signature";
import type {
  VerificationEvent,
  VerificationProvider,
  VerificationSession,
  VerificationWebhookCheck,
} from "../player/verification/provider";
import { acceptForms, escapeHtml, sandboxPage as page } from "./html";

export const SANDBOX_VERIFICATION_PATH = "/sandbox/verification";
export const VERIFICATION_SIGNATURE_HEADER = "x-sandbox-signature";
export const VERIFICATION_WEBHOOK_PATH = "/api/verification/webhooks";

export interface SandboxVerificationOptions {
  db: Queryable;
  publicUrl: string;
  webhookSecret: string;
  /** Delivers a webhook: POST to the platform (in-process in the embedded setup). */
  deliver: (path: string, body: string, headers: Record<string, string>) => Promise<number>;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}

interface SandboxVerificationRow {
  token: string;
  applicant_id: string;
  status: "pending" | "approved" | "rejected";
  event_id: string | null;
}

const COLUMNS = "token, applicant_id, status, event_id";
const TOKEN = /^vrf_[0-9a-f]{32}$/;

/** The body of a sandbox verification event (what the sandbox signs and delivers). */
const VerificationEventBody = z.object({
  id: z.string().max(128),
  type: z.enum(["verification.pending", "verification.approved", "verification.rejected"]),
  applicantId: z.string().regex(/^[0-9a-f-]{36}$/i),
  session: z.string(),
});

export class SandboxVerificationProvider implements VerificationProvider {
  readonly name = "sandbox";

  constructor(private readonly options: SandboxVerificationOptions) {}

  pageUrl(token: string): string {
    return `${this.options.publicUrl}${SANDBOX_VERIFICATION_PATH}/${token}?embed=1`;
  }

  /** A new session, or the applicant's session still waiting for a decision. */
  async createSession(player: { id: string }): Promise<VerificationSession> {
    const [open] = await this.options.db.query<{ token: string }>(
      `SELECT token FROM sandbox_verifications WHERE applicant_id = $1 AND status = 'pending'
        ORDER BY created_at DESC LIMIT 1`,
      [player.id],
    );
    const token = open?.token ?? `vrf_${randomBytes(16).toString("hex")}`;
    if (!open) {
      await this.options.db.query(
        `INSERT INTO sandbox_verifications (token, applicant_id, created_at) VALUES ($1, $2, $3)`,
        [token, player.id, this.options.now()],
      );
    }
    return { token, url: this.pageUrl(token) };
  }

  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): VerificationWebhookCheck {
    return readSignedWebhook(
      this.options.webhookSecret,
      headers[VERIFICATION_SIGNATURE_HEADER],
      rawBody,
      now,
      VerificationEventBody,
    );
  }

  /** Signs and delivers one event; returns the webhook's HTTP status. */
  async send(event: VerificationEvent): Promise<number> {
    const body = JSON.stringify(event);
    return this.options.deliver(`${VERIFICATION_WEBHOOK_PATH}/${this.name}`, body, {
      "content-type": "application/json",
      [VERIFICATION_SIGNATURE_HEADER]: signWebhook(
        this.options.webhookSecret,
        body,
        this.options.now(),
      ),
    });
  }

  private async deliverDecision(row: SandboxVerificationRow): Promise<boolean> {
    let status = 0;
    try {
      status = await this.send({
        id: row.event_id ?? `evt_${randomBytes(12).toString("hex")}`,
        type: row.status === "approved" ? "verification.approved" : "verification.rejected",
        applicantId: row.applicant_id,
        session: row.token,
      });
    } catch (error) {
      this.options.log.warn(
        { err: error, token: row.token },
        "sandbox verification webhook failed",
      );
    }
    const delivered = status >= 200 && status < 300;
    await this.options.db.query(
      `UPDATE sandbox_verifications SET delivery_attempts = delivery_attempts + 1,
              delivered_at = CASE WHEN $2 THEN $3::timestamptz ELSE delivered_at END
        WHERE token = $1`,
      [row.token, delivered, this.options.now()],
    );
    return delivered;
  }

  /** Redelivers decisions the platform has not acknowledged; returns how many were now. */
  async redeliver(maxAttempts = 50): Promise<number> {
    const rows = await this.options.db.query<SandboxVerificationRow>(
      `SELECT ${COLUMNS} FROM sandbox_verifications
        WHERE decided_at IS NOT NULL AND delivered_at IS NULL AND delivery_attempts < $1
        ORDER BY decided_at LIMIT 100`,
      [maxAttempts],
    );
    let delivered = 0;
    for (const row of rows) if (await this.deliverDecision(row)) delivered++;
    return delivered;
  }

  async find(token: string): Promise<SandboxVerificationRow | null> {
    if (!TOKEN.test(token)) return null;
    const [row] = await this.options.db.query<SandboxVerificationRow>(
      `SELECT ${COLUMNS} FROM sandbox_verifications WHERE token = $1`,
      [token],
    );
    return row ?? null;
  }

  /** The tester's decision: recorded once (one event id), then reported by webhook. */
  async decide(token: string, approve: boolean): Promise<SandboxVerificationRow | null> {
    if (!TOKEN.test(token)) return null;
    const [row] = await this.options.db.query<SandboxVerificationRow>(
      `UPDATE sandbox_verifications SET status = $2, decided_at = $3, event_id = $4
        WHERE token = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [
        token,
        approve ? "approved" : "rejected",
        this.options.now(),
        `evt_${randomBytes(12).toString("hex")}`,
      ],
    );
    if (!row) return null;
    await this.deliverDecision(row);
    return row;
  }
}

/** The hosted verification page: Approve and Reject buttons; after a decision, the outcome. */
export async function registerSandboxVerificationPages(
  app: FastifyInstance,
  provider: SandboxVerificationProvider,
): Promise<void> {
  await app.register(async (scope) => {
    acceptForms(scope);

    scope.get<{ Params: { token: string } }>(
      `${SANDBOX_VERIFICATION_PATH}/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.type("text/html").header("cache-control", "no-store");
        const session = await provider.find(request.params.token);
        if (!session) {
          return reply.code(404).send(page("Unknown verification", "<p>No such session.</p>"));
        }
        if (session.status !== "pending") {
          return page(
            "Sandbox identity check",
            `<p role="status">This identity check is <strong>${escapeHtml(session.status)}</strong>. The result has been sent to the casino.</p>`,
          );
        }
        const action = `${SANDBOX_VERIFICATION_PATH}/${escapeHtml(session.token)}`;
        return page(
          "Sandbox identity check",
          `<p>A real provider would ask for an identity document and a selfie here. In the sandbox, decide the outcome (no real data is collected).</p>
<form method="post" action="${action}">
  <button name="decision" value="approve">Approve identity</button>
  <button name="decision" value="reject">Reject identity</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { token: string }; Body: { decision?: string } }>(
      `${SANDBOX_VERIFICATION_PATH}/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const decision = request.body?.decision;
        if (decision !== "approve" && decision !== "reject") {
          return reply.code(400).type("text/html").send(page("Choose an outcome", ""));
        }
        const decided = await provider.decide(request.params.token, decision === "approve");
        const session = decided ?? (await provider.find(request.params.token));
        if (!session) return reply.code(404).type("text/html").send(page("Unknown session", ""));
        return reply.redirect(`${SANDBOX_VERIFICATION_PATH}/${session.token}`, 303);
      },
    );
  });
}
