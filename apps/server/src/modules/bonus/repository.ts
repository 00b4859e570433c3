// SQL of the bonus module's player data (migration 0024): player bonuses, free spins, codes,
// bet splits. Amounts are minor units (numeric → string → bigint).
import type { PlayerBonus, PlayerBonusCode, PlayerFreespin } from "@casino/contract/bonus";
import { min } from "@casino/money/arithmetic";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";

/** The player's row lock every money call and bonus change takes (one at a time per player). */
export async function lockPlayer(tx: Queryable, playerId: string): Promise<void> {
  await lockPlayers(tx, [playerId]);
}

/**
 * lockPlayer for several players, in id order: two transactions locking players this way never
 * wait on each other in a cycle.
 */
export async function lockPlayers(tx: Queryable, playerIds: readonly string[]): Promise<void> {
  await tx.query(
    "SELECT id FROM players WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE",
    [playerIds],
  );
}

export interface PlayerBonusRecord {
  id: number;
  playerId: string;
  bonusId: number;
  walletAccountId: string;
  currency: string;
  status: 1 | 2 | 3;
  result: 1 | 2 | 3 | 4 | 5;
  amount: bigint;
  balance: bigint;
  wagerTotal: bigint;
  wagered: bigint;
  maxBet: bigint | null;
  packageId: number | null;
  issueSessionId: string | null;
  source: string;
  expiresAt: Date;
  issuedAt: Date;
  activatedAt: Date | null;
  finishedAt: Date | null;
  name: string;
  wagerMultiplier: string;
  subunitToUnit: bigint;
}

interface PlayerBonusRow {
  id: string;
  player_id: string;
  bonus_id: number;
  wallet_account_id: string;
  currency: string;
  status: number;
  result: number;
  amount: string;
  balance: string;
  wager_total: string;
  wagered: string;
  max_bet: string | null;
  package_id: number | null;
  issue_session_id: string | null;
  source: string;
  expires_at: Date;
  issued_at: Date;
  activated_at: Date | null;
  finished_at: Date | null;
  name: string;
  wager_multiplier: string;
  subunit_to_unit: string;
}

const PB_SELECT = `
  SELECT pb.id::text AS id, pb.player_id, pb.bonus_id, pb.wallet_account_id, pb.currency,
         pb.status, pb.result, pb.amount::text AS amount, pb.balance::text AS balance,
         pb.wager_total::text AS wager_total, COALESCE(w.wagered, 0)::text AS wagered,
         pb.max_bet::text AS max_bet, pb.package_id, pb.issue_session_id, pb.source,
         pb.expires_at, pb.issued_at, pb.activated_at, pb.finished_at, b.name,
         b.wager_multiplier::text AS wager_multiplier, c.subunit_to_unit::text AS subunit_to_unit
    FROM player_bonuses pb
    JOIN bonuses b ON b.id = pb.bonus_id
    JOIN currencies c ON c.code = pb.currency
    LEFT JOIN player_bonus_wagering w ON w.player_bonus_id = pb.id`;

function toRecord(row: PlayerBonusRow): PlayerBonusRecord {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    bonusId: row.bonus_id,
    walletAccountId: row.wallet_account_id,
    currency: row.currency,
    status: row.status as PlayerBonusRecord["status"],
    result: row.result as PlayerBonusRecord["result"],
    amount: BigInt(row.amount),
    balance: BigInt(row.balance),
    wagerTotal: BigInt(row.wager_total),
    wagered: BigInt(row.wagered),
    maxBet: row.max_bet === null ? null : BigInt(row.max_bet),
    packageId: row.package_id,
    issueSessionId: row.issue_session_id,
    source: row.source,
    expiresAt: new Date(row.expires_at),
    issuedAt: new Date(row.issued_at),
    activatedAt: row.activated_at ? new Date(row.activated_at) : null,
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    name: row.name,
    wagerMultiplier: row.wager_multiplier.replace(/\.?0+$/, "") || "0",
    subunitToUnit: BigInt(row.subunit_to_unit),
  };
}

/**
 * A player's bonuses or free spins for the lists of the API: $1 the player, $2 statuses and $3
 * currencies (null: any), the open ones first, then the newest.
 */
function playerListFilter(alias: string): string {
  return `WHERE ${alias}.player_id = $1
            AND ($2::smallint[] IS NULL OR ${alias}.status = ANY ($2::smallint[]))
            AND ($3::text[] IS NULL OR ${alias}.currency = ANY ($3::text[]))
          ORDER BY ${alias}.status DESC, ${alias}.issued_at DESC, ${alias}.id DESC LIMIT 200`;
}

