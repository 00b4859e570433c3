// Operator users (migration 0050; README "Back office"): people who sign in with an e-mail and a
// password. A key with the access scope creates a user with scopes within its own and gets a
// one-time set-password link (72 h) to pass on; the user sets a password (12+ characters) and
// signs in: POST /api/operator/sessions answers a session key with the user's scopes, valid
// SESSION_HOURS, which the back office uses as its bearer. Switching a user off or changing their
// scopes ends their sessions at once. Failed sign-ins are limited per IP and per e-mail and IP,
// and an unknown e-mail costs the same time as a wrong password.

import { ErrorCode } from "@casino/contract/errors";
import { OperatorErrorCode } from "@casino/contract/operator";
import type {
  CreateOperatorUserBody,
  OperatorScope,
  OperatorSignInBody,
  OperatorUser,
  PatchOperatorUserBody,
} from "@casino/contract/operator-access";
import { Secret, TOTP } from "otpauth";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { consumeAll, type RateLimitSpend, refundAll } from "../../infra/rate-limit";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "../../lib/common-passwords";
import { needsSecondFactor, operatorKeyHash } from "../../lib/operator-api";
import { type FieldFail, fieldProblems, iso, recordOperatorChange } from "../../lib/operator-keys";
import { resealStale, sealerOf } from "../../lib/sealed-secrets";
import { newOpaqueToken } from "../player/secrets";
import { actorOf, insertOperatorKey } from "./api-keys";

/** How long a session key works. */
export const SESSION_HOURS = 12;
/** How long a set-password link works. */
export const INVITE_HOURS = 72;
/** How long a session without scopes, to set up a required second factor, works. */
export const SETUP_MINUTES = 15;

interface UserRow {
  id: number;
  email: string;
  name: string;
  scopes: OperatorScope[];
  password_hash: string | null;
  invite_expires_at: Date | string | null;
  created_at: Date | string;
  created_by: string;
  disabled_at: Date | string | null;
  totp_sealed: string | null;
  totp_enabled_at: Date | string | null;
}

const COLUMNS = `id, email, name, scopes, password_hash, invite_expires_at, created_at, created_by,
                 disabled_at, totp_sealed, totp_enabled_at`;

function toView(ctx: AppContext, row: UserRow): OperatorUser {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    scopes: row.scopes,
    passwordSet: row.password_hash !== null,
    inviteExpiresAt: iso(row.invite_expires_at),
    createdAt: iso(row.created_at)!,
    createdBy: row.created_by,
    disabledAt: iso(row.disabled_at),
    secondFactor: row.totp_enabled_at !== null,
    secondFactorRequired: needsSecondFactor(ctx, row.scopes),
  };
}

const hours = (now: Date, count: number) => new Date(now.getTime() + count * 3_600_000);

/** Scopes a key may give: only its own. */
function checkScopes(scopes: readonly OperatorScope[], fail: FieldFail): void {
  const actor = actorOf();
  for (const [index, scope] of scopes.entries()) {
    if (!actor.scopes.includes(scope)) {
      fail(`scopes.${index}`, "A key cannot grant a scope it does not hold");
    }
  }
}

/** A new set-password link for the user (the token is stored hashed). */
async function openInvite(ctx: AppContext, tx: Queryable, userId: number) {
  const token = newOpaqueToken();
  await tx.query(
    "UPDATE operator_users SET invite_hash = $2, invite_expires_at = $3 WHERE id = $1",
    [userId, operatorKeyHash(token), hours(ctx.now(), INVITE_HOURS)],
  );
  return `${ctx.config.publicUrl.replace(/\/$/, "")}/backoffice/set-password#${token}`;
}

