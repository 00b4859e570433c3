// The sandbox payment processor: an in-process stand-in for a real PSP that speaks the same
// protocol. It keeps its own book of payments (sandbox_payments), shows a hosted payment page at
// /sandbox/payments/{reference} (also embeddable, and the target of QR codes) where a tester
// approves or fails the payment, and reports the outcome to the platform's webhook with an
// HMAC-signed, timestamped body — never through the browser redirect.
import { randomBytes } from "node:crypto";
import { formatScaled } from "@casino/money/format";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Queryable } from "../../infra/db";
import type {
  CreatePaymentInput,
  CreatePaymentResult,
  PaymentProcessor,
  WebhookCheck,
  WebhookEvent,
} from "../payment/processor";
import { readSignedWebhook, signWebhook } from "../payment/webhook-signature";
import { acceptForms, escapeHtml, sandboxPage as page } from "./html";

export const SANDBOX_PAYMENTS_PATH = "/sandbox/payments";
export const SIGNATURE_HEADER = "x-sandbox-signature";
/** How long the sandbox takes to produce an async invoice's QR. */
const ASYNC_QR_DELAY_MS = 300;

export interface SandboxProcessorOptions {
  db: Queryable;
  publicUrl: string;
  webhookSecret: string;
  /** Delivers a webhook: POST to the platform (in-process in the embedded setup). */
  deliver: (path: string, body: string, headers: Record<string, string>) => Promise<number>;
  now: () => Date;
  log: { warn: (object: object, message: string) => void };
}

interface SandboxPaymentRow {
  reference: string;
  invoice_id: string;
  amount: string;
  currency: string;
  processing_type: string;
  status: "pending" | "succeeded" | "failed" | "cancelled";
  kind: "deposit" | "payout";
  success_url: string | null;
  error_url: string | null;
  event_id: string | null;
}

const ROW_COLUMNS = `reference, invoice_id, amount, currency, processing_type, status, success_url,
  error_url, kind, event_id`;

/** The body of a sandbox payment event (what `send` signs and delivers). */
const PaymentEventBody = z
  .object({
    id: z.string(),
    type: z.enum(["payment.pending", "payment.succeeded", "payment.failed"]),
    reference: z.string(),
    invoiceId: z.string().nullish(),
    amount: z.string().regex(/^\d{1,78}$/),
    currency: z.string(),
    qr: z.string().nullish(),
  })
  .transform(
    (event): WebhookEvent => ({
      ...event,
      invoiceId: event.invoiceId ?? null,
      qr: event.qr ?? null,
    }),
  );

export class SandboxPaymentProcessor implements PaymentProcessor {
  readonly name = "sandbox";

  constructor(private readonly options: SandboxProcessorOptions) {}

  /** The sandbox moves any currency; a real processor's adapter lists the ones its contract has. */
  takesCurrency(): boolean {
    return true;
  }

  private pageUrl(reference: string, embed = false): string {
    return `${this.options.publicUrl}${SANDBOX_PAYMENTS_PATH}/${reference}${embed ? "?embed=1" : ""}`;
  }

