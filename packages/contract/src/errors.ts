import { z } from "zod";

/**
 * One error body for every route (BE-02).
 * - 422: `error.fields` maps a field name (dot path for nested fields) to its messages.
 * - coded errors: a numeric `code` the client matches on, and a human `message`.
 */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.number().int(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Numeric error codes. HTTP-like codes mirror the status; 11xxx and 13xxx are the spec's coded errors. */
export const ErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  /** A method the site does not answer (TRACE, PROPFIND, ...): Allow lists those it does. */
  MethodNotAllowed: 405,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnprocessableEntity: 422,
  TooManyRequests: 429,
  Internal: 500,
  ServiceUnavailable: 503,
  /** Phone verification: the one-time code is wrong, expired or used. */
  OtpInvalid: 11003,
  /** Phone verification: too many wrong guesses; the code is burnt, request a new one. */
  OtpAttemptsExceeded: 11004,
  /** One-time code send: the resend limit is reached. */
  OtpResendLimit: 11005,
  /** Sign-in or sign-up from a country with restrict and restrictType 2 (BE-13). */
  CountryRestricted: 11010,
  /** Social login: the provider did not verify the e-mail (the client shows the social e-mail error). */
  SocialEmailUnverified: 11020,
  /** Social login: the provider refused or the callback is invalid (bad state, code or signature). */
  SocialLoginFailed: 11021,
  /** Password reset / e-mail confirmation / auto-login: the code or token is wrong, used or expired. */
  CodeInvalid: 11030,
  /** Login: the account is blocked (HTTP 403). */
  AccountBlocked: 11040,
  /**
   * Deposits: a deposit limit is reached (or the deposit would go past it), or a cooling-off or
   * self-exclusion is on. Deposit methods and deposit invoices answer it (BE-24).
   */
  DepositLimitReached: 13100,
  /** A bet or loss limit stops the bet (game-limit-reached modal). */
  GameLimitReached: 13110,
  /** Self-excluded or cooling off: no bets until the block ends (deposits answer 13100). */
  PlayerExcluded: 13111,
  /** The limit cannot be changed or removed now: self-exclusion, cooling-off, or a change not yet due. */
  LimitLocked: 13112,
  /**
   * Withdrawal refused: worth more than VERIFICATION_REQUIRED_ABOVE in the base currency and
   * the player's identity is not verified (HTTP 422, the message also in error.fields.amount).
   */
  VerificationRequired: 13120,
  /** Deposit refused: the profile is limited (status 2). */
  ProfileLimited: 13102,
  /** The payment provider failed to create the payment (the invoice is marked failed). */
  PaymentProcessorError: 13500,
  /** Site content: no content at that path. */
  ContentNotFound: 14404,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
