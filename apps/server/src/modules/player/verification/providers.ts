import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { injectFetch } from "../../../lib/inject-fetch";
import {
  registerSandboxVerificationPages,
  SandboxVerificationProvider,
} from "../../sandbox/verification-provider";
import { getPublicSettings } from "../../settings/get-public-settings";
import { settingsRepository } from "../../settings/repository";
import type { VerificationProvider } from "./provider";

/**
 * The verification providers by name. The sandbox runs in development and tests
 * (SANDBOX_VERIFICATION); a real provider's adapter is added here by configuration.
 */
export async function setUpVerificationProviders(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<Map<string, VerificationProvider>> {
  const providers = new Map<string, VerificationProvider>();
  if (ctx.config.verification.sandbox) {
    const fetchInProcess = injectFetch(app);
    const sandbox = new SandboxVerificationProvider({
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
    await registerSandboxVerificationPages(app, sandbox);
    providers.set(sandbox.name, sandbox);
    ctx.jobs.add({
      name: "sandbox-verification-redelivery",
      everyMs: 5_000,
      run: () => sandbox.redeliver(),
    });
  }
  return providers;
}

/** The provider the site is configured with (site setting verification.provider), or null. */
export async function configuredProviderName(ctx: AppContext): Promise<string | null> {
  const settings = await getPublicSettings(
    settingsRepository(ctx.db),
    ctx.config.publicSettingOverrides,
  );
  return settings.verification.enabled ? settings.verification.provider : null;
}
