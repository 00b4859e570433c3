import { NICKNAME_MESSAGES } from "@casino/contract/nickname";
import type { Profile, ProfileUpdateBody } from "@casino/contract/player";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { sendEmailConfirmation } from "./email-confirmation";
import { lockAndCheckNickname, nicknamesUnique } from "./nickname";
import {
  addFieldError,
  checkReferences,
  FIELD_MESSAGES,
  flagValue,
  normalizePhone,
  validateWithDescriptors,
} from "./player-fields";
import {
  DuplicatePlayerError,
  EXTRA_FIELD_COLUMNS,
  fieldDescriptorsRepository,
  type PlayerRecord,
  playersRepository,
} from "./repository";

const CORE_COLUMNS: Readonly<Record<string, string>> = {
  nickname: "nickname",
  email: "email",
  phone: "phone",
  country: "country",
  currency: "currency",
  locale: "locale",
  receiveEmailPromo: "receive_email_promo",
  receiveSmsPromo: "receive_sms_promo",
};

/** Client state the player's app reports, not profile data: always accepted (ST-05, ST-12). */
const ALWAYS_ALLOWED = new Set(["freshchatRestoreId", "pwaInstalled"]);

export function toProfile(player: PlayerRecord): Profile {
  return {
    id: player.id,
    email: player.email,
    emailConfirmed: player.emailConfirmedAt !== null,
    nickname: player.nickname,
    phone: player.phone,
    country: player.country,
    currency: player.currency,
    locale: player.locale,
    status: player.status,
    freshchatRestoreId: player.freshchatRestoreId,
    pwaInstalled: player.pwaInstalled,
    isNewlyRegistered: player.isNewlyRegistered,
    receiveEmailPromo: player.receiveEmailPromo,
    receiveSmsPromo: player.receiveSmsPromo,
    affiliateTag: player.affiliateTag,
    verificationStatus: player.verificationStatus,
    createdAt: player.createdAt.toISOString(),
    ...player.extra,
  };
}

/**
 * GET /api/player/profile (BE-20). isNewlyRegistered is true on the first read after sign-up
 * and false from then on (the read clears it), so the client can greet a new player once.
 */
export async function getProfile(ctx: AppContext, playerId: string): Promise<Profile> {
  const players = playersRepository(ctx.db);
  const player = await players.findById(playerId);
  if (!player) throw AppError.unauthorized();
  if (player.isNewlyRegistered) await players.clearNewlyRegistered(playerId);
  return toProfile(player);
}

/**
 * PUT /api/player/profile (PR-02, BE-08, BE-20): only fields the profile descriptors make
 * visible and editable may change (others: 422 "This field cannot be changed"); the changed
 * fields pass the descriptors' rules and the reference checks; a phone is stored as E.164 and
 * must be free. `{freshchatRestoreId}` and `{pwaInstalled}` are always accepted.
 */
export async function updateProfile(
  ctx: AppContext,
  playerId: string,
  body: ProfileUpdateBody,
): Promise<Profile> {
  const players = playersRepository(ctx.db);
  const current = await players.findById(playerId);
  if (!current) throw AppError.unauthorized();
  const records = await fieldDescriptorsRepository(ctx.db).list("profile");
  const byName = new Map(records.map((record) => [record.name, record]));
  const given = Object.entries(body).filter(([, value]) => value !== undefined);

  const errors: Record<string, string[]> = {};
  const checked = new Set<string>();
  for (const [name] of given) {
    if (ALWAYS_ALLOWED.has(name)) continue;
    const record = byName.get(name);
    if (!record?.editable || !record.isVisible)
      addFieldError(errors, name, FIELD_MESSAGES.notEditable);
    else checked.add(name);
  }
  Object.assign(errors, validateWithDescriptors(body, records, { only: checked, now: ctx.now() }));

  const columns: Record<string, unknown> = {};
  for (const [name, raw] of given) {
    if (errors[name]) continue;
    const value = typeof raw === "string" ? raw.trim() || null : raw;
    if (name === "freshchatRestoreId") columns.freshchat_restore_id = value;
    else if (name === "pwaInstalled") columns.pwa_installed = value;
    else if (name === "receiveEmailPromo" || name === "receiveSmsPromo") {
      columns[CORE_COLUMNS[name]!] = flagValue(raw as Parameters<typeof flagValue>[0]);
    } else if (name === "phone" && typeof value === "string") {
      const phone = normalizePhone(value);
      if (!phone) addFieldError(errors, "phone", "The value is not a valid phone number");
      else {
        const owner = await players.findByPhone(phone);
        if (owner && owner.id !== playerId)
          addFieldError(errors, "phone", FIELD_MESSAGES.phoneTaken);
        columns.phone = phone;
      }
    } else if (name === "email" && typeof value === "string") {
      const owner = await players.findByEmail(value);
      if (owner && owner.id !== playerId) addFieldError(errors, "email", FIELD_MESSAGES.emailTaken);
      columns.email = value;
      if (value.toLowerCase() !== current.email?.toLowerCase()) columns.email_confirmed_at = null;
    } else if (Object.hasOwn(CORE_COLUMNS, name)) columns[CORE_COLUMNS[name]!] = value;
    else if (Object.hasOwn(EXTRA_FIELD_COLUMNS, name)) {
      columns[EXTRA_FIELD_COLUMNS[name as keyof typeof EXTRA_FIELD_COLUMNS]] = value;
    }
  }
  await checkReferences(
    ctx.db,
    {
      country: checked.has("country") ? (body.country ?? null) : null,
      currency: checked.has("currency") ? (body.currency ?? null) : null,
      locale: checked.has("locale") ? (body.locale ?? null) : null,
      timeZone: checked.has("timeZone") ? (body.timeZone ?? null) : null,
    },
    errors,
  );
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);
  if (Object.keys(columns).length === 0) return toProfile(current);

  // Issue 31 item 9: with unique nicknames, a new one is checked under its lock, in the same
  // transaction that stores it (a change of letter case of one's own nickname is no clash).
  const nickname = typeof columns.nickname === "string" ? columns.nickname : null;
  const uniqueNickname = nickname !== null && (await nicknamesUnique(ctx));
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      if (uniqueNickname && (await lockAndCheckNickname(tx, nickname, playerId))) {
        throw AppError.unprocessable({ nickname: [NICKNAME_MESSAGES.taken] });
      }
      return playersRepository(tx).updateColumns(playerId, columns, ctx.now());
    });
    if (!updated) throw AppError.unauthorized();
    // An operator may make the e-mail editable: a new address is unconfirmed and gets a link.
    if (columns.email_confirmed_at === null && updated.email) {
      await sendEmailConfirmation(ctx, updated);
    }
    return toProfile(updated);
  } catch (error) {
    if (error instanceof DuplicatePlayerError) {
      throw AppError.unprocessable({
        [error.field]: [
          error.field === "email" ? FIELD_MESSAGES.emailTaken : FIELD_MESSAGES.phoneTaken,
        ],
      });
    }
    throw error;
  }
}
