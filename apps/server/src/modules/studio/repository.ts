// The studio's SQL (tables studio_*, migration 0022). Nothing here reads a platform table.
import type { Queryable } from "../../infra/db";

export interface StudioSessionRecord {
  tokenHash: string;
  mode: "real" | "demo";
  playerRef: string;
  platformToken: string | null;
  gameCode: string;
  currency: string;
  decimals: number;
  expiresAt: Date;
}

export interface SeedPairRecord {
  id: string;
  playerRef: string;
  serverSeed: string;
  serverSeedHash: string;
  nextServerSeed: string;
  nextServerSeedHash: string;
  clientSeed: string;
  nonce: number;
  revealedAt: Date | null;
}

export type RoundState =
  | "betting"
  | "bet_placed"
  | "winning"
  | "settled"
  | "refused"
  | "cancelling"
  | "cancelled"
  | "failed";

export interface StudioRoundRecord {
  id: string;
  mode: "real" | "demo";
  playerRef: string;
  sessionHash: string;
  requestId: string;
  gameCode: string;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  seedPairId: string;
  nonce: number;
  currency: string;
  stake: bigint;
  payout: bigint;
  freeSpinGrantId: string | null;
  freeSpinsExternalId: string | null;
  state: RoundState;
  betTransactionId: string | null;
  winTransactionId: string | null;
  rollbackTransactionId: string | null;
  error: { code: number; message: string } | null;
  balance: string | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
  /** From the seed pair: the hash always, the seed once revealed. */
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
}

export interface FreeSpinGrantRecord {
  id: string;
  externalId: string;
  playerRef: string;
  currency: string;
  gameCode: string;
  betPerSpin: string;
  spinsTotal: number;
  spinsLeft: number;
  expiresAt: Date;
  requestHash: string;
}

type Row = Record<string, unknown>;

function toPair(row: Row): SeedPairRecord {
  return {
    id: String(row.id),
    playerRef: row.player_ref as string,
    serverSeed: row.server_seed as string,
    serverSeedHash: row.server_seed_hash as string,
    nextServerSeed: row.next_server_seed as string,
    nextServerSeedHash: row.next_server_seed_hash as string,
    clientSeed: row.client_seed as string,
    nonce: Number(row.nonce),
    revealedAt: (row.revealed_at as Date | null) ?? null,
  };
}

const ROUND_SELECT = `
  SELECT r.*, p.server_seed_hash, p.client_seed,
         CASE WHEN p.revealed_at IS NOT NULL THEN p.server_seed END AS revealed_seed,
         g.external_id AS free_spins_external_id
    FROM studio_rounds r
    JOIN studio_seed_pairs p ON p.id = r.seed_pair_id
    LEFT JOIN studio_free_spin_grants g ON g.id = r.free_spin_grant_id`;

function toRound(row: Row): StudioRoundRecord {
  return {
    id: row.id as string,
    mode: row.mode as "real" | "demo",
    playerRef: row.player_ref as string,
    sessionHash: row.session_hash as string,
    requestId: row.request_id as string,
    gameCode: row.game_code as string,
    params: row.params as Record<string, unknown>,
    outcome: row.outcome as Record<string, unknown>,
    seedPairId: String(row.seed_pair_id),
    nonce: Number(row.nonce),
    currency: row.currency as string,
    stake: BigInt(row.stake as string),
    payout: BigInt(row.payout as string),
    freeSpinGrantId: row.free_spin_grant_id === null ? null : String(row.free_spin_grant_id),
    freeSpinsExternalId: (row.free_spins_external_id as string | null) ?? null,
    state: row.state as RoundState,
    betTransactionId: (row.bet_transaction_id as string | null) ?? null,
    winTransactionId: (row.win_transaction_id as string | null) ?? null,
    rollbackTransactionId: (row.rollback_transaction_id as string | null) ?? null,
    error: (row.error as StudioRoundRecord["error"]) ?? null,
    balance: (row.balance as string | null) ?? null,
    attempts: Number(row.attempts),
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    serverSeedHash: row.server_seed_hash as string,
    serverSeed: (row.revealed_seed as string | null) ?? null,
    clientSeed: row.client_seed as string,
  };
}