async function readUser(db: Queryable, id: number, lock = false): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `SELECT ${COLUMNS} FROM operator_users WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!row) throw AppError.notFound("No operator user with that id");
  return row;
}

/** Ends every session of the user (their session keys are revoked). */
async function endSessions(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx.query(
    "UPDATE operator_api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL",
    [userId, now],
  );
}

export async function listOperatorUsers(ctx: AppContext): Promise<OperatorUser[]> {
  const rows = await ctx.db.query<UserRow>(`SELECT ${COLUMNS} FROM operator_users ORDER BY id`);
  return rows.map((row) => toView(ctx, row));
}

/** POST /api/operator/users: the user and their set-password link (shown once). */
export async function createOperatorUser(ctx: AppContext, body: CreateOperatorUserBody) {
  const { fail, check } = fieldProblems();
  checkScopes(body.scopes, fail);
  const [taken] = await ctx.db.query("SELECT 1 FROM operator_users WHERE email = $1", [body.email]);
  if (taken) fail("email", "Already taken");
  check();
  const now = ctx.now();
  const scopes = [...new Set(body.scopes)];
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<UserRow>(
        `INSERT INTO operator_users (email, name, scopes, created_at, created_by)
         VALUES ($1, $2, $3::text[], $4, $5) RETURNING ${COLUMNS}`,
        [body.email, body.name, scopes, now, actorOf().name],
      );
      const id = Number(row!.id);
      const inviteUrl = await openInvite(ctx, tx, id);
      await recordOperatorChange(tx, {
        kind: "operator-user",
        entityId: id,
        action: "create",
        changes: { email: body.email, name: body.name, scopes },
        now,
      });
      return { user: toView(ctx, await readUser(tx, id)), inviteUrl };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw AppError.unprocessable({ email: ["Already taken"] });
    }
    throw error;
  }
}

/** POST /api/operator/users/{id}/invite: a new set-password link (the old one stops working). */
export async function reinviteOperatorUser(ctx: AppContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const row = await readUser(tx, id, true);
    const { fail, check } = fieldProblems();
    checkScopes(row.scopes, fail);
    check();
    const inviteUrl = await openInvite(ctx, tx, id);
    await recordOperatorChange(tx, {
      kind: "operator-user",
      entityId: id,
      action: "update",
      changes: { invite: true },
      now: ctx.now(),
    });
    return { user: toView(ctx, await readUser(tx, id)), inviteUrl };
  });
}

/** PATCH /api/operator/users/{id}: a change of scopes or a switch-off ends their sessions. */
export async function patchOperatorUser(
  ctx: AppContext,
  id: number,
  patch: PatchOperatorUserBody,
): Promise<OperatorUser> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await readUser(tx, id, true);
    const { fail, check } = fieldProblems();
    // A key manages only users within its scopes, and gives only scopes it holds.
    checkScopes(row.scopes, fail);
    if (patch.scopes) checkScopes(patch.scopes, fail);
    check();
    const scopes = patch.scopes ? [...new Set(patch.scopes)] : row.scopes;
    const disabledAt = patch.disabled === undefined ? row.disabled_at : patch.disabled ? now : null;
    await tx.query(
      `UPDATE operator_users SET name = $2, scopes = $3::text[], disabled_at = $4, updated_at = $5
        WHERE id = $1`,
      [id, patch.name ?? row.name, scopes, disabledAt, now],
    );
    if (patch.resetSecondFactor) {
      await tx.query(
        `UPDATE operator_users SET totp_sealed = NULL, totp_enabled_at = NULL, totp_last_step = NULL
          WHERE id = $1`,
        [id],
      );
    }
    const scopesChanged = patch.scopes !== undefined && scopes.join() !== row.scopes.join();
    if (scopesChanged || patch.disabled === true || patch.resetSecondFactor) {
      await endSessions(tx, id, now);
    }
    await recordOperatorChange(tx, {
      kind: "operator-user",
      entityId: id,
      action: "update",
      changes: patch,
      now,
    });
    return toView(ctx, await readUser(tx, id));
  });
}

/**
 * POST /api/operator/users/password: the link's token sets the password, once (a password on the
 * list of common passwords is a 422 on the field, the link stays usable).
 */
export async function setOperatorPassword(
  ctx: AppContext,
  body: { token: string; password: string },
): Promise<void> {
  if (await isCommonPassword(body.password)) {
    throw AppError.unprocessable({ password: [COMMON_PASSWORD_MESSAGE] });
  }
  const passwordHash = await ctx.passwords.hash(body.password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `UPDATE operator_users SET password_hash = $2, invite_hash = NULL, invite_expires_at = NULL,
              updated_at = $3
        WHERE invite_hash = $1 AND invite_expires_at > $3 AND disabled_at IS NULL
        RETURNING id`,
      [operatorKeyHash(body.token), passwordHash, now],
    );
    if (!row) {
      throw AppError.unprocessable({ token: ["This link is not valid or has expired"] });
    }
    // A new password ends the sessions made with the old one.
    await endSessions(tx, Number(row.id), now);
  });
}

/**
 * POST /api/operator/sessions: a session key for the user's e-mail and password. Every failure is
 * the same 401 (unknown e-mail, wrong password, no password yet, switched off). Each attempt
 * spends a point of the per-IP and the account-on-IP sign-in limits before the password is
 * checked (simultaneous guesses cannot outrun them, 429 with Retry-After); a right password gives
 * them back. Failures on the e-mail from every address together have an allowance too
 * (LOGIN_ACCOUNT_MAX_FAILURES): past it, only an address the user has signed in from before (a
 * sign-in in the audit trail) may keep trying, within its own allowance.
 */
export async function signInOperator(ctx: AppContext, ip: string, body: OperatorSignInBody) {
  const accountKey = `operator:${body.email}:${ip}`;
  const spends: RateLimitSpend[] = [
    ["loginIp", ip],
    ["loginAccountIp", accountKey],
  ];
  await consumeAll(ctx.rateLimits, spends);
  const [row] = await ctx.db.query<UserRow>(
    `SELECT ${COLUMNS} FROM operator_users WHERE email = $1`,
    [body.email],
  );
  const account = `operator:${body.email}`;
  try {
    await ctx.rateLimits.consume("loginAccount", account);
  } catch (error) {
    // The e-mail's allowance across addresses is used up: only a known address goes on.
    if (!(error instanceof AppError && error.status === 429)) throw error;
    if (!row || !(await signedInFrom(ctx.db, row.id, ip))) {
      await refundAll(ctx.rateLimits, spends);
      throw error;
    }
  }
  let valid = false;
  if (row?.password_hash) valid = await ctx.passwords.verify(row.password_hash, body.password);
  else await ctx.passwords.verifyDummy(body.password);
  /** A failed sign-in: the points it spent stay spent. */
  const refuse = (message: string) => new AppError(401, ErrorCode.Unauthorized, message);
  /** The password was right: not a failure, this attempt's points go back. */
  const passed = () =>
    Promise.all([
      ctx.rateLimits.refund("loginIp", ip),
      ctx.rateLimits.refund("loginAccountIp", accountKey),
      ctx.rateLimits.refund("loginAccount", account),
    ]);
  if (!row || !valid || row.disabled_at !== null) throw refuse("Wrong e-mail or password");
  if (row.totp_enabled_at !== null) {
    if (body.code === undefined) {
      await passed();
      // Not a failure: the password was right; the form asks for the code next.
      throw new AppError(
        401,
        OperatorErrorCode.SecondFactorRequired,
        "Enter the code of your authenticator app",
      );
    }
    if (!(await spendTotpCode(ctx, row, body.code))) throw refuse("Wrong code");
  }
  await passed();
  // Signed in: earlier failures (wrong codes included) are forgotten.
  await ctx.rateLimits.reset("loginAccountIp", accountKey);
  const now = ctx.now();
  // Scopes that need a second factor, and none set up yet: a key without scopes, for a short
  // while, that only sets one up; confirming it gives the key the user's scopes.
  const setupRequired = row.totp_enabled_at === null && needsSecondFactor(ctx, row.scopes);
  const scopes = setupRequired ? [] : row.scopes;
  const expiresAt = setupRequired
    ? new Date(now.getTime() + SETUP_MINUTES * 60_000)
    : hours(now, SESSION_HOURS);
  const key = await ctx.db.transaction(async (tx) => {
    const issued = await insertOperatorKey(tx, {
      name: row.name,
      scopes,
      createdBy: "sign-in",
      now,
      session: { userId: Number(row.id), expiresAt },
    });
    // The sign-in in the audit trail, as the session it opened (ADR 0016).
    await recordOperatorChange(tx, {
      kind: "operator-session",
      entityId: row.id,
      action: "create",
      changes: { userId: Number(row.id), scopes, secondFactorSetupRequired: setupRequired, ip },
      now,
      actor: { name: row.name, keyId: issued.id },
    });
    return issued;
  });
  return {
    token: key.token,
    expiresAt: expiresAt.toISOString(),
    name: row.name,
    scopes,
    secondFactorSetupRequired: setupRequired,
  };
}

/** Whether the user has signed in from this address before (its sign-ins in the audit trail). */
async function signedInFrom(db: Queryable, userId: number | string, ip: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM operator_changes
      WHERE kind = 'operator-session' AND entity_id = $1 AND changes->>'ip' = $2 LIMIT 1`,
    [String(userId), ip],
  );
  return rows.length > 0;
}

