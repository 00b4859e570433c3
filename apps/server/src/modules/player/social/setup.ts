import type { FastifyInstance } from "fastify";
import type { Config } from "../../../config";
import { injectFetch } from "../../../lib/inject-fetch";
import { createOutboundFetch, outboundPolicy } from "../../../lib/outbound-url";
import { keyedHash } from "../secrets";
import { callbackUrl, IdentityService, isCallbackUrl } from "./identity-service";
import type { SocialOptions } from "./routes";

/** The identity-service name and connection the sandbox is offered under. */
export const SANDBOX_IDENTITY_SERVICE = "sandbox";
const SANDBOX_CLIENT_ID = "casino-sandbox";

/** True when the built-in sandbox plays the identity service (no real issuer configured). */
export function usesSandboxIdentityService(config: Config): boolean {
  return config.social.sandboxOidc && config.social.oidcIssuer === null;
}

/**
 * With the sandbox on and no identity service configured by the operator, the sign-in modal
 * offers the sandbox (one button, connection `sandbox`), so the redirect flow can be tried at once.
 */
export function withSandboxSocialDefaults(config: Config): Config {
  const overrides = config.publicSettingOverrides;
  if (!usesSandboxIdentityService(config) || "social.identityService.name" in overrides) {
    return config;
  }
  return {
    ...config,
    publicSettingOverrides: {
      ...overrides,
      "social.identityService.name": SANDBOX_IDENTITY_SERVICE,
      "social.identityService.connections": overrides["social.identityService.connections"] ?? [
        SANDBOX_IDENTITY_SERVICE,
      ],
    },
  };
}

/**
 * Builds the social-login adapters from configuration: the real OpenID provider
 * (OIDC_ISSUER…), or the sandbox provider mounted on this app and reached in-process; and the
 * messaging-app bot token.
 */
export async function setUpSocial(app: FastifyInstance, config: Config): Promise<SocialOptions> {
  const { social, publicUrl, secrets } = config;
  let identityService: IdentityService | null = null;
  if (social.oidcIssuer) {
    identityService = new IdentityService({
      issuer: social.oidcIssuer,
      clientId: social.oidcClientId ?? "",
      clientSecret: social.oidcClientSecret ?? "",
      publicUrl,
      // Discovery, keys and the token endpoint are the issuer's to name: every call checked
      // (lib/outbound-url.ts: https in production, public addresses, no redirects).
      fetch: createOutboundFetch(outboundPolicy(config)),
    });
  } else if (social.sandboxOidc) {
    const clientSecret = keyedHash(secrets.jwtSecret, "sandbox-oidc-client", SANDBOX_CLIENT_ID);
    // Loaded only when used: production never loads the sandbox provider.
    const { registerSandboxOidc } = await import("../../sandbox/oidc-provider");
    const sandbox = await registerSandboxOidc(app, {
      publicUrl,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret,
      redirectUri: callbackUrl(publicUrl, SANDBOX_IDENTITY_SERVICE),
      allowRedirect: (uri) => isCallbackUrl(publicUrl, uri),
      cookieKey: keyedHash(secrets.jwtSecret, "sandbox-oidc-cookies", publicUrl),
    });
    identityService = new IdentityService({
      issuer: sandbox.issuer,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret,
      publicUrl,
      fetch: injectFetch(app),
      allowInsecure: true,
    });
  }
  return { identityService, telegramBotToken: social.telegramBotToken };
}
