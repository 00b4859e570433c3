import { PROFILE_EXTRA_FIELDS, type ProfileExtraField } from "@casino/contract/player";
import type { VerificationStatus } from "@casino/contract/verification";
import type { Queryable } from "../../infra/db";

/** Columns of the profile fields beyond the §3 core, by contract name. */
export const EXTRA_FIELD_COLUMNS: Readonly<Record<ProfileExtraField, string>> = {
  firstName: "first_name",
  lastName: "last_name",
  nationality: "nationality",
  gender: "gender",
  city: "city",
  address: "address",
  additionalAddress: "additional_address",
  postalCode: "postal_code",
  timeZone: "time_zone",
  profession: "profession",
  language: "language",
  birthdate: "birthdate",
  placeOfBirth: "place_of_birth",
  personalIdNumber: "personal_id_number",
  cpf_number: "cpf_number",
  securityQuestion: "security_question",
  securityAnswer: "security_answer",
};

export interface PlayerRecord {
  id: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  nickname: string | null;
  country: string | null;
  currency: string | null;
  locale: string | null;
  status: number;
  emailConfirmedAt: Date | null;
  freshchatRestoreId: string | null;
  pwaInstalled: boolean;
  isNewlyRegistered: boolean;
  receiveEmailPromo: boolean;
  receiveSmsPromo: boolean;
  agreements: boolean;
  affiliateTag: string | null;
  fingerprint: string | null;
  bonusCode: string | null;
  /** Set by the identity-verification provider's webhook (notStarted, pending, verified, rejected). */
  verificationStatus: VerificationStatus;
  createdAt: Date;
  extra: Record<ProfileExtraField, string | null>;
}

export interface NewPlayer {
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  nickname?: string | null;
  country?: string | null;
  currency?: string | null;
  locale?: string | null;
  status?: 1 | 2 | 3;
  emailConfirmedAt?: Date | null;
  receiveEmailPromo?: boolean;
  receiveSmsPromo?: boolean;
  agreements?: boolean;
  affiliateTag?: string | null;
  fingerprint?: string | null;
  bonusCode?: string | null;
  registrationMethod: "email" | "phone" | "social" | "admin";
}

/** The e-mail or phone is already taken (unique index); the caller answers 422 on that field. */
export class DuplicatePlayerError extends Error {
  override readonly name = "DuplicatePlayerError";
  constructor(readonly field: "email" | "phone") {
    super(`A player with this ${field} already exists`);
  }
}

/** Maps a unique violation on players to DuplicatePlayerError; rethrows anything else. */
export function rethrowDuplicate(error: unknown): never {
  const { code, constraint, message } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code === "23505") {
    const name = `${constraint ?? ""} ${message ?? ""}`;
    if (name.includes("players_email_unique")) throw new DuplicatePlayerError("email");
    if (name.includes("players_phone_unique")) throw new DuplicatePlayerError("phone");
  }
  throw error;
}

const PLAYER_COLUMNS = `id, email, phone, password_hash, nickname, country, currency, locale, status,
  email_confirmed_at, freshchat_restore_id, pwa_installed, is_newly_registered,
  receive_email_promo, receive_sms_promo, agreements, affiliate_tag, fingerprint, bonus_code,
  verification_status, created_at, ${Object.values(EXTRA_FIELD_COLUMNS).join(", ")}`;

type PlayerRow = Record<string, unknown> & {
  id: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  nickname: string | null;
  country: string | null;
  currency: string | null;
  locale: string | null;
  status: number;
  email_confirmed_at: Date | null;
  freshchat_restore_id: string | null;
  pwa_installed: boolean;
  is_newly_registered: boolean;
  receive_email_promo: boolean;
  receive_sms_promo: boolean;
  agreements: boolean;
  affiliate_tag: string | null;
  fingerprint: string | null;
  bonus_code: string | null;
  verification_status: VerificationStatus;
  created_at: Date;
};

