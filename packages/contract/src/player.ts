// Player accounts: field descriptors, registration, one-time codes, sessions, passwords, profile
// (spec §3, §5, §7; requirements SI, SU, PV, SE, PR, BE-08…BE-20, BE-44).
//
// Bodies are strict objects: an unknown key is a 422 like any other invalid field. Field values
// stay loose here (strings) because the *rules* of registration and profile forms are data: the
// server checks them with packages/validation against the operator's field descriptors and
// answers 422 with `error.fields`, exactly as the web form does before sending.
import { z } from "zod";
import { nicknameProblem } from "./nickname";
import { PageMeta } from "./pagination";
import { CountryCode, LocaleCode } from "./settings";
import { VerificationStatus } from "./verification";

/** A serialisable rule of packages/validation (`{ rule: "min", params: [6] }`). */
export const RuleDescriptorSchema: z.ZodType<{ rule: string; params?: unknown[] }> = z.object({
  rule: z.string(),
  params: z.array(z.unknown()).optional(),
});

export const FieldScenario = z.enum(["registration", "profile"]);
export type FieldScenario = z.infer<typeof FieldScenario>;

/**
 * One registration or profile field (spec §3 "Registration field descriptor", SU-10, PR-01).
 * `rules` are the §5 rules of the field (packages/validation descriptors), `required` first when
 * `isRequired`; the web builds its form validation from them and the server checks with the same.
 */
export const FieldDescriptor = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    editable: z.boolean(),
    isRequired: z.boolean(),
    isVisible: z.boolean(),
    position: z.number().int(),
    /** Default or current value (profile scenario: the player's value). */
    value: z.string().nullable(),
    rules: z.array(RuleDescriptorSchema),
  })
  .meta({ id: "FieldDescriptor" });
export type FieldDescriptor = z.infer<typeof FieldDescriptor>;

export const FieldsQuery = z.strictObject({ scenario: FieldScenario });
export const FieldDescriptorList = z.object({ data: z.array(FieldDescriptor) });

/**
 * A checkbox value: the web form sends "1" when checked and "" when unchecked (SU-20); booleans
 * and 0/1 are accepted from other clients.
 */
export const FlagValue = z.union([
  z.boolean(),
  z.literal(0),
  z.literal(1),
  z.enum(["", "0", "1", "true", "false"]),
]);
export type FlagValue = z.infer<typeof FlagValue>;

/** Hashed browser/device signals (SE-11), sent with login, registration, social and auto-login. */
export const Fingerprint = z.string().max(128);

const text = z.string().max(255);

/**
 * A nickname as sent (issue 31 item 9): trimmed, then empty (none: the server makes one from the
 * e-mail on sign-up) or 3 to 24 letters and digits in words joined by one space, dot,
 * underscore or hyphen (./nickname.ts). Whether it must be unique (case-insensitively) is the
 * operator's `nickname.unique` setting, checked by the server.
 */
export const NicknameInput = z
  .string()
  .max(255)
  .trim()
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : nicknameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST /api/player/register (SU-23, BE-09). */
export const RegisterBody = z
  .strictObject({
    email: text.optional(),
    phone: text.optional(),
    nickname: NicknameInput.optional(),
    country: text.optional(),
    currency: text.optional(),
    locale: text.optional(),
    password: z.string().max(1024).optional(),
    password_confirmation: z.string().max(1024).optional(),
    bonusCode: text.optional(),
    agreements: FlagValue.optional(),
    receiveEmailPromo: FlagValue.optional(),
    receiveSmsPromo: FlagValue.optional(),
    fingerprint: Fingerprint.optional(),
    affiliateTag: text.optional(),
  })
  .meta({ id: "RegisterBody" });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** POST /api/player/register/phone: the registration body plus the one-time code (SU-25, BE-11). */
export const RegisterPhoneBody = RegisterBody.extend({ code: z.string().max(32) }).meta({
  id: "RegisterPhoneBody",
});
export type RegisterPhoneBody = z.infer<typeof RegisterPhoneBody>;

export const OtpReason = z.enum(["registration"]);

/** POST /api/player/otp/send (SU-24, PV-04, BE-10). */
export const OtpSendBody = z.strictObject({ phone: text, reason: OtpReason });
export const OtpSendResponse = z.object({
  data: z.object({
    /** Seconds until the code expires (at most 600). */
    expiresIn: z.number().int(),
    /** Seconds until another code may be requested for this phone and reason. */
    resendIn: z.number().int(),
  }),
});

