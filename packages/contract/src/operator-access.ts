// Who may use the operator API, and what they did (/api/operator/api-keys, /api/operator/changes;
// migration 0045). OPERATOR_API_TOKEN is the root key: it may do everything, and it issues
// named keys for people and systems, each limited to scopes. Every operator write records which
// key made it.
import { z } from "zod";
import { Instant, Name } from "./operator";
import { PageMeta, PageQuery } from "./pagination";

/**
 * What a key may do; each operator route needs one scope:
 * - payments: withdrawal approvals, payment methods, currencies, balance adjustments
 * - players: the player desk (find, read, block players; their ledger), identity documents,
 *   countries
 * - games: game providers, games, collections
 * - promotions: bonuses and their game rules, bonus codes and packages, cashback, quests,
 *   loyalty, tournaments
 * - messages: broadcasts
 * - content: the site's texts and content pages, per locale
 * - reports: the daily figures (deposits, withdrawals, GGR, players) and the games' figures
 * - access: operator keys, game providers' wallet keys, the audit trail
 * - support: the support desk (live chat and contact-form conversations, canned replies)
 */
export const OPERATOR_SCOPES = [
  "payments",
  "players",
  "games",
  "promotions",
  "messages",
  "content",
  "reports",
  "access",
  "support",
] as const;
export const OperatorScope = z.enum(OPERATOR_SCOPES);
export type OperatorScope = z.infer<typeof OperatorScope>;

export const OperatorApiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The start of the key ("op_" and 8 characters), to recognise it; never the whole key. */
    prefix: z.string(),
    scopes: z.array(OperatorScope),
    createdAt: z.string(),
    /** The key that issued it ("root": OPERATOR_API_TOKEN). */
    createdBy: z.string(),
    /** Its last request, to the minute. */
    lastUsedAt: z.string().nullable(),
    /** Set: it is refused (401) from then on. */
    revokedAt: z.string().nullable(),
    /** A session key (an operator user signed in): refused after this time. */
    expiresAt: z.string().nullable(),
    /** The operator user a session key belongs to. */
    userId: z.number().int().nullable(),
  })
  .meta({ id: "OperatorApiKey" });
export type OperatorApiKey = z.infer<typeof OperatorApiKey>;

/** A key just issued: the only answer that has the key itself (stored hashed, never shown again). */
export const IssuedOperatorApiKey = OperatorApiKey.extend({ token: z.string() }).meta({
  id: "IssuedOperatorApiKey",
});
export type IssuedOperatorApiKey = z.infer<typeof IssuedOperatorApiKey>;

export const CreateOperatorApiKeyBody = z
  .strictObject({
    /** Whom or what it is for ("Alice, payments desk"); shown in the audit trail. */
    name: Name,
    /** Within the issuing key's own scopes. */
    scopes: z.array(OperatorScope).min(1).max(OPERATOR_SCOPES.length),
    /**
     * When it stops working (401 after), in the future and at most OPERATOR_KEY_MAX_DAYS away;
     * left out: it works until revoked.
     */
    expiresAt: Instant.optional(),
  })
  .meta({ id: "CreateOperatorApiKey" });
export type CreateOperatorApiKeyBody = z.infer<typeof CreateOperatorApiKeyBody>;
/** The longest a named key may be issued for (expiresAt). */
export const OPERATOR_KEY_MAX_DAYS = 366;

export const OperatorApiKeyQuery = z.object({
  /** true: only keys that still work (not revoked, not expired); false: only the others. */
  active: z.enum(["true", "false"]).optional(),
});
export type OperatorApiKeyQuery = z.infer<typeof OperatorApiKeyQuery>;

export const OperatorApiKeyList = z.object({ data: z.array(OperatorApiKey) });
export const OperatorApiKeyResponse = z.object({ data: OperatorApiKey });
export const IssuedOperatorApiKeyResponse = z.object({ data: IssuedOperatorApiKey });

/** One operator write, as the audit trail keeps it. */
export const OperatorChange = z
  .object({
    id: z.number().int(),
    /** What was changed: bonus, game-provider, payment-method, operator-api-key, … */
    kind: z.string(),
    entityId: z.string(),
    action: z.enum(["create", "update", "put", "delete"]),
    /** The request's fields (never a secret). */
    changes: z.record(z.string(), z.unknown()),
    /** The key's name ("root": OPERATOR_API_TOKEN); null: before keys were recorded. */
    actor: z.string().nullable(),
    actorKeyId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "OperatorChange" });
export type OperatorChange = z.infer<typeof OperatorChange>;

