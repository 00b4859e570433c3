// SQL of game sessions, rounds and provider transactions (migration 0016_games.sql).
import type { Queryable } from "../../infra/db";
import { lockPlayers } from "../bonus/repository";
import {
  toWalletRecord,
  WALLET_SELECT,
  type WalletAccountRecord,
  type WalletRow,
} from "../wallet/repository";

export interface GameSessionRecord {
  id: string;
  providerId: number;
  gameId: number;
  gameCode: string;
  mode: "real" | "demo";
  playerId: string | null;
  playerSessionId: string | null;
  walletAccountId: string | null;
  currency: string | null;
  expiresAt: Date;
}

export interface RoundRecord {
  id: string;
  providerRoundId: string;
  playerId: string;
  gameId: number;
  currency: string;
  betAmount: bigint;
  winAmount: bigint;
  refundAmount: bigint;
  hasWin: boolean;
  status: "open" | "closed";
  closedAt: Date | null;
}

export interface GameTransactionRecord {
  providerTxId: string;
  kind: "bet" | "win" | "rollback" | "tombstone" | "resettle";
  requestHash: string;
  playerId: string;
  roundId: string | null;
  amount: bigint;
  currency: string;
  status: string;
  response: StoredAnswer;
}

/** One call's part of `callStates`. */
export interface CallStateQuery {
  providerId: number;
  providerTxId: string;
  providerRoundId: string;
  playerId: string;
  playerSessionId: string | null;
  walletAccountId: string;
  currency: string;
  kind: "bet" | "win";
}

export interface CallState {
  /** players.status (3 blocked; 3 too when the player is gone). */
  status: number;
  sessionLive: boolean;
  /** An earlier call with this transaction id. */
  seen: GameTransactionRecord | null;
  round: RoundRecord | null;
  wallet: WalletAccountRecord | null;
  /** A bet of a player with a bet, loss or exclusion limit: the limit checks read more rows. */
  limitChecks: boolean;
  /** A bet of a player with an active bonus, or a win in a round with bonus stakes. */
  bonusChecks: boolean;
}

/** What a bet or win writes after its posting (`recordMovements`). */
export interface Movement {
  round: {
    providerId: number;
    providerRoundId: string;
    playerId: string;
    gameId: number;
    sessionId: string;
    currency: string;
    bet: bigint;
    win: bigint;
    hasWin: boolean;
    close: boolean;
  };
  transaction: {
    providerTxId: string;
    kind: "bet" | "win";
    requestHash: string;
    amount: bigint;
    ledgerTransactionId: bigint | null;
    response: StoredAnswer;
  };
  events: { channel: string; payload: unknown }[];
}

