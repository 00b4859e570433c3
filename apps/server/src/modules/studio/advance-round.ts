// Drives a real round through its wallet calls, one state at a time, recording each state before
// the next call (crash safe: whatever a crash leaves, the retry job picks up from the row):
//
//   betting    → bet      → bet_placed (taken) | refused (coded 4xx) | cancelling (no answer)
//   bet_placed → win      → settled  (a win of "0" closes a lost round)
//   winning    → win      → settled  (platform free spins: no bet, the win carries freeSpinsId)
//   cancelling → rollback → cancelled
//
// Transaction ids derive from the round id, so a retry is the same call and the platform
// answers it from its first answer: the round never debits or credits twice.
import { toMajor } from "./amounts";
import { PlatformUnreachable, type WalletResult } from "./platform-client";
import { type RoundState, type StudioRoundRecord, studioRepository } from "./repository";
import type { Studio } from "./studio";

/** The platform's round id of a studio round. */
export function walletRoundId(roundId: string): string {
  return `studio:${roundId}`;
}

export function walletTransactionIds(roundId: string) {
  return {
    bet: `studio:${roundId}:bet`,
    win: `studio:${roundId}:win`,
    rollback: `studio:${roundId}:rollback`,
  };
}

/**
 * Runs the round's pending wallet calls until it settles, is refused or cancelled, or the
 * platform does not answer (then the round waits for the retry job). Returns the round as left.
 */
export async function advanceRound(
  studio: Studio,
  start: StudioRoundRecord,
): Promise<StudioRoundRecord> {
  const { ctx, platform } = studio;
  const repo = studioRepository(ctx.db);
  const session = await repo.findSession(start.sessionHash);
  if (start.mode !== "real" || !session?.platformToken) return start;
  const token = session.platformToken;
  const amount = (minor: bigint) => toMajor(minor, session.decimals);
  const roundId = walletRoundId(start.id);
  let round = start;

  const move = async (to: RoundState, change: { balance?: string; error?: object }) => {
    const moved = await repo.moveRound(round.id, round.state, to, { ...change, now: ctx.now() });
    const reloaded = await repo.findRound(round.id);
    if (reloaded) round = reloaded;
    return moved;
  };
  const refusal = (result: Extract<WalletResult, { ok: false }>) => ({
    code: result.code,
    message: result.message,
    ...(result.balance ? { balance: result.balance.balance } : {}),
  });

  for (let step = 0; step < 4; step++) {
    try {
      if (round.state === "betting") {
        const result = await platform.bet({
          token,
          transactionId: round.betTransactionId!,
          roundId,
          amount: amount(round.stake),
          currency: round.currency,
          gameCode: round.gameCode,
          closeRound: false,
        });
        const moved = result.ok
          ? await move("bet_placed", { balance: result.data.balance })
          : await move("refused", { error: refusal(result) });
        if (!moved) return round;
      } else if (round.state === "bet_placed" || round.state === "winning") {
        const result = await platform.win({
          token,
          transactionId: round.winTransactionId!,
          roundId,
          amount: amount(round.payout),
          currency: round.currency,
          gameCode: round.gameCode,
          closeRound: true,
          ...(round.freeSpinsExternalId ? { freeSpinsId: round.freeSpinsExternalId } : {}),
        });
        const moved = result.ok
          ? await move("settled", { balance: result.data.balance })
          : await move("failed", { error: refusal(result) });
        if (!moved) return round;
      } else if (round.state === "cancelling") {
        const result = await platform.rollback({
          token,
          transactionId: round.rollbackTransactionId!,
          referenceTransactionId: round.betTransactionId!,
          roundId,
          closeRound: true,
        });
        const moved = result.ok
          ? await move("cancelled", { balance: result.data.balance })
          : await move("failed", { error: refusal(result) });
        if (!moved) return round;
      } else {
        return round;
      }
    } catch (error) {
      if (!(error instanceof PlatformUnreachable)) throw error;
      if (round.state === "betting") {
        // The bet's fate is unknown: cancel it (a rollback of a bet the platform never saw
        // leaves a tombstone, so a late arrival is refused too).
        if (!(await move("cancelling", { error: { code: 0, message: error.message } }))) {
          return round;
        }
        continue;
      }
      await repo.noteAttempt(round.id, { code: 0, message: error.message }, ctx.now());
      return (await repo.findRound(round.id)) ?? round;
    }
  }
  return round;
}

/** How long a round must be left alone before the retry job takes it over. */
export const RETRY_GRACE_MS = 10_000;

/**
 * The retry job: rounds whose wallet calls a failure or a crash left unfinished (wins are
 * retried until the platform takes them; bets of unknown fate are rolled back). Safe on several
 * nodes at once: every call is idempotent by its transaction id and states move by
 * compare-and-set. Returns how many rounds it finished.
 */
export async function finishUnfinishedRounds(
  studio: Studio,
  options: { graceMs?: number; limit?: number } = {},
): Promise<number> {
  const repo = studioRepository(studio.ctx.db);
  const olderThan = new Date(studio.ctx.now().getTime() - (options.graceMs ?? RETRY_GRACE_MS));
  const rounds = await repo.unfinishedRounds(olderThan, options.limit ?? 50);
  let finished = 0;
  for (const round of rounds) {
    // A round of a request still in flight has just been touched and is not listed; one whose
    // request died mid-bet is cancelled, as the protocol asks for bets of unknown fate.
    let start = round;
    if (round.state === "betting") {
      if (!(await repo.moveRound(round.id, "betting", "cancelling", { now: studio.ctx.now() }))) {
        continue;
      }
      start = (await repo.findRound(round.id)) ?? round;
    }
    const after = await advanceRound(studio, start);
    if (after.state === "settled" || after.state === "cancelled") finished++;
  }
  return finished;
}
