// Settlement of the sandbox book's bets: a bet is decided once every leg has a result (the seeded
// result of an ended event, a console result, or void), then moves open → settling with its
// settlement call stored (pending) before the call is sent, so a crash or an unanswered call is
// sent again with the same transaction id. Calls go out through the platform's `bulk` call (up to
// 1,000 a request), or one by one when the platform has no bulk call (404).
//   won / lost: `win` (0 for a lost bet) with `settlement`; all legs void: `rollback` (stake back);
//   cash-out: `win` with settlement.status cashed_out; a corrected result: `resettle`.
import { SportsbookError } from "@casino/contract/sportsbook-sandbox";
import { AppError } from "../../infra/errors";
import {
  cashOutOffer,
  oddsCents,
  payoutFor,
  sendBet,
  snapshotsFor,
  toMajor,
  transactionIds,
} from "./bets";
import { BOOK_GAME_CODE, type Book, type Snapshot, snapshot } from "./catalogue";
import { eventById, seededResult } from "./engine";
import { PlatformUnreachable, type SettlementCall } from "./platform-client";
import {
  type BetRecord,
  bookRepository,
  type LegRecord,
  type PendingSettlement,
} from "./repository";

/** Settlements per bulk call (the platform's maximum). */
export const BULK_SIZE = 1000;

type Results = Map<string, Map<string, string | null>>;

function legResult(
  leg: LegRecord,
  snaps: Map<string, Snapshot>,
  results: Results,
): LegRecord["result"] {
  const snap = snaps.get(leg.eventId);
  if (!snap) return "void";
  if (snap.state.status === "void") return "void";
  const set = results.get(leg.eventId);
  if (set?.has(leg.marketId)) {
    const winner = set.get(leg.marketId);
    return winner === null ? "void" : winner === leg.selectionId ? "won" : "lost";
  }
  if (snap.state.status !== "ended") return null;
  const winner = seededResult(snap.event, leg.marketId);
  if (winner === undefined || winner === null) return "void";
  return winner === leg.selectionId ? "won" : "lost";
}

/** The settlement of a bet whose legs all have results; null while one is open. */
export function decide(
  bet: BetRecord,
  snaps: Map<string, Snapshot>,
  results: Results,
  resettle = false,
): PendingSettlement | null {
  const legs = bet.legs.map((leg) => legResult(leg, snaps, results));
  if (legs.some((result) => result === null)) return null;
  const ids = transactionIds(bet.id);
  if (!resettle && legs.every((result) => result === "void")) {
    return {
      status: "void",
      payout: bet.stake.toString(),
      legs,
      item: {
        call: "rollback",
        body: {
          token: bet.platformToken,
          transactionId: ids.rollback,
          referenceTransactionId: ids.bet,
          roundId: bet.id,
          closeRound: true,
        },
      },
    };
  }
  const odds = bet.legs.map((leg, index) =>
    legs[index] === "won" ? oddsCents(leg.odds) : legs[index] === "void" ? 100n : 0n,
  );
  const payout = payoutFor(bet.stake, bet.type, bet.system, odds);
  const status = payout > 0n ? "won" : "lost";
  const settlement = { status, legs: legs.map((result) => ({ result })) } as const;
  const amount = toMajor(payout, bet.decimals);
  const item: SettlementCall = resettle
    ? {
        call: "resettle",
        body: {
          token: bet.platformToken,
          transactionId: ids.resettle(bet.resettles + 1),
          roundId: bet.id,
          amount,
          currency: bet.currency,
          settlement,
        },
      }
    : {
        call: "win",
        body: {
          token: bet.platformToken,
          transactionId: ids.win,
          roundId: bet.id,
          amount,
          currency: bet.currency,
          gameCode: BOOK_GAME_CODE,
          closeRound: true,
          settlement,
        },
      };
  return { status, payout: payout.toString(), legs, item };
}

async function contextFor(book: Book, bets: BetRecord[]) {
  const ids = [...new Set(bets.flatMap((bet) => bet.legs.map((leg) => leg.eventId)))];
  const repo = bookRepository(book.ctx.db);
  const [overrides, results] = await Promise.all([repo.overrides(ids), repo.results(ids)]);
  const now = book.ctx.now().getTime();
  const snaps = new Map<string, Snapshot>();
  for (const id of ids) {
    const event = eventById(book.seed, id);
    if (event) snaps.set(id, snapshot(book, event, now, overrides.get(id)));
  }
  return { snaps, results };
}