/** The first answer to a call, replayed as it was. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

interface RoundRow {
  id: string;
  provider_round_id: string;
  player_id: string;
  game_id: number;
  currency: string;
  bet_amount: string;
  win_amount: string;
  refund_amount: string;
  has_win: boolean;
  status: "open" | "closed";
  closed_at: Date | null;
}

const ROUND_COLUMNS = `id::text AS id, provider_round_id, player_id, game_id, currency,
  bet_amount::text AS bet_amount, win_amount::text AS win_amount,
  refund_amount::text AS refund_amount, has_win, status, closed_at`;

const TRANSACTION_COLUMNS = `provider_tx_id, kind, request_hash, player_id,
  round_id::text AS round_id, amount::text AS amount, currency, status, response`;

interface TransactionJson {
  provider_tx_id: string;
  kind: GameTransactionRecord["kind"];
  request_hash: string;
  player_id: string;
  round_id: string | null;
  amount: string;
  currency: string;
  status: string;
  response: StoredAnswer;
}

function toTransaction(row: TransactionJson): GameTransactionRecord {
  return {
    providerTxId: row.provider_tx_id,
    kind: row.kind,
    requestHash: row.request_hash,
    playerId: row.player_id,
    roundId: row.round_id,
    amount: BigInt(row.amount),
    currency: row.currency,
    status: row.status,
    response: row.response,
  };
}

function toRound(row: RoundRow): RoundRecord {
  return {
    id: row.id,
    providerRoundId: row.provider_round_id,
    playerId: row.player_id,
    gameId: row.game_id,
    currency: row.currency,
    betAmount: BigInt(row.bet_amount),
    winAmount: BigInt(row.win_amount),
    refundAmount: BigInt(row.refund_amount),
    hasWin: row.has_win,
    status: row.status,
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
  };
}

export function gameWalletRepository(db: Queryable) {
  return {
    async createSession(input: {
      tokenHash: string;
      providerId: number;
      gameId: number;
      mode: "real" | "demo";
      playerId: string | null;
      playerSessionId: string | null;
      walletAccountId: string | null;
      currency: string | null;
      country: string | null;
      now: Date;
      expiresAt: Date;
    }): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO game_sessions (token_hash, provider_id, game_id, mode, player_id,
           player_session_id, wallet_account_id, currency, country, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          input.tokenHash,
          input.providerId,
          input.gameId,
          input.mode,
          input.playerId,
          input.playerSessionId,
          input.walletAccountId,
          input.currency,
          input.country,
          input.now,
          input.expiresAt,
        ],
      );
      return row!.id;
    },

    async findSession(tokenHash: string): Promise<GameSessionRecord | null> {
      const [row] = await db.query<{
        id: string;
        provider_id: number;
        game_id: number;
        game_code: string;
        mode: "real" | "demo";
        player_id: string | null;
        player_session_id: string | null;
        wallet_account_id: string | null;
        currency: string | null;
        expires_at: Date;
      }>(
        `SELECT s.id, s.provider_id, s.game_id, g.code AS game_code, s.mode, s.player_id,
                s.player_session_id, s.wallet_account_id, s.currency, s.expires_at
           FROM game_sessions s JOIN games g ON g.id = s.game_id
          WHERE s.token_hash = $1`,
        [tokenHash],
      );
      if (!row) return null;
      return {
        id: row.id,
        providerId: row.provider_id,
        gameId: row.game_id,
        gameCode: row.game_code,
        mode: row.mode,
        playerId: row.player_id,
        playerSessionId: row.player_session_id,
        walletAccountId: row.wallet_account_id,
        currency: row.currency,
        expiresAt: new Date(row.expires_at),
      };
    },

    async findTransaction(
      providerId: number,
      providerTxId: string,
    ): Promise<GameTransactionRecord | null> {
      const [row] = await db.query<TransactionJson>(
        `SELECT ${TRANSACTION_COLUMNS}
           FROM game_transactions WHERE provider_id = $1 AND provider_tx_id = $2`,
        [providerId, providerTxId],
      );
      return row ? toTransaction(row) : null;
    },

    /** Records a call; false when the id was taken meanwhile (the caller's lock prevents it). */
    async insertTransaction(input: {
      providerId: number;
      providerTxId: string;
      kind: GameTransactionRecord["kind"];
      requestHash: string;
      playerId: string;
      roundId: string | null;
      amount: bigint;
      currency: string;
      status: string;
      referenceTxId?: string | null;
      ledgerTransactionId: bigint | null;
      response: StoredAnswer;
      now: Date;
    }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO game_transactions (provider_id, provider_tx_id, kind, request_hash, player_id,
           round_id, amount, currency, status, reference_tx_id, ledger_transaction_id, response,
           created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [
          input.providerId,
          input.providerTxId,
          input.kind,
          input.requestHash,
          input.playerId,
          input.roundId,
          input.amount.toString(),
          input.currency,
          input.status,
          input.referenceTxId ?? null,
          input.ledgerTransactionId?.toString() ?? null,
          JSON.stringify(input.response),
          input.now,
        ],
      );
      return rows.length > 0;
    },

    async markRolledBack(providerId: number, providerTxId: string): Promise<void> {
      await db.query(
        `UPDATE game_transactions SET status = 'rolled_back'
          WHERE provider_id = $1 AND provider_tx_id = $2`,
        [providerId, providerTxId],
      );
    },

    async findRoundById(id: string): Promise<RoundRecord | null> {
      const [row] = await db.query<RoundRow>(
        `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1`,
        [id],
      );
      return row ? toRound(row) : null;
    },

    /**
     * Locks the players of a batch of calls (their rows, in id order: two batches never wait on
     * each other in a cycle). Every money call of a player runs one after another.
     */
    async lockPlayers(playerIds: readonly string[]): Promise<void> {
      await lockPlayers(db, playerIds);
    },

    /**
     * After the players' lock, in one statement for any number of calls (each of its own
     * player): the player's status, whether the sign-in session is live, an earlier call with
     * the transaction id, the round, the wallet account with its balances, and whether the call
     * needs the checks that read more (`limitChecks`: a bet of a player with a bet, loss or
     * exclusion limit; `bonusChecks`: a bet of a player with an active bonus in the currency, a
     * win in a round with bonus stakes).
     */
    async callStates(calls: readonly CallStateQuery[], now: Date): Promise<CallState[]> {
      const column = <K extends keyof CallStateQuery>(key: K) => calls.map((call) => call[key]);
      const rows = await db.query<
        Partial<WalletRow> & {
          n: number;
          player_status: number | null;
          session_live: boolean | null;
          seen: TransactionJson | null;
          round: RoundRow | null;
          limit_checks: boolean;
          bonus_checks: boolean;
        }
      >(
        `SELECT c.n::integer AS n, p.status AS player_status,
                EXISTS (SELECT 1 FROM player_sessions s
                         WHERE s.id = c.c_session AND s.player_id = p.id
                           AND s.revoked_at IS NULL) AS session_live,
                (SELECT to_jsonb(t) FROM (
                   SELECT ${TRANSACTION_COLUMNS} FROM game_transactions
                    WHERE provider_id = c.c_provider AND provider_tx_id = c.c_tx) t) AS seen,
                (SELECT to_jsonb(r) FROM (
                   SELECT ${ROUND_COLUMNS} FROM game_rounds
                    WHERE provider_id = c.c_provider AND provider_round_id = c.c_round) r) AS round,
                c.c_kind = 'bet'
                  AND EXISTS (SELECT 1 FROM player_limits l
                               WHERE l.player_id = c.c_player AND l.definition <> 3
                                 AND (l.expires_at IS NULL OR l.expires_at > $9)) AS limit_checks,
                CASE WHEN c.c_kind = 'bet' THEN
                       EXISTS (SELECT 1 FROM player_bonuses pb
                                WHERE pb.player_id = c.c_player AND pb.currency = c.c_currency
                                  AND pb.status = 2)
                     ELSE EXISTS (SELECT 1 FROM bonus_bets bb
                                   WHERE bb.provider_id = c.c_provider
                                     AND bb.provider_round_id = c.c_round
                                     AND bb.player_id = c.c_player) END AS bonus_checks,
                wa.*
           FROM unnest($1::integer[], $2::text[], $3::text[], $4::uuid[], $5::uuid[], $6::uuid[],
                       $7::text[], $8::text[])
                  WITH ORDINALITY AS c(c_provider, c_tx, c_round, c_player, c_session, c_wallet,
                                       c_currency, c_kind, n)
           LEFT JOIN players p ON p.id = c.c_player
           LEFT JOIN LATERAL (${WALLET_SELECT}
                               WHERE w.player_id = c.c_player AND w.id = c.c_wallet OFFSET 0) wa ON true
          ORDER BY c.n`,
        [
          column("providerId"),
          column("providerTxId"),
          column("providerRoundId"),
          column("playerId"),
          column("playerSessionId"),
          column("walletAccountId"),
          column("currency"),
          column("kind"),
          now,
        ],
      );
      return rows.map((row) => ({
        status: Number(row.player_status ?? 3),
        sessionLive: row.session_live ?? false,
        seen: row.seen ? toTransaction(row.seen) : null,
        round: row.round ? toRound(row.round) : null,
        wallet: row.id ? toWalletRecord(row as WalletRow) : null,
        limitChecks: row.limit_checks,
        bonusChecks: row.bonus_checks,
      }));
    },

    /**
     * What bets and wins write after their postings, in one statement for any number of calls
     * (each of its own round): the round opened or added to (and closed), the call's transaction
     * row with its answer, and the outbox events (a payload with a "bet" object gets the round's
     * id as bet.roundId). Returns the round ids in the order of the calls.
     */
    async recordMovements(movements: readonly Movement[], now: Date): Promise<string[]> {
      if (movements.length === 0) return [];
      const rounds = movements.map((movement) => movement.round);
      const txs = movements.map((movement) => movement.transaction);
      const events = movements.flatMap((movement, index) =>
        movement.events.map((event) => ({ item: index + 1, ...event })),
      );
      const rows = await db.query<{ n: number; id: string }>(
        `WITH c AS (
           SELECT * FROM unnest($1::integer[], $2::text[], $3::uuid[], $4::integer[], $5::uuid[],
                                $6::text[], $7::numeric[], $8::numeric[], $9::boolean[],
                                $10::boolean[], $11::text[], $12::text[], $13::text[],
                                $14::numeric[], $15::bigint[], $16::jsonb[])
                    WITH ORDINALITY AS c(provider_id, provider_round_id, player_id, game_id,
                                         session_id, currency, bet, win, has_win, close, tx_id,
                                         kind, request_hash, amount, ledger_tx, response, n)
         ), r AS (
           INSERT INTO game_rounds (provider_id, provider_round_id, player_id, game_id, session_id,
             currency, created_at, bet_amount, win_amount, has_win, status, closed_at)
           SELECT c.provider_id, c.provider_round_id, c.player_id, c.game_id, c.session_id,
                  c.currency, $17, c.bet, c.win, c.has_win,
                  CASE WHEN c.close THEN 'closed' ELSE 'open' END,
                  CASE WHEN c.close THEN $17::timestamptz END
             FROM c ORDER BY c.n
           ON CONFLICT (provider_id, provider_round_id) DO UPDATE
              SET bet_amount = game_rounds.bet_amount + EXCLUDED.bet_amount,
                  win_amount = game_rounds.win_amount + EXCLUDED.win_amount,
                  has_win = game_rounds.has_win OR EXCLUDED.has_win,
                  status = CASE WHEN EXCLUDED.status = 'closed' THEN 'closed'
                                ELSE game_rounds.status END,
                  closed_at = CASE WHEN EXCLUDED.status = 'closed' AND game_rounds.status = 'open'
                                   THEN EXCLUDED.created_at ELSE game_rounds.closed_at END
           RETURNING id, provider_id, provider_round_id
         ), cr AS (
           SELECT c.*, r.id AS round_id
             FROM c JOIN r ON r.provider_id = c.provider_id
                          AND r.provider_round_id = c.provider_round_id
         ), t AS (
           INSERT INTO game_transactions (provider_id, provider_tx_id, kind, request_hash, player_id,
             round_id, amount, currency, status, ledger_transaction_id, response, created_at)
           SELECT cr.provider_id, cr.tx_id, cr.kind, cr.request_hash, cr.player_id, cr.round_id,
                  cr.amount, cr.currency, 'applied', cr.ledger_tx, cr.response, $17
             FROM cr ORDER BY cr.n
         ), e AS (
           INSERT INTO event_outbox (channel, payload, created_at)
           SELECT ev.channel,
                  CASE WHEN ev.payload ? 'bet'
                       THEN jsonb_set(ev.payload, '{bet,roundId}', to_jsonb(cr.round_id::text))
                       ELSE ev.payload END,
                  $17
             FROM unnest($18::integer[], $19::text[], $20::jsonb[])
                    WITH ORDINALITY AS ev(item, channel, payload, n)
             JOIN cr ON cr.n = ev.item
            ORDER BY ev.n
         )
         SELECT cr.n::integer AS n, cr.round_id::text AS id FROM cr ORDER BY cr.n`,
        [
          rounds.map((round) => round.providerId),
          rounds.map((round) => round.providerRoundId),
          rounds.map((round) => round.playerId),
          rounds.map((round) => round.gameId),
          rounds.map((round) => round.sessionId),
          rounds.map((round) => round.currency),
          rounds.map((round) => round.bet.toString()),
          rounds.map((round) => round.win.toString()),
          rounds.map((round) => round.hasWin),
          rounds.map((round) => round.close),
          txs.map((tx) => tx.providerTxId),
          txs.map((tx) => tx.kind),
          txs.map((tx) => tx.requestHash),
          txs.map((tx) => tx.amount.toString()),
          txs.map((tx) => tx.ledgerTransactionId?.toString() ?? null),
          txs.map((tx) => JSON.stringify(tx.response)),
          now,
          events.map((event) => event.item),
          events.map((event) => event.channel),
          events.map((event) => JSON.stringify(event.payload)),
        ],
      );
      return rows.map((row) => row.id);
    },

    /**
     * Adds to a round's amounts and, with `close`, closes it. `closedNow` is true only for the
     * call that closed it: the settled event is written once.
     */
    async updateRound(input: {
      id: string;
      bet?: bigint;
      win?: bigint;
      refund?: bigint;
      hasWin?: boolean;
      close: boolean;
      now: Date;
    }): Promise<{ round: RoundRecord; closedNow: boolean }> {
      const [row] = await db.query<RoundRow & { was_open: boolean }>(
        `UPDATE game_rounds r
            SET bet_amount = r.bet_amount + $2::numeric,
                win_amount = r.win_amount + $3::numeric,
                refund_amount = r.refund_amount + $4::numeric,
                has_win = r.has_win OR $5::boolean,
                status = CASE WHEN $6::boolean THEN 'closed' ELSE r.status END,
                closed_at = CASE WHEN $6::boolean AND r.status = 'open' THEN $7 ELSE r.closed_at END
           FROM (SELECT status = 'open' AS was_open FROM game_rounds WHERE id = $1) before
          WHERE r.id = $1
          RETURNING r.id::text AS id, r.provider_round_id, r.player_id, r.game_id, r.currency,
                    r.bet_amount::text AS bet_amount, r.win_amount::text AS win_amount,
                    r.refund_amount::text AS refund_amount, r.has_win, r.status, r.closed_at,
                    before.was_open`,
        [
          input.id,
          (input.bet ?? 0n).toString(),
          (input.win ?? 0n).toString(),
          (input.refund ?? 0n).toString(),
          input.hasWin ?? false,
          input.close,
          input.now,
        ],
      );
      return { round: toRound(row!), closedNow: input.close && row!.was_open };
    },
  };
}

export type GameWalletRepository = ReturnType<typeof gameWalletRepository>;