/** POST /api/player/otp/verify: checks a code without using it up (BE-11). */
export const OtpVerifyBody = z.strictObject({
  phone: text,
  reason: OtpReason,
  code: z.string().max(32),
});
export const OtpVerifyResponse = z.object({ data: z.object({ valid: z.literal(true) }) });

/** POST /api/player/sessions (SI-20, BE-12). `login` is an e-mail or a phone with a leading `+`. */
export const LoginBody = z
  .strictObject({
    login: text,
    password: z.string().max(1024),
    fingerprint: Fingerprint.optional(),
  })
  .meta({ id: "LoginBody" });

/** POST /api/player/sessions/token: auto-login by a one-time token (SI-28, BE-16). */
export const TokenLoginBody = z.strictObject({
  token: z.string().min(1).max(512),
  fingerprint: Fingerprint.optional(),
});

/**
 * POST /api/player/sessions/social (SI-27, BE-17, BE-44). The callback's query parameters
 * (`code`, `state`, `connection`, or the messaging-app widget's signed fields) come as the
 * query string; the body names the provider.
 */
export const SocialLoginBody = z.strictObject({
  provider: z.string().min(1).max(64),
  locale: text.optional(),
  fingerprint: Fingerprint.optional(),
  affiliateTag: text.nullish(),
});
export const SocialLoginQuery = z.record(z.string(), z.string().max(4096));

/** GET /api/player/sessions/social/{provider}/redirect?state=…&connection=… (SI-23, SI-24). */
export const SocialRedirectQuery = z.strictObject({
  state: z.string().max(4096).optional(),
  connection: z.string().max(64).optional(),
});

/**
 * What every sign-in path returns (login, both registrations, social, auto-login, refresh).
 * `accessToken` is a short-lived JWT (claims `sub` = profile id, `sid` = session id, `exp`);
 * `sessionToken` is empty in every sign-in answer (ADR 0022): the long-lived opaque token of the
 * server-side session is set in an HttpOnly cookie (`casino_session`, `__Host-casino_session` on
 * https) that /sessions/refresh reads and rotates. A client without cookies takes it from the
 * Set-Cookie header and sends it as `Authorization: Bearer …` to /sessions/refresh, whose answer
 * then carries the rotated one here (empty within the grace window of a concurrent refresh).
 */
export const SessionTokens = z
  .object({
    accessToken: z.string(),
    sessionToken: z.string(),
    /** The access token's `exp`, as an ISO time. */
    expiresAt: z.string(),
    profileId: z.string(),
  })
  .meta({ id: "SessionTokens" });
export type SessionTokens = z.infer<typeof SessionTokens>;
export const SessionTokensResponse = z.object({ data: SessionTokens });

/**
 * What POST /api/player/sessions/social answers for an identity with no account yet (issue 31
 * item 7): no account is made until the player has given the 18+ and terms consent and chosen a
 * country and currency (POST /api/player/sessions/social/register with `signUpToken`, single use,
 * valid for ten minutes). `country` and `currency` are suggestions from the request's country.
 */
export const SocialSignUpRequired = z
  .object({
    signUpRequired: z.literal(true),
    signUpToken: z.string(),
    email: z.string().nullable(),
    country: CountryCode.nullable(),
    currency: z.string().nullable(),
    expiresAt: z.string(),
  })
  .meta({ id: "SocialSignUpRequired" });
export type SocialSignUpRequired = z.infer<typeof SocialSignUpRequired>;
export const SocialLoginResponse = z.object({
  data: z.union([SessionTokens, SocialSignUpRequired]),
});

/**
 * POST /api/player/sessions/social/register (SU-23, issue 31 item 7): the consent and choices of
 * a first social sign-in, as the e-mail form asks for them; then the account and a session.
 */
export const SocialRegisterBody = z
  .strictObject({
    signUpToken: z.string().min(1).max(256),
    country: text,
    currency: text,
    agreements: FlagValue,
    receiveEmailPromo: FlagValue.optional(),
    fingerprint: Fingerprint.optional(),
  })
  .meta({ id: "SocialRegisterBody" });
export type SocialRegisterBody = z.infer<typeof SocialRegisterBody>;

/** One server-side session of the player (PR-05, BE-15). */
export const PlayerSession = z
  .object({
    id: z.string(),
    /** Browser and OS as parsed from the user agent, e.g. "Chrome on Linux". */
    device: z.string(),
    ip: z.string().nullable(),
    country: CountryCode.nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** The session that made this request. */
    isCurrent: z.boolean(),
  })
  .meta({ id: "PlayerSession" });
export type PlayerSession = z.infer<typeof PlayerSession>;
export const PlayerSessionList = z.object({ data: z.array(PlayerSession), meta: PageMeta });
export const SessionIdParams = z.object({ id: z.uuid() });

