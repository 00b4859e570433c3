// POST /studio/api/rounds: one round of the session's game. The outcome comes first, from the
// player's seed pair and the next nonce (never Math.random), and is stored with the round before
// any money moves; then the wallet calls run (advance-round.ts). Demo rounds move the studio's
// demo balance in the same transaction and never call the wallet. The same requestId again
// returns the same round: a double click or a retried request never plays (or debits) twice.
import { randomUUID } from "node:crypto";
import { ProviderWalletError } from "@casino/contract/game";
import {
  StudioError,
  type StudioPlayAnswer,
  type StudioPlayBody,
  type StudioRound,
} from "@casino/contract/studio";
import { floatStream } from "@casino/games/fairness";
import {
  assertRoundParams,
  playRound as playGameRound,
  type RoundParams,
  roundPayout,
  roundStake,
  SLOT_PAYLINES,
} from "@casino/games/rounds";
import { AppError } from "../../infra/errors";
import { advanceRound, walletTransactionIds } from "./advance-round";
import { toMajor, toMinor } from "./amounts";
import { type StudioRoundRecord, type StudioSessionRecord, studioRepository } from "./repository";
import { currentFairness } from "./seeds";
import { currentBalance, freeSpinsOf, platformUnavailable } from "./sessions";
import type { Studio } from "./studio";

class SameRequest extends Error {}

/** The round's parameters in minor units; 422 for amounts the currency cannot hold. */
function paramsOf(body: StudioPlayBody, decimals: number): RoundParams | null {
  switch (body.game) {
    case "dice":
      return {
        game: "dice",
        amount: toMinor(body.amount, decimals, "amount").toString(),
        target: body.target,
        direction: body.direction,
      };
    case "limbo":
      return {
        game: "limbo",
        amount: toMinor(body.amount, decimals, "amount").toString(),
        target: body.target,
      };
    case "roulette":
      return {
        game: "roulette",
        chips: body.chips.map((chip, index) => ({
          kind: chip.kind,
          at: chip.at,
          amount: toMinor(chip.amount, decimals, `chips.${index}.amount`).toString(),
        })),
      };
    case "baccarat":
      return {
        game: "baccarat",
        amount: toMinor(body.amount, decimals, "amount").toString(),
        bet: body.bet,
      };
    case "slot":
      if (body.freeSpin) return null; // the grant sets the bet
      if (body.lineBet === undefined) {
        throw AppError.unprocessable({ lineBet: ["Choose a bet per line"] });
      }
      return {
        game: "slot",
        lineBet: toMinor(body.lineBet, decimals, "lineBet").toString(),
        funding: "player",
      };
  }
}

function invalidBet(body: StudioPlayBody, error: RangeError): AppError {
  const field =
    body.game === "roulette"
      ? "chips"
      : body.game === "slot"
        ? "lineBet"
        : body.game === "baccarat"
          ? "amount"
          : /stake/.test(error.message)
            ? "amount"
            : "target";
  return AppError.unprocessable({ [field]: [error.message] });
}

/** What the player is told when the platform refuses a bet. */
export function refusalMessage(code: number): string {
  switch (code) {
    case ProviderWalletError.InsufficientFunds:
      return "Not enough money on your balance for this bet.";
    case ProviderWalletError.LimitReached:
      return "Bet not accepted: it would pass one of your bet or loss limits.";
    case ProviderWalletError.PlayerExcluded:
      return "Bet not accepted: your account is self-excluded or cooling off.";
    case ProviderWalletError.InvalidToken:
      return "Your game session has ended: reopen the game from the site.";
    case ProviderWalletError.AccountDisabled:
      return "Bet not accepted: your account is disabled.";
    default:
      return `Bet not accepted by the casino (code ${code}).`;
  }
}

export function toRoundView(round: StudioRoundRecord, decimals: number): StudioRound {
  return {
    id: round.id,
    game: round.gameCode as StudioRound["game"],
    mode: round.mode,
    state: round.state,
    currency: round.currency,
    stake: toMajor(round.stake, decimals),
    payout: toMajor(round.payout, decimals),
    params: round.params,
    outcome: round.outcome,
    serverSeedHash: round.serverSeedHash,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    freeSpinsId: round.freeSpinsExternalId,
    createdAt: round.createdAt.toISOString(),
  };
}