function toPlayer(row: PlayerRow): PlayerRecord {
  const extra = Object.fromEntries(
    PROFILE_EXTRA_FIELDS.map((field) => [
      field,
      (row[EXTRA_FIELD_COLUMNS[field]] as string | null) ?? null,
    ]),
  ) as Record<ProfileExtraField, string | null>;
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    passwordHash: row.password_hash,
    nickname: row.nickname,
    country: row.country,
    currency: row.currency,
    locale: row.locale,
    status: Number(row.status),
    emailConfirmedAt: row.email_confirmed_at ? new Date(row.email_confirmed_at) : null,
    freshchatRestoreId: row.freshchat_restore_id,
    pwaInstalled: row.pwa_installed,
    isNewlyRegistered: row.is_newly_registered,
    receiveEmailPromo: row.receive_email_promo,
    receiveSmsPromo: row.receive_sms_promo,
    agreements: row.agreements,
    affiliateTag: row.affiliate_tag,
    fingerprint: row.fingerprint,
    bonusCode: row.bonus_code,
    verificationStatus: row.verification_status,
    createdAt: new Date(row.created_at),
    extra,
  };
}

/** Players: accounts, credentials and profile fields. */
export function playersRepository(db: Queryable) {
  return {
    /**
     * Inserts a player; a taken e-mail (any case) or phone throws DuplicatePlayerError, so
     * uniqueness holds under concurrency without a read-then-write.
     */
    async createPlayer(input: NewPlayer, now: Date): Promise<PlayerRecord> {
      try {
        const rows = await db.query<PlayerRow>(
          `INSERT INTO players (email, phone, password_hash, nickname, country, currency, locale,
             status, email_confirmed_at, receive_email_promo, receive_sms_promo, agreements,
             affiliate_tag, fingerprint, bonus_code, registration_method, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
           RETURNING ${PLAYER_COLUMNS}`,
          [
            input.email ?? null,
            input.phone ?? null,
            input.passwordHash ?? null,
            input.nickname ?? null,
            input.country ?? null,
            input.currency ?? null,
            input.locale ?? null,
            input.status ?? 1,
            input.emailConfirmedAt ?? null,
            input.receiveEmailPromo ?? false,
            input.receiveSmsPromo ?? false,
            input.agreements ?? false,
            input.affiliateTag ?? null,
            input.fingerprint ?? null,
            input.bonusCode ?? null,
            input.registrationMethod,
            now,
          ],
        );
        return toPlayer(rows[0]!);
      } catch (error) {
        rethrowDuplicate(error);
      }
    },

    async findById(id: string): Promise<PlayerRecord | null> {
      const rows = await db.query<PlayerRow>(
        `SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1`,
        [id],
      );
      return rows[0] ? toPlayer(rows[0]) : null;
    },

    /** By e-mail, whatever its case. */
    async findByEmail(email: string): Promise<PlayerRecord | null> {
      const rows = await db.query<PlayerRow>(
        `SELECT ${PLAYER_COLUMNS} FROM players WHERE lower(email) = lower($1)`,
        [email],
      );
      return rows[0] ? toPlayer(rows[0]) : null;
    },

    /** By E.164 phone. */
    async findByPhone(phone: string): Promise<PlayerRecord | null> {
      const rows = await db.query<PlayerRow>(
        `SELECT ${PLAYER_COLUMNS} FROM players WHERE phone = $1`,
        [phone],
      );
      return rows[0] ? toPlayer(rows[0]) : null;
    },

    async setPasswordHash(playerId: string, passwordHash: string, now: Date): Promise<void> {
      await db.query("UPDATE players SET password_hash = $2, updated_at = $3 WHERE id = $1", [
        playerId,
        passwordHash,
        now,
      ]);
    },

    async confirmEmail(playerId: string, now: Date): Promise<void> {
      await db.query(
        `UPDATE players SET email_confirmed_at = COALESCE(email_confirmed_at, $2), updated_at = $2
          WHERE id = $1`,
        [playerId, now],
      );
    },

    /** BE-44: keeps the first affiliate tag a player came with. */
    async setAffiliateTagIfEmpty(playerId: string, affiliateTag: string): Promise<void> {
      await db.query(
        "UPDATE players SET affiliate_tag = $2 WHERE id = $1 AND affiliate_tag IS NULL",
        [playerId, affiliateTag],
      );
    },

    /** Clears isNewlyRegistered; true when this call was the one that cleared it. */
    async clearNewlyRegistered(playerId: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE players SET is_newly_registered = false
          WHERE id = $1 AND is_newly_registered RETURNING id`,
        [playerId],
      );
      return rows.length > 0;
    },

    /** Sets the given columns (names from this module only, never from input). */
    async updateColumns(
      playerId: string,
      columns: Readonly<Record<string, unknown>>,
      now: Date,
    ): Promise<PlayerRecord | null> {
      const entries = Object.entries(columns);
      const sets = entries.map(([column], index) => `${column} = $${index + 3}`);
      try {
        const rows = await db.query<PlayerRow>(
          `UPDATE players SET ${[...sets, "updated_at = $2"].join(", ")}
            WHERE id = $1 RETURNING ${PLAYER_COLUMNS}`,
          [playerId, now, ...entries.map(([, value]) => value)],
        );
        return rows[0] ? toPlayer(rows[0]) : null;
      } catch (error) {
        rethrowDuplicate(error);
      }
    },
  };
}

export type PlayersRepository = ReturnType<typeof playersRepository>;

export interface SessionRecord {
  id: string;
  playerId: string;
  device: string;
  ip: string | null;
  country: string | null;
  method: string;
  createdAt: Date;
  lastSeenAt: Date;
  revokedAt: Date | null;
  playerStatus: number;
}

type SessionRow = {
  id: string;
  player_id: string;
  device: string;
  ip: string | null;
  country: string | null;
  method: string;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  status: number;
};

const SESSION_COLUMNS = `s.id, s.player_id, s.device, s.ip, s.country, s.method, s.created_at,
  s.last_seen_at, s.revoked_at, p.status`;

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    device: row.device,
    ip: row.ip,
    country: row.country,
    method: row.method,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    revokedAt: row.revoked_at ? new Date(row.revoked_at) : null,
    playerStatus: Number(row.status),
  };
}

export type SessionMethod = "password" | "phone" | "register" | "social" | "token";

/** Server-side sessions: one per sign-in, listed and revoked by the player. */
export function sessionsRepository(db: Queryable) {
  return {
    async insert(input: {
      playerId: string;
      tokenHash: string;
      device: string;
      userAgent: string | null;
      ip: string | null;
      country: string | null;
      fingerprint: string | null;
      method: SessionMethod;
      now: Date;
    }): Promise<string> {
      const rows = await db.query<{ id: string }>(
        `INSERT INTO player_sessions (player_id, token_hash, device, user_agent, ip, country,
           fingerprint, method, created_at, last_seen_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
        [
          input.playerId,
          input.tokenHash,
          input.device,
          input.userAgent,
          input.ip,
          input.country,
          input.fingerprint,
          input.method,
          input.now,
        ],
      );
      return rows[0]!.id;
    },

    async findById(id: string): Promise<SessionRecord | null> {
      const rows = await db.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM player_sessions s JOIN players p ON p.id = s.player_id
          WHERE s.id = $1`,
        [id],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },

    async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
      const rows = await db.query<SessionRow>(
        `SELECT ${SESSION_COLUMNS} FROM player_sessions s JOIN players p ON p.id = s.player_id
          WHERE s.token_hash = $1`,
        [tokenHash],
      );
      return rows[0] ? toSession(rows[0]) : null;
    },

    /**
     * Replaces the session's token (a refresh rotates it, ADR 0022) when `oldHash` is still the
     * current one, and keeps the old one as retired. False when another refresh replaced it
     * first (or the session ended): the caller looks the token up among the retired ones.
     */
    async rotate(id: string, oldHash: string, newHash: string, now: Date): Promise<boolean> {
      const rows = await db.query<{ session_id: string }>(
        `WITH rotated AS (
           UPDATE player_sessions SET token_hash = $3, last_seen_at = $4
            WHERE id = $1 AND token_hash = $2 AND revoked_at IS NULL
            RETURNING id)
         INSERT INTO player_session_retired_tokens (token_hash, session_id, retired_at)
         SELECT $2, id, $4 FROM rotated
         RETURNING session_id`,
        [id, oldHash, newHash, now],
      );
      return rows.length > 0;
    },

    /** The session a retired (rotated-out) token belonged to, and when it was replaced. */
    async findByRetiredTokenHash(
      tokenHash: string,
    ): Promise<{ session: SessionRecord; retiredAt: Date } | null> {
      const rows = await db.query<SessionRow & { retired_at: Date }>(
        `SELECT ${SESSION_COLUMNS}, r.retired_at
           FROM player_session_retired_tokens r
           JOIN player_sessions s ON s.id = r.session_id
           JOIN players p ON p.id = s.player_id
          WHERE r.token_hash = $1`,
        [tokenHash],
      );
      const row = rows[0];
      return row ? { session: toSession(row), retiredAt: new Date(row.retired_at) } : null;
    },

    /** Moves last_seen_at forward, at most once per `minSeconds` (one write a minute, not per call). */
    async touch(id: string, now: Date, minSeconds: number): Promise<void> {
      await db.query(
        `UPDATE player_sessions SET last_seen_at = $2
          WHERE id = $1 AND revoked_at IS NULL AND last_seen_at <= $2::timestamptz - make_interval(secs => $3::double precision)`,
        [id, now, minSeconds],
      );
    },

    /** Revokes one of the player's sessions; false when it is not theirs or does not exist. */
    async revoke(id: string, playerId: string, reason: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE player_sessions
            SET revoked_at = COALESCE(revoked_at, $3),
                revoke_reason = COALESCE(revoke_reason, $4)
          WHERE id = $1 AND player_id = $2 RETURNING id`,
        [id, playerId, now, reason],
      );
      return rows.length > 0;
    },

    /** Revokes every live session of the player except `exceptId`; returns how many. */
    async revokeAll(
      playerId: string,
      reason: string,
      now: Date,
      exceptId: string | null = null,
    ): Promise<number> {
      const rows = await db.query(
        `UPDATE player_sessions SET revoked_at = $2, revoke_reason = $3
          WHERE player_id = $1 AND revoked_at IS NULL AND ($4::uuid IS NULL OR id <> $4::uuid)
          RETURNING id`,
        [playerId, now, reason, exceptId],
      );
      return rows.length;
    },

    /**
     * Live sessions: not revoked, seen since `seenSince` (the idle lifetime) and started since
     * `startedSince` (the absolute lifetime).
     */
    async listLive(
      playerId: string,
      page: number,
      perPage: number,
      live: { seenSince: Date; startedSince: Date },
    ): Promise<{ sessions: SessionRecord[]; total: number }> {
      const [rows, count] = await Promise.all([
        db.query<SessionRow>(
          `SELECT ${SESSION_COLUMNS} FROM player_sessions s JOIN players p ON p.id = s.player_id
            WHERE s.player_id = $1 AND s.revoked_at IS NULL
              AND s.last_seen_at > $4 AND s.created_at > $5
            ORDER BY s.created_at DESC, s.id DESC
            LIMIT $2 OFFSET $3`,
          [playerId, perPage, (page - 1) * perPage, live.seenSince, live.startedSince],
        ),
        db.query<{ total: string }>(
          `SELECT count(*) AS total FROM player_sessions
            WHERE player_id = $1 AND revoked_at IS NULL
              AND last_seen_at > $2 AND created_at > $3`,
          [playerId, live.seenSince, live.startedSince],
        ),
      ]);
      return { sessions: rows.map(toSession), total: Number(count[0]?.total ?? 0) };
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;

export type CodePurpose = "password_reset" | "email_confirm" | "autologin";

/** Single-use link codes (reset, confirmation, auto-login), stored as hashes. */
export function oneTimeCodesRepository(db: Queryable) {
  return {
    async insert(input: {
      codeHash: string;
      purpose: CodePurpose;
      playerId: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO one_time_codes (code_hash, purpose, player_id, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [input.codeHash, input.purpose, input.playerId, input.expiresAt, input.now],
      );
    },

    /**
     * Uses up a live code in one conditional UPDATE: of two concurrent uses exactly one gets the
     * player id, the other null (as do wrong, used and expired codes).
     */
    async consume(codeHash: string, purpose: CodePurpose, now: Date): Promise<string | null> {
      const rows = await db.query<{ player_id: string }>(
        `UPDATE one_time_codes SET used_at = $3
          WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
          RETURNING player_id`,
        [codeHash, purpose, now],
      );
      return rows[0]?.player_id ?? null;
    },
  };
}

export interface OtpRecord {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

/** SMS one-time codes per phone and reason. */
export function otpRepository(db: Queryable) {
  const toOtp = (row: {
    id: string;
    code_hash: string;
    attempts: number;
    expires_at: Date;
    created_at: Date;
  }): OtpRecord => ({
    id: row.id,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    expiresAt: new Date(row.expires_at),
    createdAt: new Date(row.created_at),
  });
  return {
    /** Serialises code sends per phone within the caller's transaction. */
    async lockPhone(phone: string): Promise<void> {
      await db.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`otp:${phone}`]);
    },

    /** Codes sent to the phone for the reason since `since`, newest first. */
    async listSince(phone: string, reason: string, since: Date): Promise<OtpRecord[]> {
      const rows = await db.query<Parameters<typeof toOtp>[0]>(
        `SELECT id, code_hash, attempts, expires_at, created_at FROM otp_codes
          WHERE phone = $1 AND reason = $2 AND created_at > $3
          ORDER BY created_at DESC`,
        [phone, reason, since],
      );
      return rows.map(toOtp);
    },

    /** A new code replaces the earlier unused ones: only the latest code works. */
    async insertReplacing(input: {
      phone: string;
      reason: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.query(
        `UPDATE otp_codes SET used_at = $3
          WHERE phone = $1 AND reason = $2 AND used_at IS NULL`,
        [input.phone, input.reason, input.now],
      );
      await db.query(
        `INSERT INTO otp_codes (phone, reason, code_hash, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [input.phone, input.reason, input.codeHash, input.expiresAt, input.now],
      );
    },

    /** The live (unused, unexpired) code of the phone and reason, if any. */
    async findLive(phone: string, reason: string, now: Date): Promise<OtpRecord | null> {
      const rows = await db.query<Parameters<typeof toOtp>[0]>(
        `SELECT id, code_hash, attempts, expires_at, created_at FROM otp_codes
          WHERE phone = $1 AND reason = $2 AND used_at IS NULL AND expires_at > $3
          ORDER BY created_at DESC LIMIT 1`,
        [phone, reason, now],
      );
      return rows[0] ? toOtp(rows[0]) : null;
    },

    /**
     * Counts a guess *before* it is compared, never past `max`; returns the new count (null if
     * already at max: the guess is not compared at all).
     */
    async addAttempt(id: string, max: number): Promise<number | null> {
      const rows = await db.query<{ attempts: number }>(
        `UPDATE otp_codes SET attempts = attempts + 1
          WHERE id = $1 AND attempts < $2 RETURNING attempts`,
        [id, max],
      );
      return rows[0] ? Number(rows[0].attempts) : null;
    },

    /** Gives back the attempt a right guess counted (a right code is not a wrong guess). */
    async refundAttempt(id: string): Promise<void> {
      await db.query(
        "UPDATE otp_codes SET attempts = attempts - 1 WHERE id = $1 AND attempts > 0",
        [id],
      );
    },

    /** Uses up the code if it is still live and matches; false when another request won. */
    async consume(id: string, codeHash: string, max: number, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE otp_codes SET used_at = $4
          WHERE id = $1 AND code_hash = $2 AND used_at IS NULL AND attempts < $3
            AND expires_at > $4
          RETURNING id`,
        [id, codeHash, max, now],
      );
      return rows.length > 0;
    },
  };
}

export interface FieldDescriptorRecord {
  id: string;
  scenario: "registration" | "profile";
  name: string;
  position: number;
  isVisible: boolean;
  isRequired: boolean;
  editable: boolean;
  description: string | null;
  defaultValue: string | null;
}

export function fieldDescriptorsRepository(db: Queryable) {
  return {
    async list(scenario: "registration" | "profile"): Promise<FieldDescriptorRecord[]> {
      const rows = await db.query<{
        id: string;
        scenario: "registration" | "profile";
        name: string;
        position: number;
        is_visible: boolean;
        is_required: boolean;
        editable: boolean;
        description: string | null;
        default_value: string | null;
      }>(
        `SELECT id, scenario, name, position, is_visible, is_required, editable, description,
                default_value
           FROM field_descriptors WHERE scenario = $1 ORDER BY position, name`,
        [scenario],
      );
      return rows.map((row) => ({
        id: row.id,
        scenario: row.scenario,
        name: row.name,
        position: Number(row.position),
        isVisible: row.is_visible,
        isRequired: row.is_required,
        editable: row.editable,
        description: row.description,
        defaultValue: row.default_value,
      }));
    },
  };
}
