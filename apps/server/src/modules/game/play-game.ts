// POST /api/game/games/{id}/play (GM-04, BE-32): a launch URL carrying a new game session
// token. Real play needs a signed-in player and binds the token to player, game, currency and
// wallet account; guests (or anyone asking for mode "demo") get a demo session with no money.
import { randomBytes } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import type { PlayGameFields } from "@casino/contract/game";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { assertReturnUrls } from "../../lib/return-url";
import { assertCanBet } from "../risk/enforce-limits";
import { accountForPlay } from "../wallet/accounts";
import { findPlayableGame } from "./get-game";
import { sha256 } from "./provider-wallet";
import type { GameCatalogueRepository, GameRecord } from "./repository";
import { gameWalletRepository } from "./wallet-repository";

/** How long a game session's token may place bets. */
export const GAME_SESSION_TTL_SECONDS = 12 * 3600;

export interface LaunchInput {
  gameId: string;
  body: PlayGameFields;
  country: string | null;
  player: { profileId: string; sessionId: string } | null;
}

function launchUrl(
  ctx: AppContext,
  game: GameRecord,
  values: { token: string; mode: string; currency: string; locale: string; returnUrl: string },
): string {
  const template =
    game.launchUrl ??
    `${ctx.config.publicUrl}/sandbox/games/{provider}/{gameCode}?token={token}&mode={mode}&currency={currency}&locale={locale}&returnUrl={returnUrl}`;
  const replacements: Record<string, string> = {
    provider: game.provider.slug,
    gameCode: game.code,
    ...values,
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in replacements ? encodeURIComponent(replacements[name]!) : whole,
  );
}

export async function playGame(ctx: AppContext, repo: GameCatalogueRepository, input: LaunchInput) {
  // Where the game's home button sends the browser: a path of this site only.
  assertReturnUrls(ctx.config, { returnUrl: input.body.returnUrl });
  const game = await findPlayableGame(repo, input.gameId, input.country);
  const mode = input.player ? input.body.mode : "demo";
  if (!input.player && input.body.mode === "real") {
    throw AppError.unauthorized("Sign in to play for real money");
  }
  if (mode === "demo" && !game.hasDemo) {
    throw AppError.unprocessable({ mode: ["This game has no demo"] });
  }
  const now = ctx.now();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + GAME_SESSION_TTL_SECONDS * 1000);
  const common = {
    tokenHash: sha256(token),
    providerId: game.provider.id,
    gameId: game.id,
    country: input.country,
    now,
    expiresAt,
  };
  let currency: string | null = null;
  if (mode === "real" && input.player) {
    const player = input.player;
    currency = await ctx.db.transaction(async (tx) => {
      const account = await accountForPlay(tx, ctx, player.profileId, input.body.currency);
      if (!account) {
        throw AppError.unprocessable({ currency: ["You have no wallet account in this currency"] });
      }
      // Self-excluded or cooling off: refused before the game opens (13111), as bets would be.
      await assertCanBet(tx, {
        playerId: player.profileId,
        currency: account.currency,
        stake: 0n,
        now,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ErrorCode.GameLimitReached) return;
        throw error;
      });
      await gameWalletRepository(tx).createSession({
        ...common,
        mode: "real",
        playerId: player.profileId,
        playerSessionId: player.sessionId,
        walletAccountId: account.id,
        currency: account.currency,
      });
      return account.currency;
    });
  } else {
    await gameWalletRepository(ctx.db).createSession({
      ...common,
      mode: "demo",
      playerId: null,
      playerSessionId: null,
      walletAccountId: null,
      currency: null,
    });
  }
  return {
    url: launchUrl(ctx, game, {
      token,
      mode,
      currency: currency ?? "",
      locale: input.body.locale ?? "en",
      returnUrl: input.body.returnUrl ?? `/games/${game.slug}`,
    }),
    mode,
    token,
    currency,
    expiresAt: expiresAt.toISOString(),
  };
}