export function toPlayerBonus(record: PlayerBonusRecord): PlayerBonus {
  const text = (value: bigint) => formatAmount(value, record.subunitToUnit);
  return {
    id: record.id,
    status: record.status,
    result: record.result,
    currency: record.currency,
    amount: text(record.amount),
    packageId: record.packageId,
    issueSessionId: record.issueSessionId,
    bonusId: record.bonusId,
    name: record.name,
    balance: text(record.balance),
    wagerMultiplier: record.wagerMultiplier,
    wagerTotal: text(record.wagerTotal),
    wagered: text(min(record.wagered, record.wagerTotal)),
    maxBetAmount: record.maxBet === null ? null : text(record.maxBet),
    expiresAt: record.expiresAt.toISOString(),
    issuedAt: record.issuedAt.toISOString(),
    activatedAt: record.activatedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}

export interface PlayerFreespinRecord {
  id: number;
  playerId: string;
  bonusId: number;
  walletAccountId: string;
  currency: string;
  gameId: number;
  status: 1 | 2 | 3;
  result: 1 | 2 | 3 | 4;
  count: number;
  played: number;
  betAmount: bigint;
  winAmount: bigint;
  packageId: number | null;
  issueSessionId: string | null;
  externalId: string | null;
  expiresAt: Date;
  issuedAt: Date;
  activatedAt: Date | null;
  finishedAt: Date | null;
  name: string;
  gameSlug: string;
  gameTitle: string;
  gameCode: string;
  providerSlug: string;
  /** Where the game's provider takes free-spins grants (game_providers.free_spins_url). */
  providerFreeSpinsUrl: string | null;
  subunitToUnit: bigint;
  winningsBonusId: number | null;
}

interface FreespinRow {
  id: string;
  player_id: string;
  bonus_id: number;
  wallet_account_id: string;
  currency: string;
  game_id: number;
  status: number;
  result: number;
  count: number;
  played: number;
  bet_amount: string;
  win_amount: string;
  package_id: number | null;
  issue_session_id: string | null;
  external_id: string | null;
  expires_at: Date;
  issued_at: Date;
  activated_at: Date | null;
  finished_at: Date | null;
  name: string;
  game_slug: string;
  game_title: string;
  game_code: string;
  provider_slug: string;
  provider_free_spins_url: string | null;
  subunit_to_unit: string;
  winnings_bonus_id: number | null;
}

const FS_SELECT = `
  SELECT f.id::text AS id, f.player_id, f.bonus_id, f.wallet_account_id, f.currency, f.game_id,
         f.status, f.result, f.count, f.played, f.bet_amount::text AS bet_amount,
         f.win_amount::text AS win_amount, f.package_id, f.issue_session_id, f.external_id,
         f.expires_at, f.issued_at, f.activated_at, f.finished_at, b.name, g.slug AS game_slug,
         g.title AS game_title, g.code AS game_code, gp.slug AS provider_slug,
         gp.free_spins_url AS provider_free_spins_url, c.subunit_to_unit::text AS subunit_to_unit,
         b.freespin_winnings_bonus_id AS winnings_bonus_id
    FROM player_freespins f
    JOIN bonuses b ON b.id = f.bonus_id
    JOIN games g ON g.id = f.game_id
    JOIN game_providers gp ON gp.id = g.provider_id
    JOIN currencies c ON c.code = f.currency`;

function toFreespinRecord(row: FreespinRow): PlayerFreespinRecord {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    bonusId: row.bonus_id,
    walletAccountId: row.wallet_account_id,
    currency: row.currency,
    gameId: row.game_id,
    status: row.status as PlayerFreespinRecord["status"],
    result: row.result as PlayerFreespinRecord["result"],
    count: row.count,
    played: row.played,
    betAmount: BigInt(row.bet_amount),
    winAmount: BigInt(row.win_amount),
    packageId: row.package_id,
    issueSessionId: row.issue_session_id,
    externalId: row.external_id,
    expiresAt: new Date(row.expires_at),
    issuedAt: new Date(row.issued_at),
    activatedAt: row.activated_at ? new Date(row.activated_at) : null,
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    name: row.name,
    gameSlug: row.game_slug,
    gameTitle: row.game_title,
    gameCode: row.game_code,
    providerSlug: row.provider_slug,
    providerFreeSpinsUrl: row.provider_free_spins_url,
    subunitToUnit: BigInt(row.subunit_to_unit),
    winningsBonusId: row.winnings_bonus_id,
  };
}