export const OperatorChangeQuery = PageQuery.extend({
  kind: z
    .string()
    .regex(/^[a-z-]{1,40}$/, "Must be a kind like bonus or game-provider")
    .optional(),
  entityId: z.string().min(1).max(100).optional(),
  /** Only the writes of this key. */
  actorKeyId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type OperatorChangeQuery = z.infer<typeof OperatorChangeQuery>;

/** Newest first. */
export const OperatorChangeList = z.object({ data: z.array(OperatorChange), meta: PageMeta });

/** GET /api/operator/me: the key of the request (any valid key), for a back office to adapt to. */
export const OperatorMe = z
  .object({
    name: z.string(),
    /** null: the root key (OPERATOR_API_TOKEN). */
    keyId: z.number().int().nullable(),
    scopes: z.array(OperatorScope),
    /** The operator user of a session key (null: a key of its own). */
    user: z
      .object({
        email: z.string(),
        secondFactor: z.boolean(),
        /**
         * Their scopes need a second factor: without one yet, the key has no scopes until the
         * user sets it up (POST /me/second-factor, then /confirm).
         */
        secondFactorRequired: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: "OperatorMe" });
export const OperatorMeResponse = z.object({ data: OperatorMe });

// ---------------------------------------------------------------------------------------------
// Operator users (migration 0050): people who sign in to the back office with an e-mail and a
// password. Signing in issues a session key with the user's scopes, valid OPERATOR_SESSION_HOURS.

export const OperatorUser = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    scopes: z.array(OperatorScope),
    /** false: invited, the password not set yet. */
    passwordSet: z.boolean(),
    /** When the current set-password link stops working (null: none open). */
    inviteExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    /** Set: cannot sign in; their sessions were ended. */
    disabledAt: z.string().nullable(),
    /** Sign-in asks for the code of their authenticator app. */
    secondFactor: z.boolean(),
    /** Their scopes need a second factor (OPERATOR_SECOND_FACTOR_SCOPES). */
    secondFactorRequired: z.boolean(),
  })
  .meta({ id: "OperatorUser" });
export type OperatorUser = z.infer<typeof OperatorUser>;
export const OperatorUserList = z.object({ data: z.array(OperatorUser) });

/** A user and their set-password link, shown in this answer only. */
export const InvitedOperatorUser = z
  .object({ user: OperatorUser, inviteUrl: z.string() })
  .meta({ id: "InvitedOperatorUser" });
export const InvitedOperatorUserResponse = z.object({ data: InvitedOperatorUser });
export const OperatorUserResponse = z.object({ data: OperatorUser });

const OperatorEmail = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(200));

export const CreateOperatorUserBody = z
  .strictObject({
    email: OperatorEmail,
    name: Name,
    /** Within the creating key's own scopes. */
    scopes: z.array(OperatorScope).min(1).max(OPERATOR_SCOPES.length),
  })
  .meta({ id: "CreateOperatorUser" });
export type CreateOperatorUserBody = z.infer<typeof CreateOperatorUserBody>;

/** A change of scopes or a switch-off ends the user's sessions: they sign in again. */
export const PatchOperatorUserBody = z
  .strictObject({
    name: Name.optional(),
    scopes: z.array(OperatorScope).min(1).max(OPERATOR_SCOPES.length).optional(),
    disabled: z.boolean().optional(),
    /** A lost phone: sign-in stops asking for a code until the user sets one up again. */
    resetSecondFactor: z.literal(true).optional(),
  })
  .meta({ id: "PatchOperatorUser" });
export type PatchOperatorUserBody = z.infer<typeof PatchOperatorUserBody>;
export const OperatorUserParams = z.object({
  id: z.string().regex(/^\d{1,9}$/, "Must be an id"),
});

/** The password rule of operator users: long, since it opens the back office. */
export const OperatorPassword = z.string().min(12, "At least 12 characters").max(200);

/** POST /api/operator/users/password: the token of the link and the new password. */
export const SetOperatorPasswordBody = z
  .strictObject({ token: z.string().min(1).max(200), password: OperatorPassword })
  .meta({ id: "SetOperatorPassword" });

/** POST /api/operator/sessions: sign in. */
/** A 6-digit code of an authenticator app. */
export const TotpCode = z.string().regex(/^\d{6}$/, "Six digits");

export const OperatorSignInBody = z
  .strictObject({
    email: OperatorEmail,
    password: z.string().min(1).max(200),
    /** Required once the user set up a second factor (else 401, code 17010). */
    code: TotpCode.optional(),
  })
  .meta({ id: "OperatorSignIn" });
export type OperatorSignInBody = z.infer<typeof OperatorSignInBody>;

export const OperatorSession = z
  .object({
    /** The session key: the bearer of the operator API until expiresAt. */
    token: z.string(),
    expiresAt: z.string(),
    name: z.string(),
    scopes: z.array(OperatorScope),
    /**
     * The user's scopes need a second factor (OPERATOR_SECOND_FACTOR_SCOPES) and they have none
     * yet: this key has no scopes and works for 15 minutes, to set one up (POST
     * /me/second-factor, then /confirm); confirming gives it the user's scopes for 12 hours.
     */
    secondFactorSetupRequired: z.boolean(),
  })
  .meta({ id: "OperatorSession" });
export const OperatorSessionResponse = z.object({ data: OperatorSession });

/** POST /api/operator/me/second-factor: the secret to add to an authenticator app. */
export const OperatorSecondFactorSetup = z
  .object({
    /** Base32, for typing in. */
    secret: z.string(),
    /** otpauth://totp/... for a QR code. */
    uri: z.string(),
  })
  .meta({ id: "OperatorSecondFactorSetup" });
export const OperatorSecondFactorSetupResponse = z.object({ data: OperatorSecondFactorSetup });
export const ConfirmSecondFactorBody = z
  .strictObject({ code: TotpCode })
  .meta({ id: "ConfirmSecondFactor" });