/** Sends settling bets' calls and records what the platform took. Returns how many it took. */
export async function sendSettlements(book: Book, bets: BetRecord[]): Promise<number> {
  const repo = bookRepository(book.ctx.db);
  let taken = 0;
  const sending = bets.filter((bet) => bet.pending);
  for (let start = 0; start < sending.length; start += BULK_SIZE) {
    const batch = sending.slice(start, start + BULK_SIZE);
    if (batch.length === 0) continue;
    let outcomes: { status: number; code?: number; message?: string }[];
    try {
      const bulk = await book.platform.bulk(batch.map((bet) => bet.pending!.item));
      if (bulk) {
        outcomes = bulk.map((result) => ({
          status: result.status,
          ...(result.error ? { code: result.error.code, message: result.error.message } : {}),
        }));
      } else {
        outcomes = [];
        for (const bet of batch) {
          try {
            const result = await book.platform.single(bet.pending!.item);
            outcomes.push(
              result.ok
                ? { status: 200 }
                : { status: result.status, code: result.code, message: result.message },
            );
          } catch (error) {
            if (!(error instanceof PlatformUnreachable)) throw error;
            outcomes.push({ status: 503, code: 0, message: error.message });
          }
        }
      }
    } catch (error) {
      if (!(error instanceof PlatformUnreachable)) throw error;
      await repo.noteErrors(
        batch.map((bet) => ({ id: bet.id, error: { code: 0, message: error.message } })),
        book.ctx.now(),
      );
      continue;
    }
    const finished: Parameters<ReturnType<typeof bookRepository>["finishMany"]>[0] = [];
    const failed: { id: string; error: object }[] = [];
    for (const [index, bet] of batch.entries()) {
      const outcome = outcomes[index]!;
      const pending = bet.pending!;
      if (outcome.status === 200) {
        finished.push({
          id: bet.id,
          status: pending.status,
          payout: BigInt(pending.payout),
          legs: bet.legs.map((leg, i) => ({ ...leg, result: pending.legs[i] ?? null })),
        });
      } else {
        failed.push({
          id: bet.id,
          error: { code: outcome.code ?? outcome.status, message: outcome.message ?? "refused" },
        });
      }
    }
    const now = book.ctx.now();
    taken += await repo.finishMany(finished, now);
    await repo.noteErrors(failed, now);
  }
  return taken;
}

/**
 * The settlement job's work: decides the open bets (of these events, or all) whose legs all have
 * results, and sends their settlements; then sends again what an earlier run left unsent.
 */
export async function settleDue(
  book: Book,
  options: { eventIds?: string[]; retryOlderThanMs?: number } = {},
): Promise<{ settled: number; pending: number }> {
  const repo = bookRepository(book.ctx.db);
  let settled = 0;
  let pending = 0;
  let after = "";
  for (;;) {
    const open = await repo.openBets(options.eventIds ?? null, BULK_SIZE, after);
    if (open.length === 0) break;
    after = open.at(-1)!.id;
    const { snaps, results } = await contextFor(book, open);
    const decided: BetRecord[] = [];
    for (const bet of open) {
      const settlement = decide(bet, snaps, results);
      if (settlement) decided.push({ ...bet, status: "settling", pending: settlement });
    }
    const moved = await repo.markSettling(
      decided.map((bet) => ({ id: bet.id, pending: bet.pending! })),
      book.ctx.now(),
    );
    const ready = decided.filter((bet) => moved.has(bet.id));
    const taken = await sendSettlements(book, ready);
    settled += taken;
    pending += ready.length - taken;
    if (open.length < BULK_SIZE) break;
  }
  // What a crash or an unanswered call left (not the ones just tried).
  const olderThan = new Date(book.ctx.now().getTime() - (options.retryOlderThanMs ?? 10_000));
  const left = await repo.sendingBets(BULK_SIZE, olderThan);
  if (left.length > 0) settled += await sendSettlements(book, left);
  return { settled, pending };
}