function toGrant(row: Row): FreeSpinGrantRecord {
  return {
    id: String(row.id),
    externalId: row.external_id as string,
    playerRef: row.player_ref as string,
    currency: row.currency as string,
    gameCode: row.game_code as string,
    betPerSpin: row.bet_per_spin as string,
    spinsTotal: Number(row.spins_total),
    spinsLeft: Number(row.spins_left),
    expiresAt: row.expires_at as Date,
    requestHash: row.request_hash as string,
  };
}

export function studioRepository(db: Queryable) {
  return {
    async createSession(session: StudioSessionRecord, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO studio_sessions (token_hash, mode, player_ref, platform_token, game_code,
           currency, decimals, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          session.tokenHash,
          session.mode,
          session.playerRef,
          session.platformToken,
          session.gameCode,
          session.currency,
          session.decimals,
          now,
          session.expiresAt,
        ],
      );
    },

    async findSession(tokenHash: string): Promise<StudioSessionRecord | null> {
      const [row] = await db.query<Row>("SELECT * FROM studio_sessions WHERE token_hash = $1", [
        tokenHash,
      ]);
      if (!row) return null;
      return {
        tokenHash: row.token_hash as string,
        mode: row.mode as "real" | "demo",
        playerRef: row.player_ref as string,
        platformToken: (row.platform_token as string | null) ?? null,
        gameCode: row.game_code as string,
        currency: row.currency as string,
        decimals: Number(row.decimals),
        expiresAt: row.expires_at as Date,
      };
    },

    /** The player's active pair, created from `fresh` when there is none. */
    async ensurePair(
      playerRef: string,
      fresh: Omit<SeedPairRecord, "id" | "playerRef" | "nonce" | "revealedAt">,
      now: Date,
    ): Promise<SeedPairRecord> {
      await db.query(
        `INSERT INTO studio_seed_pairs (player_ref, server_seed, server_seed_hash, next_server_seed,
           next_server_seed_hash, client_seed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (player_ref) WHERE revealed_at IS NULL DO NOTHING`,
        [
          playerRef,
          fresh.serverSeed,
          fresh.serverSeedHash,
          fresh.nextServerSeed,
          fresh.nextServerSeedHash,
          fresh.clientSeed,
          now,
        ],
      );
      const pair = await this.activePair(playerRef);
      if (!pair) throw new Error("studio: no active seed pair after insert");
      return pair;
    },

    async activePair(playerRef: string, lock = false): Promise<SeedPairRecord | null> {
      const [row] = await db.query<Row>(
        `SELECT * FROM studio_seed_pairs WHERE player_ref = $1 AND revealed_at IS NULL
         ${lock ? "FOR UPDATE" : ""}`,
        [playerRef],
      );
      return row ? toPair(row) : null;
    },

    /** Takes the next nonce of the active pair (atomic: concurrent rounds get distinct nonces). */
    async takeNonce(playerRef: string): Promise<SeedPairRecord | null> {
      const [row] = await db.query<Row>(
        `UPDATE studio_seed_pairs SET nonce = nonce + 1
          WHERE player_ref = $1 AND revealed_at IS NULL
          RETURNING id, player_ref, server_seed, server_seed_hash, next_server_seed,
                    next_server_seed_hash, client_seed, nonce - 1 AS nonce, revealed_at`,
        [playerRef],
      );
      return row ? toPair(row) : null;
    },

    async revealPair(id: string, now: Date): Promise<void> {
      await db.query("UPDATE studio_seed_pairs SET revealed_at = $2 WHERE id = $1", [id, now]);
    },

    async insertPair(
      playerRef: string,
      pair: Omit<SeedPairRecord, "id" | "playerRef" | "nonce" | "revealedAt">,
      now: Date,
    ): Promise<SeedPairRecord> {
      const [row] = await db.query<Row>(
        `INSERT INTO studio_seed_pairs (player_ref, server_seed, server_seed_hash, next_server_seed,
           next_server_seed_hash, client_seed, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [
          playerRef,
          pair.serverSeed,
          pair.serverSeedHash,
          pair.nextServerSeed,
          pair.nextServerSeedHash,
          pair.clientSeed,
          now,
        ],
      );
      return toPair(row!);
    },

    /** Inserts a round; null when the player already has one with this request id. */
    async insertRound(round: {
      id: string;
      mode: "real" | "demo";
      playerRef: string;
      sessionHash: string;
      requestId: string;
      gameCode: string;
      params: object;
      outcome: object;
      seedPairId: string;
      nonce: number;
      currency: string;
      stake: bigint;
      payout: bigint;
      freeSpinGrantId: string | null;
      state: RoundState;
      betTransactionId: string | null;
      winTransactionId: string | null;
      rollbackTransactionId: string | null;
      balance: string | null;
      now: Date;
    }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO studio_rounds (id, mode, player_ref, session_hash, request_id, game_code,
           params, outcome, seed_pair_id, nonce, currency, stake, payout, free_spin_grant_id, state,
           bet_transaction_id, win_transaction_id, rollback_transaction_id, balance, created_at,
           updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12::numeric,
           $13::numeric, $14, $15, $16, $17, $18, $19, $20, $20)
         ON CONFLICT (player_ref, request_id) DO NOTHING
         RETURNING id`,
        [
          round.id,
          round.mode,
          round.playerRef,
          round.sessionHash,
          round.requestId,
          round.gameCode,
          JSON.stringify(round.params),
          JSON.stringify(round.outcome),
          round.seedPairId,
          round.nonce,
          round.currency,
          round.stake.toString(),
          round.payout.toString(),
          round.freeSpinGrantId,
          round.state,
          round.betTransactionId,
          round.winTransactionId,
          round.rollbackTransactionId,
          round.balance,
          round.now,
        ],
      );
      return rows.length > 0;
    },

    async findRound(id: string): Promise<StudioRoundRecord | null> {
      const [row] = await db.query<Row>(`${ROUND_SELECT} WHERE r.id = $1`, [id]);
      return row ? toRound(row) : null;
    },

    async findRoundByRequest(
      playerRef: string,
      requestId: string,
    ): Promise<StudioRoundRecord | null> {
      const [row] = await db.query<Row>(
        `${ROUND_SELECT} WHERE r.player_ref = $1 AND r.request_id = $2`,
        [playerRef, requestId],
      );
      return row ? toRound(row) : null;
    },

    async listRounds(playerRef: string, limit: number): Promise<StudioRoundRecord[]> {
      const rows = await db.query<Row>(
        `${ROUND_SELECT} WHERE r.player_ref = $1 ORDER BY r.created_at DESC, r.id LIMIT $2`,
        [playerRef, limit],
      );
      return rows.map(toRound);
    },

    /** Moves a round from one state to another; false when another worker moved it first. */
    async moveRound(
      id: string,
      from: RoundState,
      to: RoundState,
      change: { balance?: string | null; error?: object | null; now: Date },
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE studio_rounds
            SET state = $3, updated_at = $4,
                balance = CASE WHEN $5::boolean THEN $6 ELSE balance END,
                error = CASE WHEN $7::boolean THEN $8::jsonb ELSE error END
          WHERE id = $1 AND state = $2
          RETURNING id`,
        [
          id,
          from,
          to,
          change.now,
          change.balance !== undefined,
          change.balance ?? null,
          change.error !== undefined,
          change.error === undefined || change.error === null ? null : JSON.stringify(change.error),
        ],
      );
      return rows.length > 0;
    },

    /** A failed attempt of a retried call: counted, its error kept, the round left as it was. */
    async noteAttempt(id: string, error: object, now: Date): Promise<void> {
      await db.query(
        `UPDATE studio_rounds SET attempts = attempts + 1, error = $2::jsonb, updated_at = $3
          WHERE id = $1`,
        [id, JSON.stringify(error), now],
      );
    },

    /** Rounds a wallet call has not finished, untouched for `olderThan`. */
    async unfinishedRounds(olderThan: Date, limit: number): Promise<StudioRoundRecord[]> {
      const rows = await db.query<Row>(
        `${ROUND_SELECT}
          WHERE r.state IN ('betting', 'bet_placed', 'winning', 'cancelling')
            AND r.updated_at <= $1
          ORDER BY r.updated_at LIMIT $2`,
        [olderThan, limit],
      );
      return rows.map(toRound);
    },

    async platformToken(sessionHash: string): Promise<string | null> {
      const [row] = await db.query<{ platform_token: string | null }>(
        "SELECT platform_token FROM studio_sessions WHERE token_hash = $1",
        [sessionHash],
      );
      return row?.platform_token ?? null;
    },

    async ensureDemoBalance(
      playerRef: string,
      currency: string,
      amount: bigint,
      now: Date,
    ): Promise<void> {
      await db.query(
        `INSERT INTO studio_demo_balances (player_ref, currency, balance, updated_at)
         VALUES ($1, $2, $3::numeric, $4) ON CONFLICT (player_ref) DO NOTHING`,
        [playerRef, currency, amount.toString(), now],
      );
    },

    async demoBalance(playerRef: string): Promise<bigint> {
      const [row] = await db.query<{ balance: string }>(
        "SELECT balance::text AS balance FROM studio_demo_balances WHERE player_ref = $1",
        [playerRef],
      );
      return BigInt(row?.balance ?? "0");
    },

    /** Takes the stake and pays the payout in one statement; null when the stake is too much. */
    async settleDemo(
      playerRef: string,
      stake: bigint,
      payout: bigint,
      now: Date,
    ): Promise<bigint | null> {
      const [row] = await db.query<{ balance: string }>(
        `UPDATE studio_demo_balances
            SET balance = balance - $2::numeric + $3::numeric, updated_at = $4
          WHERE player_ref = $1 AND balance >= $2::numeric
          RETURNING balance::text AS balance`,
        [playerRef, stake.toString(), payout.toString(), now],
      );
      return row ? BigInt(row.balance) : null;
    },

    async findGrant(externalId: string): Promise<FreeSpinGrantRecord | null> {
      const [row] = await db.query<Row>(
        "SELECT * FROM studio_free_spin_grants WHERE external_id = $1",
        [externalId],
      );
      return row ? toGrant(row) : null;
    },

    async insertGrant(
      grant: Omit<FreeSpinGrantRecord, "id" | "spinsLeft">,
      now: Date,
    ): Promise<FreeSpinGrantRecord | null> {
      const [row] = await db.query<Row>(
        `INSERT INTO studio_free_spin_grants (external_id, player_ref, currency, game_code,
           bet_per_spin, spins_total, spins_left, expires_at, request_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9)
         ON CONFLICT (external_id) DO NOTHING RETURNING *`,
        [
          grant.externalId,
          grant.playerRef,
          grant.currency,
          grant.gameCode,
          grant.betPerSpin,
          grant.spinsTotal,
          grant.expiresAt,
          grant.requestHash,
          now,
        ],
      );
      return row ? toGrant(row) : null;
    },

    async activeGrants(
      playerRef: string,
      currency: string,
      gameCode: string,
      now: Date,
    ): Promise<FreeSpinGrantRecord[]> {
      const rows = await db.query<Row>(
        `SELECT * FROM studio_free_spin_grants
          WHERE player_ref = $1 AND currency = $2 AND game_code = $3 AND spins_left > 0
            AND expires_at > $4
          ORDER BY expires_at, id`,
        [playerRef, currency, gameCode, now],
      );
      return rows.map(toGrant);
    },

    /** Takes one spin of the grant that expires first; null when none is left. */
    async takeFreeSpin(
      playerRef: string,
      currency: string,
      gameCode: string,
      now: Date,
    ): Promise<FreeSpinGrantRecord | null> {
      const [row] = await db.query<Row>(
        `UPDATE studio_free_spin_grants SET spins_left = spins_left - 1
          WHERE id = (SELECT id FROM studio_free_spin_grants
                       WHERE player_ref = $1 AND currency = $2 AND game_code = $3
                         AND spins_left > 0 AND expires_at > $4
                       ORDER BY expires_at, id LIMIT 1 FOR UPDATE)
            AND spins_left > 0
          RETURNING *`,
        [playerRef, currency, gameCode, now],
      );
      return row ? toGrant(row) : null;
    },
  };
}

export type StudioRepository = ReturnType<typeof studioRepository>;
