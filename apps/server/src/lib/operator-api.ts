// The operator API's guard and common route options. OPERATOR_API_TOKEN turns the API on and is
// its root key, with every scope; named keys limited to scopes are issued through
// /api/operator/api-keys (modules/operator; migration 0045) and stored hashed. Every
// /api/operator/... route checks the bearer key on request, before its body is parsed or
// validated, so a caller without a key learns nothing of the contract (401), and a key without
// the route's scope gets 403. The key is the actor of the request: operatorActor() names it to
// the audit trail (recordOperatorChange) anywhere in the request's handling.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, timingSafeEqual } from "node:crypto";
import { ErrorBody, ErrorCode } from "@casino/contract/errors";
import { OPERATOR_SCOPES, type OperatorScope } from "@casino/contract/operator-access";
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerHookHandler,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../context";
import { AppError } from "../infra/errors";
import { errorResponses } from "./http";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call an operator route: a key with any one of these scopes, "any key" (every
     * valid key: its own /me) or "no key" (sign-in, set-password). Every /api/operator route
     * declares it (operatorGuard or OPERATOR_NO_KEY), or the app does not start
     * (requireDeclaredOperatorScopes).
     */
    operatorScopes?: readonly OperatorScope[] | "any key" | "no key";
  }
}

/** Who makes an operator request: the root key (keyId null) or a named key. */
export interface OperatorActor {
  keyId: number | null;
  name: string;
  scopes: readonly OperatorScope[];
}

/** The actor of OPERATOR_API_TOKEN. */
export const ROOT_ACTOR: OperatorActor = Object.freeze({
  keyId: null,
  name: "root",
  scopes: OPERATOR_SCOPES,
});

/** The shape of an issued key: "op_" and 43 characters of base64url (32 random bytes). */
export const OPERATOR_KEY_PATTERN = /^op_[A-Za-z0-9_-]{43}$/;

/** How an issued key is stored: the hex SHA-256 of the whole key. */
export const operatorKeyHash = (token: string) => createHash("sha256").update(token).digest("hex");

const actors = new WeakMap<FastifyRequest, OperatorActor>();
const current = new AsyncLocalStorage<OperatorActor>();

/** The actor of the operator request being handled; null outside one (jobs, seeds, tests). */
export function operatorActor(): OperatorActor | null {
  return current.getStore() ?? null;
}

/**
 * The reviewer a decision records: the operator key's name (a user's session key carries the
 * user's name). A reviewer named in the request body is ignored: who decided is who called.
 */
export function reviewerOf(): string {
  return operatorActor()?.name ?? ROOT_ACTOR.name;
}

/**
 * 403 unless the calling key also holds `scope`: for a write whose route needs another scope but
 * which, in this case, moves money like `scope`'s writes do (a zero-wager bonus, a cash prize).
 */
export function requireAlsoScope(scope: OperatorScope, message: string): void {
  const actor = operatorActor() ?? ROOT_ACTOR;
  if (!actor.scopes.includes(scope)) throw new AppError(403, ErrorCode.Forbidden, message);
}

/** The scopes need a second factor (OPERATOR_SECOND_FACTOR_SCOPES holds one of them). */
export const needsSecondFactor = (ctx: AppContext, scopes: readonly OperatorScope[]) =>
  scopes.some((scope) => ctx.config.operatorSecondFactorScopes.includes(scope));

async function authenticate(ctx: AppContext, header: string): Promise<OperatorActor> {
  const root = ctx.config.operatorApiToken ?? "";
  const given = header.startsWith("Bearer ") ? header.slice(7) : "";
  const a = Buffer.from(given);
  const b = Buffer.from(root);
  if (root !== "" && a.length === b.length && timingSafeEqual(a, b)) return ROOT_ACTOR;
  if (!OPERATOR_KEY_PATTERN.test(given)) throw AppError.unauthorized();
  const [row] = await ctx.db.query<{
    id: number;
    name: string;
    scopes: OperatorScope[];
    last_used_at: Date | string | null;
    lacks_factor: boolean;
  }>(
    `SELECT k.id, k.name, k.scopes, k.last_used_at,
            (u.id IS NOT NULL AND u.totp_enabled_at IS NULL) AS lacks_factor
       FROM operator_api_keys k LEFT JOIN operator_users u ON u.id = k.user_id
      WHERE k.token_hash = $1 AND k.revoked_at IS NULL
        AND (k.expires_at IS NULL OR k.expires_at > $2)`,
    [operatorKeyHash(given), ctx.now()],
  );
  if (!row) throw AppError.unauthorized();
  // A session of a user whose scopes need a second factor they do not have (the rule changed
  // after they signed in): no scopes until they set one up, as at a sign-in.
  const scopes = row.lacks_factor && needsSecondFactor(ctx, row.scopes) ? [] : row.scopes;
  // Its last use, to the minute: written only when the minute changed.
  const minute = new Date(Math.floor(ctx.now().getTime() / 60_000) * 60_000);
  if (row.last_used_at === null || new Date(row.last_used_at).getTime() !== minute.getTime()) {
    await ctx.db.query("UPDATE operator_api_keys SET last_used_at = $2 WHERE id = $1", [
      row.id,
      minute,
    ]);
  }
  return { keyId: Number(row.id), name: row.name, scopes };
}