/** Placements a crash or a lost answer left: cancel them (rollback), as the protocol asks. */
export async function finishPlacements(book: Book, olderThanMs = 10_000): Promise<number> {
  const repo = bookRepository(book.ctx.db);
  const stuck = await repo.stuckPlacements(new Date(book.ctx.now().getTime() - olderThanMs), 100);
  let done = 0;
  for (const bet of stuck) {
    if (bet.status === "placing") {
      if (!(await repo.move(bet.id, ["placing"], "cancelling", { now: book.ctx.now() }))) continue;
    }
    const after = await sendBet(book, { ...bet, status: "cancelling" });
    if (after.status === "cancelled") done++;
  }
  return done;
}

// ---- console and cash-out ----
export async function cashOut(
  book: Book,
  bet: BetRecord,
  accepted: bigint | null,
): Promise<BetRecord> {
  const repo = bookRepository(book.ctx.db);
  const snaps = await snapshotsFor(book, [bet]);
  const offer = cashOutOffer(bet, snaps);
  if (offer === null || (accepted !== null && offer !== accepted)) {
    throw new AppError(
      409,
      SportsbookError.CashOutUnavailable,
      offer === null
        ? "Cash-out is not available for this bet right now"
        : `The cash-out offer changed to ${toMajor(offer, bet.decimals)}: try again`,
    );
  }
  const { results } = await contextFor(book, [bet]);
  const legs = bet.legs.map((leg) => {
    const snap = snaps.get(leg.eventId);
    if (!snap) return null;
    if (snap.state.status === "void") return "void" as const;
    const set = results.get(leg.eventId);
    if (set?.has(leg.marketId)) {
      const winner = set.get(leg.marketId);
      return winner === null ? ("void" as const) : winner === leg.selectionId ? "won" : "lost";
    }
    return null;
  });
  const pending: PendingSettlement = {
    status: "cashed_out",
    payout: offer.toString(),
    legs,
    item: {
      call: "win",
      body: {
        token: bet.platformToken,
        transactionId: transactionIds(bet.id).win,
        roundId: bet.id,
        amount: toMajor(offer, bet.decimals),
        currency: bet.currency,
        gameCode: BOOK_GAME_CODE,
        closeRound: true,
        settlement: { status: "cashed_out", legs: legs.map((result) => ({ result })) },
      },
    },
  };
  if (!(await repo.move(bet.id, ["open"], "settling", { now: book.ctx.now(), pending }))) {
    throw new AppError(409, SportsbookError.CashOutUnavailable, "This bet is no longer open");
  }
  const moved = { ...bet, status: "settling" as const, pending };
  // Not taken now: the job sends it again; the player sees it as cashed out on its way.
  await sendSettlements(book, [moved]);
  return (await repo.findBet(bet.id)) ?? moved;
}

/** Console: a corrected result of a market; settled bets on it get a `resettle`. */
export async function resettleMarket(
  book: Book,
  eventId: string,
  marketId: string,
  selectionId: string | null,
): Promise<{ settled: number; pending: number }> {
  const repo = bookRepository(book.ctx.db);
  await repo.setResult(eventId, marketId, selectionId, book.ctx.now());
  const bets = (await repo.settledBetsOn(eventId)).filter((bet) =>
    bet.legs.some((leg) => leg.eventId === eventId && leg.marketId === marketId),
  );
  const { snaps, results } = await contextFor(book, bets);
  const ready: BetRecord[] = [];
  for (const bet of bets) {
    const settlement = decide(bet, snaps, results, true);
    if (!settlement) continue;
    const same =
      BigInt(settlement.payout) === bet.payout &&
      settlement.legs.every((result, index) => result === bet.legs[index]?.result);
    if (same) continue;
    if (
      await repo.move(bet.id, ["won", "lost"], "resettling", {
        now: book.ctx.now(),
        pending: settlement,
        resettled: true,
      })
    ) {
      ready.push({ ...bet, status: "resettling", pending: settlement });
    }
  }
  const taken = await sendSettlements(book, ready);
  const open = await settleDue(book, { eventIds: [eventId] });
  return { settled: taken + open.settled, pending: ready.length - taken + open.pending };
}
