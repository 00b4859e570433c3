// The sandbox identity service: a real OpenID Connect provider (the `oidc-provider` package, the
// same library many production IdPs run on) mounted at /sandbox/oidc in development and tests,
// so the whole social-login redirect flow (authorize → sign-in page → code → token exchange with
// PKCE and nonce → ID token) runs on one machine. Its sign-in page lets a tester pick any e-mail,
// say whether the e-mail is verified, and approve or deny. Accounts live in memory: it is a
// sandbox, and a code is exchanged seconds after it is issued.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, sandboxPage as page } from "./html";

export const SANDBOX_OIDC_PATH = "/sandbox/oidc";

export interface SandboxOidcOptions {
  /** The site's public origin; the issuer is `${publicUrl}/sandbox/oidc`. */
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client's registered redirect URI (the first connection's callback). */
  redirectUri: string;
  /** Other redirect URIs the client may use (every connection's callback). */
  allowRedirect: (uri: string) => boolean;
  /** Cookie signing key of the provider's own interaction cookies. */
  cookieKey: string;
}

interface SandboxAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface SandboxOidc {
  issuer: string;
  provider: Provider;
}

const ACCOUNT_PREFIX = "sandbox|";

type Payload = Record<string, unknown> & { uid?: string; grantId?: string; userCode?: string };

/**
 * The provider's storage, in memory (one store per model, entries dropped when they expire):
 * the sandbox's artifacts live seconds to minutes and never need to outlive the process.
 */
class MemoryAdapter {
  private static stores = new Map<string, Map<string, { payload: Payload; expiresAt: number }>>();
  private readonly store: Map<string, { payload: Payload; expiresAt: number }>;

  constructor(name: string) {
    const existing = MemoryAdapter.stores.get(name);
    this.store = existing ?? new Map();
    if (!existing) MemoryAdapter.stores.set(name, this.store);
  }

  async upsert(id: string, payload: Payload, expiresIn: number) {
    this.store.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string): Promise<Payload | undefined> {
    const entry = this.store.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string) {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
    return undefined;
  }

  async findByUserCode(userCode: string) {
    for (const [id, entry] of this.store) {
      if (entry.payload.userCode === userCode) return this.find(id);
    }
    return undefined;
  }

  async consume(id: string) {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string) {
    for (const [id, entry] of this.store)
      if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}

/** Builds the provider and mounts it with its sign-in page on `app`. */
export async function registerSandboxOidc(
  app: FastifyInstance,
  options: SandboxOidcOptions,
): Promise<SandboxOidc> {
  const issuer = `${options.publicUrl.replace(/\/$/, "")}${SANDBOX_OIDC_PATH}`;
  const accounts = new Map<string, SandboxAccount>();
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "sandbox-1" };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [options.cookieKey] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The sign-in result goes into the ID token too, so the client needs no userinfo call.
    conformIdTokenClaims: false,
    // The generic identity service's `connection` (like an Auth0 connection) is passed through.
    extraParams: ["connection"],
    features: { devInteractions: { enabled: false } },
    adapter: MemoryAdapter,
    // Short lives: a sandbox sign-in takes seconds.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 900,
      Session: 3600,
    },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx, interaction) => `${SANDBOX_OIDC_PATH}/interaction/${interaction.uid}`,
    },
    // A first-party sandbox: consent is implied by signing in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in failed",
        `<p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ""))}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  // Connections are data (one callback each), so the sandbox client accepts any of them.
  const registered = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function (uri: string) {
    return options.allowRedirect(uri) || registered.call(this, uri);
  };
  const handle = provider.callback();

  await app.register(async (scope) => {
    // The provider reads its own bodies (token endpoint forms); Fastify must leave the stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));

    scope.get(`${SANDBOX_OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, (req, reply) =>
      showSignIn(provider, req, reply),
    );
    scope.post(`${SANDBOX_OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, (req, reply) =>
      finishSignIn(provider, accounts, req, reply),
    );
    scope.all(`${SANDBOX_OIDC_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? "/").slice(SANDBOX_OIDC_PATH.length) || "/";
      handle(raw, reply.raw);
    });
  });

  return { issuer, provider };
}

async function showSignIn(provider: Provider, request: FastifyRequest, reply: FastifyReply) {
  const details = await interactionOrNull(provider, request.raw, reply.raw);
  if (!details) return reply.code(400).type("text/html").send(expiredPage());
  const uid = escapeHtml(details.uid);
  const connection = escapeHtml(String(details.params.connection ?? "sandbox"));
  return reply
    .type("text/html")
    .header("cache-control", "no-store")
    .send(
      page(
        "Sandbox identity provider",
        `<p>This is the platform's sandbox OpenID provider (connection <code>${connection}</code>). Sign in as anyone.</p>
<form method="post" action="${SANDBOX_OIDC_PATH}/interaction/${uid}">
  <p><label>E-mail <input name="email" type="email" required autocomplete="off" value=""></label></p>
  <p><label>Name <input name="name" autocomplete="off" value=""></label></p>
  <p><label><input name="emailVerified" type="checkbox" value="1" checked> E-mail verified</label></p>
  <p><button name="decision" value="approve">Approve</button>
     <button name="decision" value="deny" formnovalidate>Deny</button></p>
</form>`,
      ),
    );
}

async function finishSignIn(
  provider: Provider,
  accounts: Map<string, SandboxAccount>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const form = new URLSearchParams(await readBody(request.raw));
  const details = await interactionOrNull(provider, request.raw, reply.raw);
  if (!details) return reply.code(400).type("text/html").send(expiredPage());
  reply.hijack();
  if (form.get("decision") !== "approve") {
    await provider.interactionFinished(request.raw, reply.raw, {
      error: "access_denied",
      error_description: "The user denied the sign-in",
    });
    return;
  }
  const email = (form.get("email") ?? "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    await provider.interactionFinished(request.raw, reply.raw, {
      error: "invalid_request",
      error_description: "An e-mail address is required",
    });
    return;
  }
  const sub = `${ACCOUNT_PREFIX}${email}`;
  accounts.set(sub, {
    email,
    emailVerified: form.get("emailVerified") === "1",
    name: (form.get("name") ?? "").trim().slice(0, 100),
  });
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    { login: { accountId: sub } },
    { mergeWithLastSubmission: false },
  );
}

async function interactionOrNull(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  try {
    return await provider.interactionDetails(req, res);
  } catch {
    return null;
  }
}

const MAX_FORM_BYTES = 16 * 1024;

async function readBody(raw: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function expiredPage(): string {
  return page(
    "Sign-in expired",
    "<p>This sign-in request is unknown or has expired. Go back to the site and start again.</p>",
  );
}