/**
 * The hooks of an operator route needing `scope` (a list: any one of them; null: any valid key):
 * onRequest checks the key (401) and its scope (403); preHandler runs the handler as that key
 * (operatorActor).
 */
export function operatorGuard(
  ctx: AppContext,
  scope: OperatorScope | readonly OperatorScope[] | null,
): {
  onRequest: onRequestAsyncHookHandler;
  preHandler: preHandlerHookHandler;
  config: { operatorScopes: readonly OperatorScope[] | "any key" };
} {
  const anyOf = scope === null ? null : typeof scope === "string" ? [scope] : scope;
  return {
    config: { operatorScopes: anyOf ?? "any key" },
    onRequest: async (request) => {
      const actor = await authenticate(ctx, request.headers.authorization ?? "");
      if (actor === ROOT_ACTOR && fromBrowser(request) && (await hasOwner(ctx))) {
        throw AppError.unauthorized(ROOT_KEY_IN_BROWSER);
      }
      if (anyOf !== null && !anyOf.some((each) => actor.scopes.includes(each))) {
        throw new AppError(
          403,
          ErrorCode.Forbidden,
          `This operator key lacks the scope ${anyOf.map((each) => `"${each}"`).join(" or ")}`,
        );
      }
      actors.set(request, actor);
    },
    preHandler: (request, _reply, done) => {
      const actor = actors.get(request);
      if (actor) current.run(actor, done);
      else done();
    },
  };
}

const ROOT_KEY_IN_BROWSER =
  "The root key no longer opens the back office: sign in with your operator account";

/**
 * A request a browser made (the back office): browsers send Sec-Fetch-* (and Origin) on every
 * fetch; scripts and servers calling the API with the root key do not.
 */
function fromBrowser(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers["sec-fetch-site"] !== undefined ||
    headers["sec-fetch-mode"] !== undefined ||
    headers.origin !== undefined
  );
}

/**
 * Whether an owner exists: an operator user, switched on, with a password and the access scope
 * (who manages keys and users). From then on the root key (OPERATOR_API_TOKEN, the demo's
 * generated one) cannot sign in to the back office: people use their own accounts, with their
 * second factor and their own name in the audit trail; the root key stays for scripts.
 */
async function hasOwner(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM operator_users
                     WHERE disabled_at IS NULL AND password_hash IS NOT NULL
                       AND 'access' = ANY(scopes)) AS found`,
  );
  return row?.found === true;
}

/** The route options of an operator route that takes no key (sign-in, set-password). */
export const OPERATOR_NO_KEY = { config: { operatorScopes: "no key" as const } };

/**
 * Every /api/operator route must say who may call it (config.operatorScopes, set by
 * operatorGuard or OPERATOR_NO_KEY): a route added without one stops the app at start, so no
 * operator route is ever open by omission. The test operator-scopes.test.ts checks each route's
 * answer for a key of each scope against its table.
 */
export function requireDeclaredOperatorScopes(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/operator")) return;
    if (route.config?.operatorScopes === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url}: an operator route must declare its scopes (operatorGuard or OPERATOR_NO_KEY)`,
      );
    }
  });
}

/** The error answers of an operator route: 401 and 403 besides the usual ones. */
export const operatorErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/** What an operator route needs (typed api, guard hooks, tag), or null when the API is off. */
export function operatorApi(app: FastifyInstance, ctx: AppContext, scope: OperatorScope) {
  if (!ctx.config.operatorApiToken) return null;
  return {
    api: app.withTypeProvider<ZodTypeProvider>(),
    guard: operatorGuard(ctx, scope),
    tags: ["operator"],
  };
}
