import { NICKNAME_MESSAGES } from "@casino/contract/nickname";
import type { RegisterBody, RegisterPhoneBody, SessionTokens } from "@casino/contract/player";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { checkCommonPassword } from "../../lib/common-passwords";
import { openFirstAccount } from "../wallet/accounts";
import { assertCountryAllowed } from "./assert-country-allowed";
import { audit, limitOrAudit } from "./audit";
import { sendEmailConfirmation } from "./email-confirmation";
import { derivedNickname, lockAndCheckNickname, nicknamesUnique, nicknameTaken } from "./nickname";
import { checkOtp, OTP_MAX_ATTEMPTS, otpHash, otpInvalid } from "./one-time-codes";
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
  fieldDescriptorsRepository,
  otpRepository,
  type PlayerRecord,
  playersRepository,
} from "./repository";
import { startSession } from "./start-session";

const REQUIRED = "Value is required";

type Registration =
  | { kind: "email"; body: RegisterBody }
  | { kind: "phone"; body: RegisterPhoneBody };

/**
 * POST /api/player/register (BE-09) and /register/phone (BE-11): geo check (11010), field rules
 * of the registration descriptors and reference checks (422 with error.fields), for the phone
 * path the one-time code (11003/11004, used up in the same transaction that creates the
 * player), then the player and a session. E-mail registrations get a confirmation e-mail.
 * A password on the list of common passwords is a 422 on the password field.
 *
 * Every attempt spends a point of the per-IP registration limit before anything is checked
 * (429 with Retry-After; simultaneous attempts cannot outrun it). A new account keeps it spent,
 * and so does a refusal for an e-mail or phone already taken, so the form cannot be used to test
 * without limit which e-mails have accounts; any other refusal (a field mistake, a wrong code)
 * gives it back.
 */
export async function registerPlayer(
  ctx: AppContext,
  request: FastifyRequest,
  registration: Registration,
): Promise<SessionTokens> {
  const { kind, body } = registration;
  const login = kind === "email" ? body.email : body.phone;
  const country = await assertCountryAllowed(ctx, request).catch(async (error: unknown) => {
    await audit(ctx, request, { event: "register", outcome: "restricted", login });
    throw error;
  });
  await limitOrAudit(
    ctx,
    request,
    { name: "registerIp", key: request.ip },
    { event: "register", login },
  );
  let player: PlayerRecord;
  try {
    player = await createAccount(ctx, request, registration);
  } catch (error) {
    if (!isTaken(error)) await ctx.rateLimits.refund("registerIp", request.ip);
    throw error;
  }
  if (player.email) {
    // The account exists either way; a mail server problem must not turn sign-up into an error.
    await sendEmailConfirmation(ctx, player).catch((error: unknown) =>
      request.log.error({ err: error }, "confirmation e-mail failed"),
    );
  }
  await audit(ctx, request, {
    event: "register",
    outcome: "ok",
    playerId: player.id,
    login: player.email ?? player.phone,
    country,
  });
  return startSession(ctx, {
    playerId: player.id,
    request,
    method: "register",
    fingerprint: body.fingerprint ?? null,
    country,
  });
}

/** A 422 for an e-mail or phone already taken: it keeps its registration-limit point. */
function isTaken(error: unknown): boolean {
  if (!(error instanceof AppError) || !error.fields) return false;
  return (
    error.fields.email?.includes(FIELD_MESSAGES.emailTaken) === true ||
    error.fields.phone?.includes(FIELD_MESSAGES.phoneTaken) === true
  );
}