async function answerFor(
  studio: Studio,
  session: StudioSessionRecord,
  round: StudioRoundRecord,
): Promise<StudioPlayAnswer["data"]> {
  if (round.state === "refused") {
    const code = round.error?.code ?? 0;
    throw new AppError(400, code, refusalMessage(code));
  }
  if (round.state === "cancelling" || round.state === "cancelled") {
    throw platformUnavailable(
      "The casino's wallet did not answer in time: the bet was cancelled and not charged. Try again.",
    );
  }
  return {
    round: toRoundView(round, session.decimals),
    balance: round.balance ?? (await currentBalance(studio, session)),
    fairness: await currentFairness(studio, session.playerRef),
    freeSpins: await freeSpinsOf(studio, session),
  };
}

export async function playStudioRound(
  studio: Studio,
  session: StudioSessionRecord,
  body: StudioPlayBody,
): Promise<StudioPlayAnswer["data"]> {
  const { ctx } = studio;
  if (body.game !== session.gameCode) {
    throw AppError.unprocessable({ game: [`This session plays ${session.gameCode}`] });
  }
  const repo = studioRepository(ctx.db);
  const earlier = await repo.findRoundByRequest(session.playerRef, body.requestId);
  if (earlier) return answerFor(studio, session, earlier);

  const requested = paramsOf(body, session.decimals);
  if (requested) {
    try {
      assertRoundParams(requested);
    } catch (error) {
      if (error instanceof RangeError) throw invalidBet(body, error);
      throw error;
    }
  }
  await currentFairness(studio, session.playerRef); // the pair exists before the nonce is taken
  const id = randomUUID();
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const rounds = studioRepository(tx);
      let params = requested;
      let grantId: string | null = null;
      if (!params) {
        if (session.mode === "demo") {
          throw new AppError(400, StudioError.NoFreeSpins, "Free spins are for real play only");
        }
        const grant = await rounds.takeFreeSpin(
          session.playerRef,
          session.currency,
          session.gameCode,
          now,
        );
        if (!grant) throw new AppError(400, StudioError.NoFreeSpins, "No free spins left");
        grantId = grant.id;
        const perSpin = toMinor(grant.betPerSpin, session.decimals, "freeSpin");
        params = {
          game: "slot",
          lineBet: (perSpin / BigInt(SLOT_PAYLINES)).toString(),
          funding: "platform",
        };
      }
      const pair = await rounds.takeNonce(session.playerRef);
      if (!pair) throw new Error("studio: no active seed pair");
      const outcome = playGameRound(
        params,
        floatStream({
          serverSeed: pair.serverSeed,
          clientSeed: pair.clientSeed,
          nonce: pair.nonce,
        }),
      );
      const stake = roundStake(params);
      const payout = roundPayout(params, outcome);
      let balance: string | null = null;
      if (session.mode === "demo") {
        const after = await rounds.settleDemo(session.playerRef, stake, payout, now);
        if (after === null) {
          throw new AppError(
            400,
            StudioError.DemoInsufficientFunds,
            "Not enough play money for this bet: open the demo again to start over.",
          );
        }
        balance = toMajor(after, session.decimals);
      }
      const ids = walletTransactionIds(id);
      const inserted = await rounds.insertRound({
        id,
        mode: session.mode,
        playerRef: session.playerRef,
        sessionHash: session.tokenHash,
        requestId: body.requestId,
        gameCode: session.gameCode,
        params,
        outcome,
        seedPairId: pair.id,
        nonce: pair.nonce,
        currency: session.currency,
        stake,
        payout,
        freeSpinGrantId: grantId,
        state: session.mode === "demo" ? "settled" : grantId ? "winning" : "betting",
        betTransactionId: session.mode === "real" && !grantId ? ids.bet : null,
        winTransactionId: session.mode === "real" ? ids.win : null,
        rollbackTransactionId: session.mode === "real" && !grantId ? ids.rollback : null,
        balance,
        now,
      });
      // A concurrent request with the same id won: undo this one (nonce, spin, demo balance).
      if (!inserted) throw new SameRequest();
    });
  } catch (error) {
    if (!(error instanceof SameRequest)) throw error;
    const winner = await repo.findRoundByRequest(session.playerRef, body.requestId);
    if (!winner) throw error;
    return answerFor(studio, session, winner);
  }
  let round = await repo.findRound(id);
  if (!round) throw new Error("studio: the round vanished");
  if (round.mode === "real") round = await advanceRound(studio, round);
  return answerFor(studio, session, round);
}
