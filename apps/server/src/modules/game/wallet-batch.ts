// Bets and wins of many players applied together (docs/performance.md "Games"; ADR 0011).
//
// A call costs the database about the same whether it is alone in its transaction or one of
// fifty: the lock, the state read, the ledger posting and the round, transaction and outbox
// writes are each one statement for the whole batch, and there is one commit. So calls that
// arrive while a batch is in flight wait and go together in the next one:
// - a batch holds at most one call per player and per round, so each call reads the state the
//   calls before it left (a player's calls keep their order: a later call never overtakes an
//   earlier one still waiting);
// - in its transaction the batch locks its players (in id order), reads every call's state in
//   one statement and checks it (wallet-calls.ts `checkCall`, as a call alone does), posts all
//   postings in one `ledger_post_arrays`, and records all movements in one statement;
// - the checks that read more run for the whole batch at once: the bet, loss and exclusion
//   limits of players that have them (risk/enforce-limits.ts `betLimitRefusals`), the bonus
//   rules and the real/bonus split of a stake (bonus/bonus-bets.ts `planBets`) and of a win in a
//   round with bonus stakes (`splitWins`), then the bonus bets and bonus parts in one statement
//   each; a refusal is recorded with its realtime event. A win of a platform free-spins grant
//   is paid to the grant (wallet-win.ts `payFreeSpinsWin`); a freeSpinsId the platform did not
//   grant is refused (15013);
// - a batch that fails as a whole (a deadlock, a lost connection, a fault of one call that
//   sinks the statement) writes nothing, and each of its calls runs alone, so one bad call
//   never takes the others down with it.
// A call alone (batching off, or after a failed batch) is `applyTogether` with one call in its
// own transaction: one code path, so a call gets the same answer alone or in any batch.
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { failPoint } from "../../lib/fail-point";
import { onNextTurn } from "../../lib/next-turn";
import {
  type BetPlan,
  creditBonusParts,
  type MoneySplit,
  planBets,
  playerLegs,
  recordBonusBets,
  splitWins,
} from "../bonus/bonus-bets";
import { findFreeSpinGrant } from "../bonus/free-spin-wins";
import { betLimitRefusals } from "../risk/enforce-limits";
import { postInTransaction } from "../wallet/ledger";
import type { WalletAccountRecord } from "../wallet/repository";
import { fail } from "./provider-wallet";
import { recordSportCalls } from "./sport-bets";
import { recordLimitRefusal } from "./wallet-bet";
import {
  betPosted,
  betPosting,
  checkCall,
  type MoneyCall,
  readCallStates,
  recordRefusal,
  refusal,
  settle,
  winPosted,
  winPosting,
} from "./wallet-calls";
import {
  type CallState,
  gameWalletRepository,
  type Movement,
  type StoredAnswer,
} from "./wallet-repository";
import { payFreeSpinsWin } from "./wallet-win";

export interface WalletBatcherOptions {
  /** Calls per batch at most; 1 runs every call alone. */
  maxBatch: number;
  /** Batches in flight at once (1 on PGlite, which has one connection). */
  maxInFlight: number;
  /**
   * A batcher whose calls go first: while it has calls waiting, or more than `yieldAbove`
   * batches in flight, this one starts no batch (bulk settlements yield to the casino's calls,
   * so a match ending does not slow the players at the tables).
   */
  yieldTo?: GameWalletBatcher;
  /** In-flight batches of `yieldTo` this one still starts beside (default 0). */
  yieldAbove?: number;
}

/** What a batch decided for one call. */
type Outcome =
  | { kind: "answer"; answer: StoredAnswer }
  | { kind: "error"; error: unknown }
  | { kind: "alone" };

interface Pending {
  call: MoneyCall;
  resolve: (answer: StoredAnswer) => void;
  reject: (error: unknown) => void;
}

export class GameWalletBatcher {
  private queue: Pending[] = [];
  /** Players with a call being applied: their next calls wait for it. */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  /** Batchers yielding to this one: told when it may have room for them. */
  private readonly yielding: GameWalletBatcher[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly options: WalletBatcherOptions,
  ) {
    options.yieldTo?.yielding.push(this);
  }

  /** Whether a batcher yielding to this one should wait. */
  private busyFor(yieldAbove: number): boolean {
    return this.queue.length > 0 || this.inFlight > yieldAbove;
  }

  /** Applies a prepared bet or win (wallet-calls.ts `prepareCall`) and answers it. */
  run(call: MoneyCall): Promise<StoredAnswer> {
    if (this.options.maxBatch <= 1) return this.alone(call);
    return new Promise((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      this.schedule();
    });
  }

  /** One call in a transaction of its own. */
  private async alone(call: MoneyCall): Promise<StoredAnswer> {
    const [outcome] = await this.ctx.db.transaction((tx) =>
      applyTogether(tx, this.ctx, [call], this.ctx.now()),
    );
    if (outcome?.kind === "error") throw outcome.error;
    if (outcome?.kind !== "answer") throw new Error("a wallet call alone was left unanswered");
    return outcome.answer;
  }