export function toPlayerFreespin(record: PlayerFreespinRecord): PlayerFreespin {
  const text = (value: bigint) => formatAmount(value, record.subunitToUnit);
  return {
    id: record.id,
    status: record.status,
    result: record.result,
    count: record.count,
    currency: record.currency,
    gameId: record.gameId,
    packageId: record.packageId,
    issueSessionId: record.issueSessionId,
    bonusId: record.bonusId,
    name: record.name,
    gameSlug: record.gameSlug,
    gameTitle: record.gameTitle,
    played: record.played,
    betAmount: text(record.betAmount),
    winAmount: text(record.winAmount),
    expiresAt: record.expiresAt.toISOString(),
    issuedAt: record.issuedAt.toISOString(),
    activatedAt: record.activatedAt?.toISOString() ?? null,
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}

interface CodeRow {
  id: string;
  code: string;
  status: number;
  trigger: number;
  player_bonus_id: string | null;
  created_at: Date;
  bonus_code_id: number | null;
}

export interface PlayerBonusCodeRecord extends PlayerBonusCode {
  bonusCodeId: number | null;
}

function toCode(row: CodeRow): PlayerBonusCodeRecord {
  return {
    id: Number(row.id),
    bonusCode: row.code,
    status: row.status as PlayerBonusCode["status"],
    trigger: row.trigger as PlayerBonusCode["trigger"],
    playerBonusId: row.player_bonus_id === null ? null : Number(row.player_bonus_id),
    createdAt: new Date(row.created_at).toISOString(),
    bonusCodeId: row.bonus_code_id,
  };
}

const CODE_SELECT = `SELECT id::text AS id, code, status, trigger,
  player_bonus_id::text AS player_bonus_id, created_at, bonus_code_id FROM player_bonus_codes`;

export function bonusRepository(db: Queryable) {
  return {
    async findPlayerBonus(playerId: string, id: number): Promise<PlayerBonusRecord | null> {
      const [row] = await db.query<PlayerBonusRow>(
        `${PB_SELECT} WHERE pb.player_id = $1 AND pb.id = $2`,
        [playerId, id],
      );
      return row ? toRecord(row) : null;
    },
    async findPlayerBonusBySource(
      playerId: string,
      source: string,
    ): Promise<PlayerBonusRecord | null> {
      const [row] = await db.query<PlayerBonusRow>(
        `${PB_SELECT} WHERE pb.player_id = $1 AND pb.source = $2`,
        [playerId, source],
      );
      return row ? toRecord(row) : null;
    },
    async activeBonus(playerId: string, currency: string): Promise<PlayerBonusRecord | null> {
      const [row] = await db.query<PlayerBonusRow>(
        `${PB_SELECT} WHERE pb.player_id = $1 AND pb.currency = $2 AND pb.status = 2`,
        [playerId, currency],
      );
      return row ? toRecord(row) : null;
    },
    /** activeBonus for several players and currencies in one statement, in their order. */
    async activeBonuses(
      keys: readonly { playerId: string; currency: string }[],
    ): Promise<(PlayerBonusRecord | null)[]> {
      if (keys.length === 0) return [];
      const rows = await db.query<PlayerBonusRow & { n: string }>(
        `SELECT q.n::text AS n, a.*
           FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS q(player_id, currency, n)
           CROSS JOIN LATERAL (${PB_SELECT}
                   WHERE pb.player_id = q.player_id AND pb.currency = q.currency
                     AND pb.status = 2) a`,
        [keys.map((key) => key.playerId), keys.map((key) => key.currency)],
      );
      const found = new Map(rows.map((row) => [Number(row.n) - 1, toRecord(row)]));
      return keys.map((_, index) => found.get(index) ?? null);
    },
    /** Player bonuses by id, in id order (those that exist). */
    async playerBonusesById(ids: readonly number[]): Promise<PlayerBonusRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<PlayerBonusRow>(
        `${PB_SELECT} WHERE pb.id = ANY($1::bigint[]) ORDER BY pb.id`,
        [ids],
      );
      return rows.map(toRecord);
    },
    async listPlayerBonuses(
      playerId: string,
      statuses: readonly number[] | undefined,
      currencies: readonly string[] | undefined,
    ): Promise<PlayerBonusRecord[]> {
      const rows = await db.query<PlayerBonusRow>(`${PB_SELECT} ${playerListFilter("pb")}`, [
        playerId,
        statuses ?? null,
        currencies ?? null,
      ]);
      return rows.map(toRecord);
    },
    async listOpenBonuses(playerId: string): Promise<PlayerBonusRecord[]> {
      const rows = await db.query<PlayerBonusRow>(
        `${PB_SELECT} WHERE pb.player_id = $1 AND pb.status IN (1, 2) ORDER BY pb.id`,
        [playerId],
      );
      return rows.map(toRecord);
    },
    async findFreespin(playerId: string, id: number): Promise<PlayerFreespinRecord | null> {
      const [row] = await db.query<FreespinRow>(
        `${FS_SELECT} WHERE f.player_id = $1 AND f.id = $2`,
        [playerId, id],
      );
      return row ? toFreespinRecord(row) : null;
    },
    /**
     * The active free spins a provider's win names by `freeSpinsId` (external_id), only when
     * granted to this player for this game and currency with spins still to report; with the
     * house "bonuses" account of the currency that holds their winnings (null until it exists).
     * One statement: a free-spin win's only read besides the call's own.
     */
    async findPlayableFreespin(key: {
      playerId: string;
      externalId: string;
      currency: string;
      gameId: number;
    }): Promise<{ record: PlayerFreespinRecord; holding: bigint | null } | null> {
      const [row] = await db.query<FreespinRow & { holding: string | null }>(
        `SELECT f.*, (SELECT a.id::text FROM ledger_accounts a
                       WHERE a.owner_kind = 'house' AND a.purpose = 'bonuses'
                         AND a.currency = f.currency) AS holding
           FROM (${FS_SELECT} WHERE f.player_id = $1 AND f.external_id = $2 AND f.currency = $3
                   AND f.game_id = $4 AND f.status = 2 AND f.played < f.count) f`,
        [key.playerId, key.externalId, key.currency, key.gameId],
      );
      if (!row) return null;
      return {
        record: toFreespinRecord(row),
        holding: row.holding === null ? null : BigInt(row.holding),
      };
    },
    async findFreespinById(id: number): Promise<PlayerFreespinRecord | null> {
      const [row] = await db.query<FreespinRow>(`${FS_SELECT} WHERE f.id = $1`, [id]);
      return row ? toFreespinRecord(row) : null;
    },
    async findFreespinBySource(
      playerId: string,
      source: string,
    ): Promise<PlayerFreespinRecord | null> {
      const [row] = await db.query<FreespinRow>(
        `${FS_SELECT} WHERE f.player_id = $1 AND f.source = $2`,
        [playerId, source],
      );
      return row ? toFreespinRecord(row) : null;
    },
    async listFreespins(
      playerId: string,
      statuses: readonly number[] | undefined,
      currencies: readonly string[] | undefined,
    ): Promise<PlayerFreespinRecord[]> {
      const rows = await db.query<FreespinRow>(`${FS_SELECT} ${playerListFilter("f")}`, [
        playerId,
        statuses ?? null,
        currencies ?? null,
      ]);
      return rows.map(toFreespinRecord);
    },
    async listCodes(playerId: string, trigger: number | null): Promise<PlayerBonusCodeRecord[]> {
      const rows = await db.query<CodeRow>(
        `${CODE_SELECT} WHERE player_id = $1 AND status IN (1, 2)
            AND ($2::smallint IS NULL OR trigger = $2) ORDER BY id DESC LIMIT 100`,
        [playerId, trigger],
      );
      return rows.map(toCode);
    },
    async findCode(playerId: string, id: number): Promise<PlayerBonusCodeRecord | null> {
      const [row] = await db.query<CodeRow>(`${CODE_SELECT} WHERE player_id = $1 AND id = $2`, [
        playerId,
        id,
      ]);
      return row ? toCode(row) : null;
    },
    async insertCode(input: {
      playerId: string;
      bonusCodeId: number | null;
      code: string;
      trigger: number;
      status: number;
      playerBonusId: number | null;
      now: Date;
    }): Promise<PlayerBonusCodeRecord> {
      const [row] = await db.query<CodeRow>(
        `INSERT INTO player_bonus_codes (player_id, bonus_code_id, code, trigger, status,
           player_bonus_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         RETURNING id::text AS id, code, status, trigger, player_bonus_id::text AS player_bonus_id,
                   created_at, bonus_code_id`,
        [
          input.playerId,
          input.bonusCodeId,
          input.code,
          input.trigger,
          input.status,
          input.playerBonusId,
          input.now,
        ],
      );
      return toCode(row!);
    },
    async updateCode(
      id: number,
      status: number,
      playerBonusId: number | null,
      now: Date,
    ): Promise<PlayerBonusCodeRecord> {
      const [row] = await db.query<CodeRow>(
        `UPDATE player_bonus_codes SET status = $2, player_bonus_id = $3, updated_at = $4
          WHERE id = $1
          RETURNING id::text AS id, code, status, trigger, player_bonus_id::text AS player_bonus_id,
                    created_at, bonus_code_id`,
        [id, status, playerBonusId, now],
      );
      return toCode(row!);
    },
  };
}