  /**
   * Creates the payment, or returns the one already made for this invoice and kind: like a real
   * processor's merchant order id, the invoice id is the idempotency key of the call, so a
   * retry after a crash (or the recovery job) never creates a second payment.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    const inserted = await this.options.db.query<{ reference: string }>(
      `INSERT INTO sandbox_payments (reference, invoice_id, amount, currency, processing_type,
         success_url, error_url, created_at, kind)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (invoice_id, kind) DO NOTHING RETURNING reference`,
      [
        `sbx_${randomBytes(12).toString("hex")}`,
        input.invoiceId,
        input.amount.toString(),
        input.currency,
        input.processingType,
        input.successUrl,
        input.errorUrl,
        this.options.now(),
        input.kind,
      ],
    );
    const created = inserted[0]?.reference;
    const [existing] = created
      ? [{ reference: created, amount: input.amount.toString(), currency: input.currency }]
      : await this.options.db.query<{ reference: string; amount: string; currency: string }>(
          "SELECT reference, amount, currency FROM sandbox_payments WHERE invoice_id = $1 AND kind = $2",
          [input.invoiceId, input.kind],
        );
    if (!existing) throw new Error(`sandbox payment of invoice ${input.invoiceId} vanished`);
    if (existing.amount !== input.amount.toString() || existing.currency !== input.currency) {
      throw new Error(`invoice ${input.invoiceId} was already created with another amount`);
    }
    const { reference } = existing;
    const page = this.pageUrl(reference);
    switch (input.processingType) {
      case "form":
        return { reference, action: page, fields: {}, qr: null };
      case "iframe":
        return { reference, action: this.pageUrl(reference, true), fields: {}, qr: null };
      case "qr":
        return { reference, action: null, fields: {}, qr: page };
      case "message":
        return { reference, action: null, fields: {}, qr: null };
      case "asyncRedirect":
        // The QR comes later, as a payment.pending event (DP-09, DP-10).
        if (created) {
          setTimeout(() => {
            void this.send(reference, "payment.pending", page).catch((error: unknown) =>
              this.options.log.warn({ err: error }, "sandbox async QR delivery failed"),
            );
          }, ASYNC_QR_DELAY_MS);
        }
        return { reference, action: null, fields: {}, qr: null };
    }
  }

  async cancelPayment(reference: string): Promise<boolean> {
    const rows = await this.options.db.query(
      `UPDATE sandbox_payments SET status = 'cancelled', decided_at = $2
        WHERE reference = $1 AND status = 'pending' RETURNING reference`,
      [reference, this.options.now()],
    );
    return rows.length > 0;
  }

  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: Date,
  ): WebhookCheck {
    return readSignedWebhook(
      this.options.webhookSecret,
      headers[SIGNATURE_HEADER],
      rawBody,
      now,
      PaymentEventBody,
    );
  }

  /** Signs and delivers one event about a payment; returns the webhook's HTTP status. */
  async send(
    reference: string,
    type: WebhookEvent["type"],
    qr: string | null = null,
    eventId = `evt_${randomBytes(12).toString("hex")}`,
  ) {
    const payment = await this.find(reference);
    if (!payment) throw new Error(`unknown sandbox payment ${reference}`);
    const event: WebhookEvent = {
      id: eventId,
      type,
      reference,
      invoiceId: payment.invoice_id,
      amount: payment.amount,
      currency: payment.currency,
      qr,
    };
    const body = JSON.stringify(event);
    return this.options.deliver(`/api/payment/webhooks/${this.name}`, body, {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signWebhook(this.options.webhookSecret, body, this.options.now()),
    });
  }

  /**
   * Delivers a decided payment's event (one event id per decision) and records the platform's
   * acknowledgement; without a 2xx the payment stays undelivered for `redeliver`.
   */
  private async deliverDecision(row: SandboxPaymentRow): Promise<boolean> {
    const type = row.status === "succeeded" ? "payment.succeeded" : "payment.failed";
    let status = 0;
    try {
      status = await this.send(row.reference, type, null, row.event_id ?? undefined);
    } catch (error) {
      this.options.log.warn({ err: error, reference: row.reference }, "sandbox webhook failed");
    }
    const delivered = status >= 200 && status < 300;
    await this.options.db.query(
      `UPDATE sandbox_payments SET delivery_attempts = delivery_attempts + 1,
              delivered_at = CASE WHEN $2 THEN $3::timestamptz ELSE delivered_at END
        WHERE reference = $1`,
      [row.reference, delivered, this.options.now()],
    );
    return delivered;
  }

  /**
   * Redelivers decided payments the platform has not acknowledged (it was down, or crashed in
   * the middle of applying one), like a real processor's retry schedule. Returns how many were
   * acknowledged now.
   */
  async redeliver(maxAttempts = 50): Promise<number> {
    const rows = await this.options.db.query<SandboxPaymentRow>(
      `SELECT ${ROW_COLUMNS} FROM sandbox_payments
        WHERE decided_at IS NOT NULL AND delivered_at IS NULL AND status IN ('succeeded', 'failed')
          AND delivery_attempts < $1
        ORDER BY decided_at LIMIT 100`,
      [maxAttempts],
    );
    let delivered = 0;
    for (const row of rows) if (await this.deliverDecision(row)) delivered++;
    return delivered;
  }

  /** Payments waiting for the tester's decision, newest first. */
  async listPending(): Promise<SandboxPaymentRow[]> {
    return this.options.db.query<SandboxPaymentRow>(
      `SELECT ${ROW_COLUMNS} FROM sandbox_payments WHERE status = 'pending'
        ORDER BY created_at DESC LIMIT 100`,
    );
  }

  async find(reference: string): Promise<SandboxPaymentRow | null> {
    const [row] = await this.options.db.query<SandboxPaymentRow>(
      `SELECT ${ROW_COLUMNS} FROM sandbox_payments WHERE reference = $1`,
      [reference],
    );
    return row ?? null;
  }