  /**
   * Starts batches on the next turn of the event loop, after the requests already waiting for
   * I/O have queued their calls too.
   */
  private readonly schedule = onNextTurn(() => this.pump());

  private pump(): void {
    const { yieldTo, yieldAbove = 0 } = this.options;
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      // Woken again by yieldTo when one of its batches ends.
      if (yieldTo?.busyFor(yieldAbove)) return;
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const players = new Set<string>();
      const rounds = new Set<string>();
      /** Players with a call left in the queue: their later calls stay behind it. */
      const held = new Set<string>();
      for (const pending of this.queue) {
        const player = pending.call.session.playerId;
        const round = `${pending.call.provider.id}\n${pending.call.body.roundId}`;
        if (
          batch.length >= this.options.maxBatch ||
          this.busy.has(player) ||
          players.has(player) ||
          held.has(player) ||
          rounds.has(round)
        ) {
          rest.push(pending);
          held.add(player);
          continue;
        }
        batch.push(pending);
        players.add(player);
        rounds.add(round);
      }
      if (batch.length === 0) return;
      this.queue = rest;
      for (const player of players) this.busy.add(player);
      this.inFlight++;
      void this.apply(batch).finally(() => {
        this.inFlight--;
        this.schedule();
        for (const other of this.yielding) other.schedule();
      });
    }
  }

  private async apply(batch: Pending[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.ctx.db.transaction((tx) =>
        applyTogether(
          tx,
          this.ctx,
          batch.map((pending) => pending.call),
          this.ctx.now(),
        ),
      );
      failPoint("game.batch-committed");
    } catch {
      // Nothing of the batch was written: each call again, alone.
      outcomes = batch.map(() => ({ kind: "alone" }));
    }
    await Promise.all(
      batch.map(async (pending, index) => {
        const outcome = outcomes[index] ?? { kind: "alone" };
        try {
          if (outcome.kind === "answer") pending.resolve(outcome.answer);
          else if (outcome.kind === "error") pending.reject(outcome.error);
          else pending.resolve(await this.alone(pending.call));
        } catch (error) {
          pending.reject(error);
        } finally {
          this.busy.delete(pending.call.session.playerId);
          this.schedule();
        }
      }),
    );
  }
}

/** A call of the batch that passed its checks, with what it read. */
interface Checked {
  index: number;
  call: MoneyCall;
  state: CallState;
  wallet: WalletAccountRecord;
}

/** A call whose money moves: a bet's real/bonus split (and bonus plan), or a win's split. */
type Paying = Checked &
  (
    | {
        pays: "bet";
        fromReal: bigint;
        fromBonus: bigint;
        plan: Extract<BetPlan, { kind: "bonus" }> | null;
      }
    | { pays: "win"; split: MoneySplit }
  );

/**
 * In the batch's transaction: locks, state, checks (the limit and bonus ones set-based),
 * postings, refusals and movements of calls of distinct players and rounds.
 */
