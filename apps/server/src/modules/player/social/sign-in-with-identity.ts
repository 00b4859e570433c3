import { ErrorCode } from "@casino/contract/errors";
import {
  PlayerStatus,
  type SessionTokens,
  type SocialSignUpRequired,
} from "@casino/contract/player";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../../context";
import { AppError } from "../../../infra/errors";
import { settingsRepository } from "../../settings/repository";
import { openFirstAccount } from "../../wallet/accounts";
import { assertCountryAllowed } from "../assert-country-allowed";
import { audit } from "../audit";
import { derivedNickname, nicknamesUnique } from "../nickname";
import { DuplicatePlayerError, type PlayerRecord, playersRepository } from "../repository";
import { startSession } from "../start-session";
import { pendingSignUps } from "./pending-signups";
import { socialRepository } from "./repository";

/** Who a provider vouches for. */
export interface SocialIdentity {
  /** `oidc:<issuer>` or `telegram`. */
  provider: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** A display name or username, for the nickname of a new player. */
  name: string | null;
}

export interface SocialSignInInput {
  locale: string | null;
  fingerprint: string | null;
  affiliateTag: string | null;
}

/** What a new social player chose on the sign-up form (issue 31 item 7), checked by the caller. */
export interface SocialSignUpChoices {
  country: string;
  currency: string;
  receiveEmailPromo: boolean;
}

/**
 * BE-17, BE-44: finds the player of a verified identity (by the identity; else by its
 * provider-verified e-mail, linking it); refuses restricted countries (11010), unverified
 * e-mails (11020) and blocked accounts (11040); then starts a session like every other sign-in
 * path. An identity with no account yet gets one only with `signUp` (the 18+ and terms consent,
 * country and currency, issue 31 item 7); without it the identity is kept for the sign-up form
 * and the answer says so (SocialSignUpRequired).
 */
export async function signInWithIdentity(
  ctx: AppContext,
  request: FastifyRequest,
  identity: SocialIdentity,
  input: SocialSignInInput,
  signUp: SocialSignUpChoices | null = null,
): Promise<SessionTokens | SocialSignUpRequired> {
  const country = await assertCountryAllowed(ctx, request).catch(async (error: unknown) => {
    await audit(ctx, request, { event: "social", outcome: "restricted", login: identity.email });
    throw error;
  });
  if (identity.email !== null && !identity.emailVerified) {
    await audit(ctx, request, { event: "social", outcome: "failed", login: identity.email });
    throw new AppError(
      400,
      ErrorCode.SocialEmailUnverified,
      "The e-mail of this social account is not verified",
    );
  }

  const player = await findOrCreatePlayer(ctx, identity, input, country, signUp);
  if (player === null) {
    const defaults = await newPlayerDefaults(ctx, input, country);
    const { token, expiresAt } = await pendingSignUps(ctx.db).save({ identity, input }, ctx.now());
    return {
      signUpRequired: true,
      signUpToken: token,
      email: identity.email,
      country: defaults.country,
      currency: defaults.currency,
      expiresAt: expiresAt.toISOString(),
    };
  }
  if (player.status === PlayerStatus.Blocked) {
    await audit(ctx, request, { event: "social", outcome: "blocked", playerId: player.id });
    throw new AppError(403, ErrorCode.AccountBlocked, "This account is blocked");
  }
  if (input.affiliateTag && player.affiliateTag === null) {
    // BE-44: the first affiliate tag sticks; a later one never overwrites it.
    await ctx.db.query(
      "UPDATE players SET affiliate_tag = $2 WHERE id = $1 AND affiliate_tag IS NULL",
      [player.id, input.affiliateTag],
    );
  }
  const tokens = await startSession(ctx, {
    playerId: player.id,
    request,
    method: "social",
    fingerprint: input.fingerprint,
    country,
  });
  await audit(ctx, request, { event: "social", outcome: "ok", playerId: player.id, country });
  return tokens;
}

/** The identity's player, a new one made with `signUp`, or null: the sign-up form comes first. */
async function findOrCreatePlayer(
  ctx: AppContext,
  identity: SocialIdentity,
  input: SocialSignInInput,
  country: string | null,
  signUp: SocialSignUpChoices | null,
): Promise<PlayerRecord | null> {
  const players = playersRepository(ctx.db);
  const linked = await socialRepository(ctx.db).findPlayerId(identity.provider, identity.subject);
  if (linked) {
    const player = await players.findById(linked);
    if (player) return player;
  }
  if (!signUp) {
    // An account with the provider-verified e-mail is this player's: link and sign in.
    const byEmail = identity.email ? await players.findByEmail(identity.email) : null;
    if (!byEmail) return null;
  }
  const defaults = {
    ...(await newPlayerDefaults(ctx, input, country)),
    ...(signUp
      ? {
          country: signUp.country,
          currency: signUp.currency,
          agreements: true,
          receiveEmailPromo: signUp.receiveEmailPromo,
        }
      : {}),
  };
  const uniqueNicknames = await nicknamesUnique(ctx);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const txPlayers = playersRepository(tx);
        // The provider verified this e-mail, so it may sign in to the account that has it.
        const existing = identity.email ? await txPlayers.findByEmail(identity.email) : null;
        // Never an account without the sign-up form's consent.
        if (!existing && !signUp) return null;
        const nickname = existing
          ? null
          : ((await derivedNickname(tx, identity.name, uniqueNicknames)) ??
            (await derivedNickname(tx, identity.email?.split("@")[0] ?? null, uniqueNicknames)));
        const player =
          existing ??
          (await txPlayers.createPlayer(
            {
              email: identity.email,
              emailConfirmedAt: identity.email ? ctx.now() : null,
              nickname,
              ...defaults,
              registrationMethod: "social",
            },
            ctx.now(),
          ));
        // Of two first sign-ins racing, the identity links once; the loser's new player rolls back.
        const owner = await socialRepository(tx).link(
          identity.provider,
          identity.subject,
          player.id,
          identity.email,
        );
        if (owner !== player.id) throw new LinkedElsewhere(owner);
        if (!existing) await openFirstAccount(tx, ctx, player.id);
        return player;
      });
    } catch (error) {
      if (error instanceof LinkedElsewhere) {
        const owner = await players.findById(error.playerId);
        if (owner) return owner;
      }
      // A concurrent sign-up took the e-mail between our read and insert: look again.
      if (!(error instanceof DuplicatePlayerError) || attempt > 0) throw error;
    }
  }
  throw new Error("unreachable");
}

class LinkedElsewhere extends Error {
  constructor(readonly playerId: string) {
    super("identity already linked");
  }
}

/** Country and currency from the request country (SU-15's rule), locale if it is one of ours. */
async function newPlayerDefaults(
  ctx: AppContext,
  input: SocialSignInInput,
  country: string | null,
) {
  const settings = settingsRepository(ctx.db);
  const [record, locales] = await Promise.all([
    country ? settings.findCountry(country) : null,
    settings.listLocales(),
  ]);
  const locale = locales.some((known) => known.code === input.locale) ? input.locale : null;
  return {
    country: record ? record.code : null,
    currency: record?.currency ?? null,
    locale: locale ?? record?.locale ?? null,
    affiliateTag: input.affiliateTag,
    fingerprint: input.fingerprint,
  };
}