  /** The tester's decision on the hosted page: recorded once, then reported by webhook. */
  async decide(reference: string, approve: boolean): Promise<SandboxPaymentRow | null> {
    const [row] = await this.options.db.query<SandboxPaymentRow>(
      `UPDATE sandbox_payments SET status = $2, decided_at = $3, event_id = $4
        WHERE reference = $1 AND status = 'pending'
        RETURNING ${ROW_COLUMNS}`,
      [
        reference,
        approve ? "succeeded" : "failed",
        this.options.now(),
        `evt_${randomBytes(12).toString("hex")}`,
      ],
    );
    if (!row) return null;
    await this.deliverDecision(row);
    return row;
  }
}

/** The hosted payment page: amount, Approve and Fail buttons; after a decision, the return URL. */
export async function registerSandboxPaymentPages(
  app: FastifyInstance,
  processor: SandboxPaymentProcessor,
  currencyDigits: (currency: string) => Promise<number>,
): Promise<void> {
  await app.register(async (scope) => {
    acceptForms(scope);

    // The tester's list of payments waiting for a decision: how a payment with no page of its
    // own for the player (message: bank-transfer instructions) is approved in the sandbox.
    scope.get(SANDBOX_PAYMENTS_PATH, { schema: { hide: true } }, async (_request, reply) => {
      reply.type("text/html").header("cache-control", "no-store");
      const pending = await processor.listPending();
      const rows = await Promise.all(
        pending.map(async (payment) => {
          const amount = formatScaled(
            BigInt(payment.amount),
            await currencyDigits(payment.currency),
          );
          const href = `${SANDBOX_PAYMENTS_PATH}/${escapeHtml(payment.reference)}`;
          return `<li><a href="${href}">${escapeHtml(payment.kind)} ${escapeHtml(amount)} ${escapeHtml(payment.currency)} (${escapeHtml(payment.processing_type)})</a></li>`;
        }),
      );
      return page(
        "Sandbox payments",
        rows.length > 0
          ? `<ul>${rows.join("")}</ul>`
          : "<p>No payment is waiting for a decision.</p>",
      );
    });

    scope.get<{ Params: { reference: string } }>(
      `${SANDBOX_PAYMENTS_PATH}/:reference`,
      { schema: { hide: true } },
      async (request, reply) => {
        reply.type("text/html").header("cache-control", "no-store");
        const payment = await processor.find(request.params.reference);
        if (!payment)
          return reply.code(404).send(page("Unknown payment", "<p>No such payment.</p>"));
        const digits = await currencyDigits(payment.currency);
        const amount = formatScaled(BigInt(payment.amount), digits);
        const label = `${escapeHtml(amount)} ${escapeHtml(payment.currency)}`;
        if (payment.status !== "pending") {
          return page(
            "Sandbox payment",
            `<p>This payment of ${label} is <strong>${escapeHtml(payment.status)}</strong>.</p>`,
          );
        }
        const action = `${SANDBOX_PAYMENTS_PATH}/${escapeHtml(payment.reference)}`;
        const payout = payment.kind === "payout";
        const noun = payout ? "payout" : "payment";
        return page(
          payout ? "Sandbox payout" : "Sandbox payment",
          `<p>${payout ? "Pay out" : "Pay"} <strong>${label}</strong> ${payout ? "to the player" : "to the casino"} (sandbox, no real money).</p>
<form method="post" action="${action}">
  <button name="decision" value="approve">Approve ${noun}</button>
  <button name="decision" value="fail">Fail ${noun}</button>
</form>`,
        );
      },
    );

    scope.post<{ Params: { reference: string }; Body: { decision?: string } }>(
      `${SANDBOX_PAYMENTS_PATH}/:reference`,
      { schema: { hide: true } },
      async (request, reply) => {
        const approve = request.body?.decision === "approve";
        const decided = await processor.decide(request.params.reference, approve);
        const payment = decided ?? (await processor.find(request.params.reference));
        if (!payment) return reply.code(404).type("text/html").send(page("Unknown payment", ""));
        const target = payment.status === "succeeded" ? payment.success_url : payment.error_url;
        if (target && !request.url.includes("embed=1")) return reply.redirect(target, 303);
        return reply.redirect(`${SANDBOX_PAYMENTS_PATH}/${payment.reference}`, 303);
      },
    );
  });
}
