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

    /** The player's status and whether the sign-in session the game came from is still live. */
    async playerState(
      playerId: string,
      playerSessionId: string | null,
    ): Promise<{ status: number; sessionLive: boolean }> {
      const [row] = await db.query<{ status: number; session_live: boolean }>(
        `SELECT p.status,
                EXISTS (SELECT 1 FROM player_sessions s
                         WHERE s.id = $2 AND s.player_id = p.id AND s.revoked_at IS NULL) AS session_live
           FROM players p WHERE p.id = $1`,
        [playerId, playerSessionId],
      );
      return { status: Number(row?.status ?? 3), sessionLive: row?.session_live ?? false };
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

    async findRound(providerId: number, providerRoundId: string): Promise<RoundRecord | null> {
      const [row] = await db.query<RoundRow>(
        `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE provider_id = $1 AND provider_round_id = $2`,
        [providerId, providerRoundId],
      );
      return row ? toRound(row) : null;
    },

    async findRoundById(id: string): Promise<RoundRecord | null> {
      const [row] = await db.query<RoundRow>(
        `SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1`,
        [id],
      );
      return row ? toRound(row) : null;
    },

    /** Opens a round (or finds it); `created` tells which. */
    async openRound(input: {
      providerId: number;
      providerRoundId: string;
      playerId: string;
      gameId: number;
      sessionId: string;
      currency: string;
      now: Date;
    }): Promise<{ round: RoundRecord; created: boolean }> {
      const [inserted] = await db.query<RoundRow>(
        `INSERT INTO game_rounds (provider_id, provider_round_id, player_id, game_id, session_id,
           currency, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (provider_id, provider_round_id) DO NOTHING
         RETURNING ${ROUND_COLUMNS}`,
        [
          input.providerId,
          input.providerRoundId,
          input.playerId,
          input.gameId,
          input.sessionId,
          input.currency,
          input.now,
        ],
      );
      if (inserted) return { round: toRound(inserted), created: true };
      const round = await this.findRound(input.providerId, input.providerRoundId);
      return { round: round!, created: false };
    },

    async deleteRound(id: string): Promise<void> {
      await db.query("DELETE FROM game_rounds WHERE id = $1", [id]);
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
