// Completion at the end time (the "tournament-completion" job; safe on several nodes and when
// run twice at once). One transaction per tournament:
// - claim: the row is locked FOR UPDATE and must still have completed_at NULL, so a second run
//   (here or on another node) waits and then finds it completed; settled-bet handlers hold
//   FOR SHARE on it, so no score moves while the places are taken;
// - places: participants with a score above zero, ranked by score, then the earlier reach, then
//   the earlier join; each place within the prize table gets its prize;
// - cash prizes: one ledger posting each from the house account 'tournaments' to the winner's real
//   balance in the tournament currency (their account is opened when they have none), keyed
//   `tournament.prize:<id>:<place>` so nothing is paid twice even outside this transaction;
// - bonus and free-spin prizes: issued through the bonus module (issueBonus, once per
//   `tournament:<id>:<place>`), the definition named by the prize's reward.bonus slug; pending
//   when there is none;
// - events: tournament.completed to each winner (TN-01), a messenger notification, the wallet
//   account after the credit, and the final leaderboard on the public channel.
// A tournament whose participants still have rounds settled before the end waiting for their
// first delivery to the scores waits for the next run.
import { type TournamentCompletedEvent, tournamentsChannel } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { raiseDomainEvent, type TournamentPrizePaidPayload } from "../../infra/domain-events";
import { issueBonus } from "../bonus/issue-bonus";
import { createNotification } from "../notification/create-notification";
import { publishWalletAccount } from "../wallet/accounts";
import { type Posting, postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import { publishLeaderboard } from "./publish";
import { type PrizeRow, tournamentRepository } from "./repository";
import { ordinal, toPrize } from "./view";

export const COMPLETION_JOB_INTERVAL_MS = 10_000;
/** The domain-event consumer name of the scores (score-bet.ts). */
export const TOURNAMENTS_CONSUMER = "tournaments";

/** Completes every due tournament; returns how many this call completed. */
export async function completeDueTournaments(ctx: AppContext): Promise<number> {
  const due = await ctx.db.query<{ id: string }>(
    `SELECT id FROM tournaments
      WHERE completed_at IS NULL AND ends_at <= $1 ORDER BY ends_at, id LIMIT 50`,
    [ctx.now()],
  );
  let completed = 0;
  for (const { id } of due) if (await completeTournament(ctx, id)) completed += 1;
  return completed;
}

interface Ranked {
  player_id: string;
  score: string;
}

/** Completes one tournament if it is due and not completed yet; true when this call did. */
export async function completeTournament(ctx: AppContext, tournamentId: string): Promise<boolean> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.query<{ id: string }>(
      `SELECT t.id FROM tournaments t
        WHERE t.id = $1 AND t.completed_at IS NULL AND t.ends_at <= $2
          -- Rounds of participants settled before the end that the scores have not taken yet
          -- (after the consumer's cursor, or queued for it by hand; not ones that failed and
          -- wait for a retry) hold the completion back until the next run.
          AND NOT EXISTS (
            SELECT 1 FROM domain_event_cursors c
              JOIN domain_events e ON (e.tx, e.id) > (c.tx, c.event_id)
             WHERE c.consumer = $3 AND e.type = 'game.bet.settled'
               AND (e.payload->>'closedAt')::timestamptz < t.ends_at
               AND e.player_id IN (SELECT p.player_id FROM tournament_participants p
                                    WHERE p.tournament_id = t.id))
          AND NOT EXISTS (
            SELECT 1 FROM domain_event_deliveries d
              JOIN domain_events e ON e.id = d.event_id
             WHERE d.consumer = $3 AND d.attempts = 0 AND e.type = 'game.bet.settled'
               AND (e.payload->>'closedAt')::timestamptz < t.ends_at
               AND e.player_id IN (SELECT p.player_id FROM tournament_participants p
                                    WHERE p.tournament_id = t.id))
        FOR UPDATE OF t`,
      [tournamentId, now, TOURNAMENTS_CONSUMER],
    );
    if (!claimed) return false;
    const repo = tournamentRepository(tx);
    const row = (await repo.findById(tournamentId))!;
    const prizes = await repo.prizes([tournamentId]);
    const lastPlace = Math.max(0, ...prizes.map((prize) => prize.place_to));
    const ranked = await tx.query<Ranked>(
      `SELECT player_id, score FROM tournament_participants
        WHERE tournament_id = $1 AND score > 0
        ORDER BY score DESC, reached_at ASC NULLS LAST, seq ASC
        LIMIT $2`,
      [tournamentId, lastPlace],
    );
    const subunit = BigInt(row.subunit_to_unit);
    const wallets = walletRepository(tx);
    const winners: {
      place: number;
      playerId: string;
      prize: PrizeRow;
      walletAccountId?: string;
    }[] = [];
    const postings: Posting[] = [];
    const house = ranked.length > 0 ? await wallets.houseAccount("tournaments", row.currency) : 0n;
    const prizeOf = (place: number) =>
      prizes.find((item) => item.place_from <= place && place <= item.place_to);
    // Prize winners' rows locked in one order, so two completions never wait on each other.
    const prizeWinners = ranked
      .filter((_, index) => prizeOf(index + 1) !== undefined)
      .map((entry) => entry.player_id)
      .sort();
    for (const playerId of new Set(prizeWinners)) await lockPlayer(tx, playerId);
    for (const [index, entry] of ranked.entries()) {
      const place = index + 1;
      const prize = prizeOf(place);
      if (!prize) continue;
      const winner: (typeof winners)[number] = { place, playerId: entry.player_id, prize };
      if (prize.kind === "cash" && prize.amount !== null) {
        const account = await wallets.open(entry.player_id, row.currency, now);
        const record = (await wallets.find(entry.player_id, account.id))!;
        winner.walletAccountId = account.id;
        const amount = BigInt(prize.amount);
        postings.push({
          key: `tournament.prize:${tournamentId}:${place}`,
          kind: "tournament.prize",
          legs: [
            { account: house, currency: row.currency, amount: -amount },
            { account: record.ledger.real, currency: row.currency, amount },
          ],
          metadata: { tournamentId, place, playerId: entry.player_id },
        });
      }
      winners.push(winner);
    }
    const results = await postInTransaction(tx, postings);
    const transactionOf = new Map(postings.map((posting, index) => [posting.key, results[index]!]));
    for (const result of results) {
      if (result.status !== "applied") {
        throw new Error(`tournament prize posting ${result.status}: ${result.reason ?? ""}`);
      }
    }
    const tournament = { id: row.id, identity: row.slug, title: row.title };
    for (const [index, entry] of ranked.entries()) {
      const place = index + 1;
      const winner = winners.find((item) => item.place === place);
      const posted = transactionOf.get(`tournament.prize:${tournamentId}:${place}`);
      const prize = winner ? toPrize(winner.prize, row.currency, subunit) : null;
      const granted =
        winner && winner.prize.kind !== "cash"
          ? await grantBonusPrize(tx, ctx, winner.prize, {
              playerId: winner.playerId,
              currency: row.currency,
              source: `tournament:${tournamentId}:${place}`,
            })
          : false;
      await tx.query(
        `INSERT INTO tournament_results (tournament_id, place, player_id, score, prize_kind,
           prize_amount, prize_title, status, ledger_transaction_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          tournamentId,
          place,
          entry.player_id,
          entry.score,
          winner?.prize.kind ?? null,
          winner?.prize.amount ?? null,
          prize?.title ?? null,
          !winner ? "none" : posted || granted ? "paid" : "pending",
          posted ? posted.transactionId.toString() : null,
          now,
        ],
      );
      if (!winner || !prize) continue;
      if (winner.walletAccountId) {
        await publishWalletAccount(tx, ctx, winner.playerId, winner.walletAccountId);
      }
      if (posted && !posted.replay) {
        // The reports' promotional costs (ADR 0020): once, with the posting.
        const paid: TournamentPrizePaidPayload = {
          tournamentId,
          place,
          playerId: winner.playerId,
          currency: row.currency,
          amount: BigInt(winner.prize.amount!).toString(),
          ledgerTransactionId: posted.transactionId.toString(),
          at: now.toISOString(),
        };
        await raiseDomainEvent(tx, {
          type: "tournament.prize.paid",
          key: `tournament.prize.paid:${tournamentId}:${place}`,
          playerId: winner.playerId,
          payload: paid,
          at: now,
        });
      }
      const event: TournamentCompletedEvent = {
        type: "tournament.completed",
        place,
        tournament,
        prize,
      };
      await repo.enqueueEvent(tournamentsChannel(winner.playerId), event, now);
      await createNotification(tx, ctx, {
        playerId: winner.playerId,
        kind: "tournament",
        title: row.title,
        text: `You finished ${ordinal(place)} in ${row.title} and won ${prize.title}.`,
        link: `/tournaments/${row.slug}`,
        params: { place, tournament: row.title, prize: prize.title },
        dedupeKey: `tournament:${tournamentId}:prize`,
      });
    }
    await tx.query("UPDATE tournaments SET completed_at = $2 WHERE id = $1", [tournamentId, now]);
    await publishLeaderboard(tx, tournamentId, now);
    return true;
  });
}

/**
 * A bonus or free-spins prize through the bonus module: `reward.bonus` names the bonus definition
 * by slug; issued once per (player, source). A prize without one, an unknown slug or a definition
 * that grants nothing in the currency stays pending (tournament_results.status) for the operator;
 * a failure is rolled back to a savepoint, so it never holds up the cash prizes.
 */
async function grantBonusPrize(
  tx: Queryable,
  ctx: AppContext,
  prize: PrizeRow,
  input: { playerId: string; currency: string; source: string },
): Promise<boolean> {
  const slug = typeof prize.reward.bonus === "string" ? prize.reward.bonus : null;
  if (!slug) return false;
  const [bonus] = await tx.query<{ id: number }>("SELECT id FROM bonuses WHERE slug = $1", [slug]);
  if (!bonus) return false;
  await tx.exec("SAVEPOINT tournament_prize");
  try {
    const issued = await issueBonus(tx, ctx, { ...input, bonusId: bonus.id });
    await tx.exec("RELEASE SAVEPOINT tournament_prize");
    return issued !== null;
  } catch {
    await tx.exec("ROLLBACK TO SAVEPOINT tournament_prize");
    return false;
  }
}

/** The player row lock every balance change of a player takes first (wallet/accounts.ts). */
async function lockPlayer(tx: Queryable, playerId: string): Promise<void> {
  await tx.query("SELECT id FROM players WHERE id = $1 FOR UPDATE", [playerId]);
}