/** The checks of a registration, then the new player (the one-time code used up with it). */
async function createAccount(
  ctx: AppContext,
  request: FastifyRequest,
  registration: Registration,
): Promise<PlayerRecord> {
  const { kind, body } = registration;
  const now = ctx.now();
  const players = playersRepository(ctx.db);
  const records = await fieldDescriptorsRepository(ctx.db).list("registration");
  // The e-mail tab has no phone field and the phone tab no e-mail field: each path requires
  // its own identifier, whatever the descriptor says, and checks the other only if given.
  const errors = validateWithDescriptors(body, records, {
    notRequired: new Set([kind === "email" ? "phone" : "email"]),
    now,
  });
  const email = body.email?.trim() || null;
  if (kind === "email" && !email && !errors.email) addFieldError(errors, "email", REQUIRED);
  if (kind === "phone" && !body.phone && !errors.phone) addFieldError(errors, "phone", REQUIRED);

  let phone: string | null = null;
  if (body.phone && !errors.phone) {
    phone = normalizePhone(body.phone);
    if (!phone) addFieldError(errors, "phone", "The value is not a valid phone number");
  }
  await checkReferences(ctx.db, body, errors);
  if (email && !errors.email && (await players.findByEmail(email))) {
    addFieldError(errors, "email", FIELD_MESSAGES.emailTaken);
  }
  if (phone && !errors.phone && (await players.findByPhone(phone))) {
    addFieldError(errors, "phone", FIELD_MESSAGES.phoneTaken);
  }
  const nickname = body.nickname?.trim() || null;
  const uniqueNicknames = await nicknamesUnique(ctx);
  if (nickname && uniqueNicknames && (await nicknameTaken(ctx.db, nickname, null))) {
    addFieldError(errors, "nickname", NICKNAME_MESSAGES.taken);
  }
  await checkCommonPassword(errors, "password", body.password);
  if (Object.keys(errors).length > 0) throw AppError.unprocessable(errors);

  let otpId: string | null = null;
  if (registration.kind === "phone") {
    await limitOrAudit(
      ctx,
      request,
      { name: "otpVerifyIp", key: request.ip },
      { event: "register", login: phone },
    );
    const otp = await checkOtp(ctx, ctx.db, {
      phone: phone!,
      reason: "registration",
      code: registration.body.code,
    }).catch(async (error: unknown) => {
      await audit(ctx, request, { event: "register", outcome: "invalid_code", login: phone });
      throw error;
    });
    otpId = otp.id;
  }

  const passwordHash = body.password ? await ctx.passwords.hash(body.password) : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      if (otpId) {
        // The conditional UPDATE is the single-use guarantee: of two requests racing with the
        // same code, one uses it up and the other finds nothing to update.
        const used = await otpRepository(tx).consume(
          otpId,
          otpHash(
            ctx,
            phone!,
            "registration",
            registration.kind === "phone" ? registration.body.code : "",
          ),
          OTP_MAX_ATTEMPTS,
          now,
        );
        if (!used) throw otpInvalid();
      }
      // Checked again under the nickname's lock: a sign-up racing for the same one loses here.
      if (nickname && uniqueNicknames && (await lockAndCheckNickname(tx, nickname, null))) {
        throw AppError.unprocessable({ nickname: [NICKNAME_MESSAGES.taken] });
      }
      const player = await playersRepository(tx).createPlayer(
        {
          email,
          phone,
          passwordHash,
          // SU-14: else a nickname from the e-mail ("jane.doe+casino@…" → "jane.doe casino").
          nickname:
            nickname ??
            (await derivedNickname(tx, email ? email.split("@")[0]! : null, uniqueNicknames)),
          country: body.country || null,
          currency: body.currency || null,
          locale: body.locale || null,
          receiveEmailPromo: flagValue(body.receiveEmailPromo),
          receiveSmsPromo: flagValue(body.receiveSmsPromo),
          agreements: flagValue(body.agreements),
          affiliateTag: body.affiliateTag || null,
          fingerprint: body.fingerprint || null,
          bonusCode: body.bonusCode?.trim() || null,
          registrationMethod: kind,
        },
        now,
      );
      await openFirstAccount(tx, ctx, player.id);
      return player;
    });
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