/** Profile status (spec §3): 1 active, 2 limited (cannot deposit), 3 blocked (403 at login). */
export const PlayerStatus = { Active: 1, Limited: 2, Blocked: 3 } as const;

/** Profile fields of the profile scenario besides the §3 core (VR-20). */
const profileExtraShape = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  nationality: z.string().nullable(),
  gender: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  additionalAddress: z.string().nullable(),
  postalCode: z.string().nullable(),
  timeZone: z.string().nullable(),
  profession: z.string().nullable(),
  language: z.string().nullable(),
  birthdate: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  personalIdNumber: z.string().nullable(),
  cpf_number: z.string().nullable(),
  securityQuestion: z.string().nullable(),
  securityAnswer: z.string().nullable(),
};
export type ProfileExtraField = keyof typeof profileExtraShape;
export const PROFILE_EXTRA_FIELDS = Object.keys(profileExtraShape) as ProfileExtraField[];

/** GET /api/player/profile (spec §3 Profile, BE-20). */
export const Profile = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    emailConfirmed: z.boolean(),
    nickname: z.string().nullable(),
    phone: z.string().nullable(),
    country: CountryCode.nullable(),
    currency: z.string().nullable(),
    locale: LocaleCode.nullable(),
    status: z.number().int(),
    freshchatRestoreId: z.string().nullable(),
    pwaInstalled: z.boolean(),
    isNewlyRegistered: z.boolean(),
    receiveEmailPromo: z.boolean(),
    receiveSmsPromo: z.boolean(),
    affiliateTag: z.string().nullable(),
    /** Identity verification (KY-01): set by the verification provider's signed webhook. */
    verificationStatus: VerificationStatus,
    createdAt: z.string(),
    ...profileExtraShape,
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ data: Profile });

const editableText = text.nullable().optional();

/**
 * PUT /api/player/profile: profile-scenario fields (only editable ones may change), or
 * `{freshchatRestoreId}` (ST-12), or `{pwaInstalled}` (ST-05). Checked against the profile
 * descriptors; 422 with `error.fields` otherwise (PR-02, BE-08, BE-20).
 */
export const ProfileUpdateBody = z
  .strictObject({
    nickname: NicknameInput.nullable().optional(),
    email: editableText,
    phone: editableText,
    country: editableText,
    currency: editableText,
    locale: editableText,
    receiveEmailPromo: FlagValue.optional(),
    receiveSmsPromo: FlagValue.optional(),
    freshchatRestoreId: z.string().max(255).nullable().optional(),
    pwaInstalled: z.boolean().optional(),
    firstName: editableText,
    lastName: editableText,
    nationality: editableText,
    gender: editableText,
    city: editableText,
    address: editableText,
    additionalAddress: editableText,
    postalCode: editableText,
    timeZone: editableText,
    profession: editableText,
    language: editableText,
    birthdate: editableText,
    placeOfBirth: editableText,
    personalIdNumber: editableText,
    cpf_number: editableText,
    securityQuestion: editableText,
    securityAnswer: editableText,
  })
  .meta({ id: "ProfileUpdateBody" });
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/**
 * PUT /api/player/passwords (PR-04, BE-18). Every other session ends, whatever
 * `closeOtherSessions` says (ADR 0022; kept for older clients).
 */
export const PasswordChangeBody = z.strictObject({
  currentPassword: z.string().max(1024).optional(),
  newPassword: z.string().max(1024).optional(),
  repeatNewPassword: z.string().max(1024).optional(),
  closeOtherSessions: z.boolean().optional(),
});
export const PasswordChangeResponse = z.object({
  data: z.object({ closedSessions: z.number().int() }),
});

/**
 * POST /api/player/passwords/reset (SI-29, BE-18): `login` is the account's e-mail (or phone).
 * The answer is the same whether or not the account exists.
 */
export const PasswordResetBody = z.strictObject({ login: text });
/** POST /api/player/passwords/confirm (SI-30): the code from the password-reset/{resetCode} page. */
export const PasswordConfirmBody = z.strictObject({
  resetCode: z.string().max(256),
  password: z.string().max(1024).optional(),
  password_confirmation: z.string().max(1024).optional(),
});

/** POST /api/player/profile/confirmations/email: the code from the verify/{confirmCode} page. */
export const EmailConfirmBody = z.strictObject({ confirmCode: z.string().max(256) });

/** Answer of calls that only say "done" (reset requested, code resent, session closed, logout). */
export const OkResponse = z.object({ data: z.object({ ok: z.literal(true) }) });
