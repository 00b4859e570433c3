// The generic identity service as an OpenID Connect relying party (`openid-client`):
// authorization code flow with PKCE (S256), a nonce bound to the ID token, and a one-time
// `csrf` value inside `state` that names the server-side record of the request. Any OpenID
// provider works (Auth0, Keycloak, Google…); in development the sandbox provider plays it.
import { createHash, randomBytes } from "node:crypto";
import * as oidc from "openid-client";

export interface IdentityServiceOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The site origin: the provider returns to `${publicUrl}/auth/social/{connection}/callback`. */
  publicUrl: string;
  /** fetch for the provider's endpoints (the sandbox is reached in-process). */
  fetch?: typeof fetch;
  /** Allow http:// issuers (the sandbox in development). */
  allowInsecure?: boolean;
}

/** What the server keeps about one authorization request until the callback (single use). */
export interface PendingAuthorization {
  /** SHA-256 of the state's csrf value: the record's key. */
  id: string;
  connection: string;
  codeVerifier: string;
  nonce: string;
}

export interface VerifiedIdentity {
  /** `oidc:<issuer>`: identities are unique per issuer and subject. */
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class IdentityProviderError extends Error {
  override readonly name = "IdentityProviderError";
}

export function callbackUrl(publicUrl: string, connection: string): string {
  return `${publicUrl.replace(/\/$/, "")}/auth/social/${encodeURIComponent(connection)}/callback`;
}

/** Whether `uri` is exactly one of our callback URLs (any connection id, no query). */
export function isCallbackUrl(publicUrl: string, uri: string): boolean {
  const prefix = `${publicUrl.replace(/\/$/, "")}/auth/social/`;
  if (!uri.startsWith(prefix)) return false;
  return /^[A-Za-z0-9_-]{1,64}\/callback$/.test(uri.slice(prefix.length));
}

export function hashStateKey(csrf: string): string {
  return createHash("sha256").update(csrf).digest("base64url");
}

/**
 * The client's `state` is URL-encoded JSON `{backRoute}` (SI-25). We keep its backRoute (a
 * same-site path only) and add our csrf value, so the web callback can still read backRoute.
 */
export function wrapState(clientState: string | undefined, csrf: string): string {
  let backRoute = "/";
  if (clientState) {
    try {
      const parsed: unknown = JSON.parse(clientState);
      const route = (parsed as { backRoute?: unknown } | null)?.backRoute;
      if (typeof route === "string" && route.startsWith("/") && !route.startsWith("//")) {
        backRoute = route.slice(0, 2048);
      }
    } catch {
      // Not JSON: fall back to the home page.
    }
  }
  return JSON.stringify({ backRoute, csrf });
}

/** The csrf value inside a state we made, or null. */
export function csrfOfState(state: string | undefined): string | null {
  if (!state) return null;
  try {
    const csrf = (JSON.parse(state) as { csrf?: unknown } | null)?.csrf;
    return typeof csrf === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(csrf) ? csrf : null;
  } catch {
    return null;
  }
}

export class IdentityService {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly options: IdentityServiceOptions) {}

  get providerKey(): string {
    return `oidc:${this.options.issuer}`;
  }

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret, fetch: fetchImpl, allowInsecure } = this.options;
      const options: oidc.DiscoveryRequestOptions = {
        ...(fetchImpl ? { [oidc.customFetch]: fetchImpl as oidc.CustomFetch } : {}),
        ...(allowInsecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      };
      this.configuration = oidc
        .discovery(new URL(issuer), clientId, clientSecret, undefined, options)
        .catch((error: unknown) => {
          // Try discovery again next time rather than caching a failure.
          this.configuration = null;
          throw new IdentityProviderError(`discovery failed: ${(error as Error).message}`);
        });
    }
    return this.configuration;
  }

  /** Where to send the browser, and the record to keep until the callback. */
  async authorizationUrl(
    connection: string,
    clientState: string | undefined,
  ): Promise<{ url: string; pending: PendingAuthorization }> {
    const config = await this.config();
    const csrf = randomBytes(24).toString("base64url");
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(this.options.publicUrl, connection),
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state: wrapState(clientState, csrf),
      nonce,
      connection,
    });
    return {
      url: url.href,
      pending: { id: hashStateKey(csrf), connection, codeVerifier, nonce },
    };
  }

  /**
   * Exchanges the callback's code (checking state, PKCE and nonce) and returns who signed in.
   * `query` is the callback's query string as the browser got it.
   */
  async verifyCallback(
    pending: PendingAuthorization,
    query: Readonly<Record<string, string>>,
  ): Promise<VerifiedIdentity> {
    const config = await this.config();
    const current = new URL(callbackUrl(this.options.publicUrl, pending.connection));
    for (const [key, value] of Object.entries(query)) current.searchParams.set(key, value);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedNonce: pending.nonce,
        expectedState: query.state,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new IdentityProviderError((error as Error).message);
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new IdentityProviderError("the ID token has no subject");
    return {
      provider: this.providerKey,
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === "string" && claims.name !== "" ? claims.name : null,
    };
  }
}
