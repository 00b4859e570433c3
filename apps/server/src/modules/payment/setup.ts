import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { injectFetch } from "../../lib/inject-fetch";
import { registerSandboxPaymentPages, SandboxPaymentProcessor } from "../sandbox/payment-processor";
import type { PaymentProcessor } from "./processor";
import { submitUnsubmittedPayments } from "./submit-payment";

/** How old an unsubmitted invoice must be before the recovery job takes it over. */
export const RECOVERY_GRACE_MS = 10_000;

/**
 * The payment processors by name (payment_methods.processor). The sandbox runs in development
 * and tests (SANDBOX_PAYMENTS); a real processor adapter is added here by configuration.
 */
export async function setUpProcessors(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<Map<string, PaymentProcessor>> {
  const processors = new Map<string, PaymentProcessor>();
  if (ctx.config.sandboxPayments) {
    const fetchInProcess = injectFetch(app);
    const sandbox = new SandboxPaymentProcessor({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      webhookSecret: ctx.config.secrets.webhookSecret,
      now: ctx.now,
      log: app.log,
      deliver: async (path, body, headers) => {
        const response = await fetchInProcess(`${ctx.config.publicUrl}${path}`, {
          method: "POST",
          headers,
          body,
        });
        return response.status;
      },
    });
    const digits = async (currency: string) => {
      const [row] = await ctx.db.query<{ subunit_to_unit: string }>(
        "SELECT subunit_to_unit FROM currencies WHERE code = $1",
        [currency],
      );
      return Math.max(0, (row?.subunit_to_unit ?? "1").length - 1);
    };
    await registerSandboxPaymentPages(app, sandbox, digits);
    processors.set(sandbox.name, sandbox);
    // What a real processor does on its side: retry webhooks we did not acknowledge.
    ctx.jobs.add({
      name: "sandbox-webhook-redelivery",
      everyMs: 5_000,
      run: () => sandbox.redeliver(),
    });
  }
  // Invoices a crash left between our commit and the processor's call.
  ctx.jobs.add({
    name: "payment-recovery",
    everyMs: 15_000,
    run: () =>
      submitUnsubmittedPayments(ctx, processors, { graceMs: RECOVERY_GRACE_MS, log: app.log }),
  });
  return processors;
}
