// SQL of game sessions, rounds and provider transactions (migration 0016_games.sql).
import type { Queryable } from "../../infra/db";

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
  kind: "bet" | "win" | "rollback" | "tombstone";
  requestHash: string;
  playerId: string;
  roundId: string | null;
  amount: bigint;
  currency: string;
  status: string;
  response: StoredAnswer;
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
      const [row] = await db.query<{
        provider_tx_id: string;
        kind: GameTransactionRecord["kind"];
        request_hash: string;
        player_id: string;
        round_id: string | null;
        amount: string;
        currency: string;
        status: string;
        response: StoredAnswer;
      }>(
        `SELECT provider_tx_id, kind, request_hash, player_id, round_id::text AS round_id,
                amount::text AS amount, currency, status, response
           FROM game_transactions WHERE provider_id = $1 AND provider_tx_id = $2`,
        [providerId, providerTxId],
      );
      if (!row) return null;
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
     * After the player's lock, in one statement: the player's status, whether the sign-in
     * session is live, an earlier call with this transaction id, and the round.
     */
    async callState(input: {
      providerId: number;
      providerTxId: string;
      providerRoundId: string;
      playerId: string;
      playerSessionId: string | null;
    }): Promise<{
      status: number;
      sessionLive: boolean;
      seen: GameTransactionRecord | null;
      round: RoundRecord | null;
    }> {
      const [row] = await db.query<{
        status: number;
        session_live: boolean;
        seen: {
          provider_tx_id: string;
          kind: GameTransactionRecord["kind"];
          request_hash: string;
          player_id: string;
          round_id: string | null;
          amount: string;
          currency: string;
          status: string;
          response: StoredAnswer;
        } | null;
        round: RoundRow | null;
      }>(
        `SELECT p.status,
                EXISTS (SELECT 1 FROM player_sessions s
                         WHERE s.id = $5 AND s.player_id = p.id AND s.revoked_at IS NULL) AS session_live,
                (SELECT to_jsonb(t) FROM (
                   SELECT provider_tx_id, kind, request_hash, player_id, round_id::text AS round_id,
                          amount::text AS amount, currency, status, response
                     FROM game_transactions WHERE provider_id = $1 AND provider_tx_id = $2) t) AS seen,
                (SELECT to_jsonb(r) FROM (
                   SELECT ${ROUND_COLUMNS} FROM game_rounds
                    WHERE provider_id = $1 AND provider_round_id = $3) r) AS round
           FROM players p WHERE p.id = $4`,
        [
          input.providerId,
          input.providerTxId,
          input.providerRoundId,
          input.playerId,
          input.playerSessionId,
        ],
      );
      const seen = row?.seen ?? null;
      return {
        status: Number(row?.status ?? 3),
        sessionLive: row?.session_live ?? false,
        seen: seen
          ? {
              providerTxId: seen.provider_tx_id,
              kind: seen.kind,
              requestHash: seen.request_hash,
              playerId: seen.player_id,
              roundId: seen.round_id,
              amount: BigInt(seen.amount),
              currency: seen.currency,
              status: seen.status,
              response: seen.response,
            }
          : null,
        round: row?.round ? toRound(row.round) : null,
      };
    },

    /**
     * What a bet or win writes after its posting, in one statement: the round opened or added
     * to (and closed), the call's transaction row with its answer, and the outbox events (a
     * payload with a "bet" object gets the round's id as bet.roundId).
     */
    async recordMovement(input: {
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
      now: Date;
    }): Promise<string> {
      const { round, transaction } = input;
      const [row] = await db.query<{ id: string }>(
        `WITH r AS (
           INSERT INTO game_rounds (provider_id, provider_round_id, player_id, game_id, session_id,
             currency, created_at, bet_amount, win_amount, has_win, status, closed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::numeric, $10,
                   CASE WHEN $11::boolean THEN 'closed' ELSE 'open' END,
                   CASE WHEN $11::boolean THEN $7::timestamptz END)
           ON CONFLICT (provider_id, provider_round_id) DO UPDATE
              SET bet_amount = game_rounds.bet_amount + EXCLUDED.bet_amount,
                  win_amount = game_rounds.win_amount + EXCLUDED.win_amount,
                  has_win = game_rounds.has_win OR EXCLUDED.has_win,
                  status = CASE WHEN $11::boolean THEN 'closed' ELSE game_rounds.status END,
                  closed_at = CASE WHEN $11::boolean AND game_rounds.status = 'open'
                                   THEN EXCLUDED.created_at ELSE game_rounds.closed_at END
           RETURNING id
         ), t AS (
           INSERT INTO game_transactions (provider_id, provider_tx_id, kind, request_hash, player_id,
             round_id, amount, currency, status, ledger_transaction_id, response, created_at)
           SELECT $1, $12, $13, $14, $3, r.id, $15::numeric, $6, 'applied', $16::bigint, $17::jsonb, $7
             FROM r
         ), e AS (
           INSERT INTO event_outbox (channel, payload, created_at)
           SELECT ev.channel,
                  CASE WHEN ev.payload ? 'bet'
                       THEN jsonb_set(ev.payload, '{bet,roundId}', to_jsonb(r.id::text))
                       ELSE ev.payload END,
                  $7
             FROM unnest($18::text[], $19::jsonb[]) AS ev(channel, payload), r
         )
         SELECT id::text AS id FROM r`,
        [
          round.providerId,
          round.providerRoundId,
          round.playerId,
          round.gameId,
          round.sessionId,
          round.currency,
          input.now,
          round.bet.toString(),
          round.win.toString(),
          round.hasWin,
          round.close,
          transaction.providerTxId,
          transaction.kind,
          transaction.requestHash,
          transaction.amount.toString(),
          transaction.ledgerTransactionId?.toString() ?? null,
          JSON.stringify(transaction.response),
          input.events.map((event) => event.channel),
          input.events.map((event) => JSON.stringify(event.payload)),
        ],
      );
      return row!.id;
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