/** DELETE /api/operator/sessions/current: ends the session of the calling key (a no-op for keys). */
export async function signOutOperator(ctx: AppContext): Promise<void> {
  const actor = actorOf();
  if (actor.keyId === null) return;
  await ctx.db.query(
    `UPDATE operator_api_keys SET revoked_at = $2
      WHERE id = $1 AND user_id IS NOT NULL AND revoked_at IS NULL`,
    [actor.keyId, ctx.now()],
  );
}

// ------------------------------------------------------------------------------------------
// The second factor: a TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) per user, sealed at rest.

const totpContext = (userId: number) => `operator-totp:${userId}`;

function totpOf(ctx: AppContext, row: UserRow): TOTP | null {
  const secret =
    row.totp_sealed && sealerOf(ctx.config).open(row.totp_sealed, totpContext(Number(row.id)));
  if (!secret) return null;
  return new TOTP({
    issuer: "Back office",
    label: row.email,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Seals again under SECRETS_ENCRYPTION_KEY the second-factor secrets that open only under a
 * previous key (the hourly job "operator-totp-reseal", like "wallet-keys-reseal").
 */
export async function resealSecondFactors(ctx: AppContext): Promise<number> {
  if (ctx.config.previousEncryptionKeys.length === 0) return 0;
  return resealStale(ctx.db, sealerOf(ctx.config), {
    table: "operator_users",
    column: "totp_sealed",
    owner: "id",
    context: totpContext,
  });
}

/** The time step `code` is valid for (now or one step either side), or null. */
function stepOf(ctx: AppContext, totp: TOTP, code: string): number | null {
  const timestamp = ctx.now().getTime();
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 30_000) + delta;
}

/** Checks a sign-in code; each step's code works once (a replayed code is refused). */
async function spendTotpCode(ctx: AppContext, row: UserRow, code: string): Promise<boolean> {
  const totp = totpOf(ctx, row);
  const step = totp && stepOf(ctx, totp, code);
  if (step === null || step === undefined) return false;
  const used = await ctx.db.query(
    `UPDATE operator_users SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [row.id, step],
  );
  return used.length > 0;
}

/** The operator user of the calling session key (second-factor setup is a user's own act). */
async function callingUser(db: Queryable, lock = false): Promise<UserRow> {
  const actor = actorOf();
  const [key] = await db.query<{ user_id: number | null }>(
    "SELECT user_id FROM operator_api_keys WHERE id = $1",
    [actor.keyId ?? 0],
  );
  if (!key?.user_id) {
    throw new AppError(409, ErrorCode.Conflict, "Only an operator user signed in sets this up");
  }
  return readUser(db, Number(key.user_id), lock);
}

/** The user behind the calling key, for GET /api/operator/me (null: not a session key). */
export async function callingUserView(ctx: AppContext) {
  const actor = actorOf();
  if (actor.keyId === null) return null;
  const [row] = await ctx.db.query<{
    email: string;
    scopes: OperatorScope[];
    totp_enabled_at: Date | string | null;
  }>(
    `SELECT u.email, u.scopes, u.totp_enabled_at FROM operator_api_keys k
       JOIN operator_users u ON u.id = k.user_id WHERE k.id = $1`,
    [actor.keyId],
  );
  return row
    ? {
        email: row.email,
        secondFactor: row.totp_enabled_at !== null,
        secondFactorRequired: needsSecondFactor(ctx, row.scopes),
      }
    : null;
}

/**
 * POST /api/operator/me/second-factor: a new secret for the signed-in user's authenticator app;
 * it counts once confirmed with a code. 409 when one is on already (an admin resets it).
 */
export async function startSecondFactor(ctx: AppContext) {
  return ctx.db.transaction(async (tx) => {
    const row = await callingUser(tx, true);
    if (row.totp_enabled_at !== null) {
      throw new AppError(409, ErrorCode.Conflict, "A second factor is set up already");
    }
    const secret = new Secret({ size: 20 });
    await tx.query("UPDATE operator_users SET totp_sealed = $2 WHERE id = $1", [
      row.id,
      sealerOf(ctx.config).seal(secret.base32, totpContext(Number(row.id))),
    ]);
    const totp = new TOTP({ issuer: "Back office", label: row.email, secret });
    return { secret: secret.base32, uri: totp.toString() };
  });
}

/**
 * POST /api/operator/me/second-factor/confirm {code}: from now on sign-in asks for a code. The
 * calling session gets the user's scopes (a session signed in without them, because they needed
 * a second factor, now works for SESSION_HOURS).
 */
export async function confirmSecondFactor(ctx: AppContext, code: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const row = await callingUser(tx, true);
    if (row.totp_enabled_at !== null) {
      throw new AppError(409, ErrorCode.Conflict, "A second factor is set up already");
    }
    const totp = totpOf(ctx, row);
    const step = totp && stepOf(ctx, totp, code);
    if (step === null || step === undefined) {
      throw AppError.unprocessable({ code: ["Wrong code: check the app's time and try again"] });
    }
    await tx.query(
      `UPDATE operator_users SET totp_enabled_at = $2, totp_last_step = $3, updated_at = $2
        WHERE id = $1`,
      [row.id, now, step],
    );
    await tx.query(
      `UPDATE operator_api_keys SET scopes = $3::text[], expires_at = GREATEST(expires_at, $4)
        WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL`,
      [actorOf().keyId, row.id, [...row.scopes], hours(now, SESSION_HOURS)],
    );
    await recordOperatorChange(tx, {
      kind: "operator-user",
      entityId: Number(row.id),
      action: "update",
      changes: { secondFactor: true },
      now,
    });
  });
}