async function applyTogether(
  tx: Queryable,
  ctx: AppContext,
  calls: readonly MoneyCall[],
  now: Date,
): Promise<Outcome[]> {
  const games = gameWalletRepository(tx);
  await games.lockPlayers(calls.map((call) => call.session.playerId));
  const states = await readCallStates(tx, calls, now);
  const outcomes: Outcome[] = new Array(calls.length);
  const answer = (index: number, value: StoredAnswer) => {
    outcomes[index] = { kind: "answer", answer: value };
  };
  const bets: Checked[] = [];
  const wins: Checked[] = [];
  const freeSpinWins: Checked[] = [];
  const settled: { checked: Checked; answer: StoredAnswer; movement: Movement }[] = [];
  const settle0 = (checked: Checked) => {
    // A win of 0: the round's result, no money moves.
    const { call, state, wallet } = checked;
    const { real, bonus } = wallet.balances;
    const after = { real, bonus, ledgerTransactionId: null, moved: false };
    settled.push({ checked, ...settle(call, state, wallet, after, now) });
  };

  calls.forEach((call, index) => {
    const state = states[index]!;
    let wallet: WalletAccountRecord;
    try {
      wallet = checkCall(call, state, now);
    } catch (error) {
      outcomes[index] = { kind: "error", error };
      return;
    }
    const checked = { index, call, state, wallet };
    if (call.kind === "bet") bets.push(checked);
    else if (call.body.freeSpinsId !== undefined) freeSpinWins.push(checked);
    else if (call.amount > 0n) wins.push(checked);
    else settle0(checked);
  });

  // Wins of platform free spins: paid to their grant. A freeSpinsId the platform did not grant
  // (to this player, for this game and currency, with spins left) is refused (15013): the
  // platform pays no free spins it did not give, and a win without a bet opens no round.
  for (const checked of freeSpinWins) {
    const { call } = checked;
    const { playerId, currency, gameId } = call.session;
    const freeSpinsId = call.body.freeSpinsId!;
    const spins = await findFreeSpinGrant(tx, { playerId, freeSpinsId, currency, gameId });
    if (!spins) {
      outcomes[checked.index] = { kind: "error", error: fail.unknownFreeSpins() };
      continue;
    }
    const paid = await payFreeSpinsWin(tx, ctx, { ...checked, spins }, now);
    settled.push({ checked, ...paid });
  }

  // Bet, loss and exclusion limits (assertCanBet's checks, for the batch at once).
  const limited = bets.filter(({ state }) => state.limitChecks);
  const limitRefusals = await betLimitRefusals(
    tx,
    limited.map(({ call }) => ({
      playerId: call.session.playerId,
      currency: call.session.currency,
      stake: call.amount,
      now,
      playerLocked: true, // by lockPlayers
    })),
  );
  const refusedByLimit = new Set<Checked>();
  for (const [position, checked] of limited.entries()) {
    const refusal = limitRefusals[position];
    if (!refusal) continue;
    refusedByLimit.add(checked);
    const { call, state, wallet, index } = checked;
    answer(index, await recordLimitRefusal(tx, call, state, wallet, refusal, now));
  }

  // The bonus rules and the real/bonus split of stakes (planBets) and wins (splitWins).
  const bonusBets = bets.filter(
    (checked) => checked.state.bonusChecks && !refusedByLimit.has(checked),
  );
  const plans = await planBets(
    tx,
    bonusBets.map(({ call, wallet }) => ({
      playerId: call.session.playerId,
      currency: call.session.currency,
      gameId: call.session.gameId,
      stake: call.amount,
      realBalance: wallet.balances.real,
      now,
    })),
  );
  const planOf = new Map(bonusBets.map((checked, position) => [checked, plans[position]!]));
  const bonusWins = wins.filter(({ state }) => state.bonusChecks);
  const splits = await splitWins(
    tx,
    bonusWins.map(({ call }) => ({
      round: {
        providerId: call.provider.id,
        providerRoundId: call.body.roundId,
        playerId: call.session.playerId,
      },
      win: call.amount,
    })),
  );
  const splitOf = new Map(bonusWins.map((checked, position) => [checked, splits[position]!]));

  const paying: Paying[] = [];
  for (const checked of bets) {
    if (refusedByLimit.has(checked)) continue;
    const { call, state, wallet, index } = checked;
    const plan = planOf.get(checked) ?? { kind: "plain" as const };
    if (plan.kind === "refuse") {
      const failure = refusal(call, wallet, plan.status, plan.code, plan.message);
      answer(index, await recordRefusal(tx, call, state, failure, null, now));
      continue;
    }
    const fromBonus = plan.kind === "bonus" ? plan.fromBonus : 0n;
    paying.push({
      ...checked,
      pays: "bet",
      fromReal: call.amount - fromBonus,
      fromBonus,
      plan: plan.kind === "bonus" ? plan : null,
    });
  }
  for (const checked of wins) {
    const split = splitOf.get(checked) ?? {
      toReal: checked.call.amount,
      toBonus: 0n,
      playerBonusId: null,
    };
    paying.push({ ...checked, pays: "win", split });
  }

  const results = await postInTransaction(
    tx,
    paying.map((item) =>
      item.pays === "bet"
        ? betPosting(item.call, item.wallet, item.fromReal, item.fromBonus)
        : winPosting(
            item.call,
            playerLegs(item.split, item.wallet.ledger, item.call.session.currency),
          ),
    ),
  );
  const refused: { checked: Checked; result: ReturnType<typeof betPosted> & { kind: "short" } }[] =
    [];
  const bonusBetsMade: Parameters<typeof recordBonusBets>[1][number][] = [];
  const bonusParts: MoneySplit[] = [];
  paying.forEach((item, position) => {
    const { call, state, wallet, index } = item;
    const posted = results[position];
    try {
      if (item.pays === "bet") {
        const { fromReal, fromBonus, plan } = item;
        const result = betPosted(call, wallet, posted, fromReal, fromBonus);
        if (result.kind === "short") {
          refused.push({ checked: item, result });
          return;
        }
        if (plan) {
          bonusBetsMade.push({
            plan,
            bet: {
              providerId: call.provider.id,
              providerTxId: call.body.transactionId,
              providerRoundId: call.body.roundId,
              playerId: call.session.playerId,
              now,
            },
          });
        }
        settled.push({
          checked: item,
          ...settle(call, state, wallet, { ...result, moved: true }, now),
        });
        return;
      }
      const after = { ...winPosted(wallet, posted, item.split), moved: true };
      bonusParts.push(item.split);
      settled.push({ checked: item, ...settle(call, state, wallet, after, now) });
    } catch (error) {
      outcomes[index] = { kind: "error", error };
    }
  });

  for (const { checked, result } of refused) {
    const { call, state, index } = checked;
    answer(
      index,
      await recordRefusal(tx, call, state, result.failure, result.ledgerTransactionId, now),
    );
  }
  await recordBonusBets(tx, bonusBetsMade);
  await creditBonusParts(tx, bonusParts);
  const roundIds = await games.recordMovements(
    settled.map((item) => item.movement),
    now,
  );
  await recordSportCalls(
    tx,
    settled.map((item) => item.checked.call),
    roundIds,
    now,
  );
  for (const { checked, answer: value } of settled) answer(checked.index, value);
  failPoint("game.batch-written");
  return outcomes;
}
