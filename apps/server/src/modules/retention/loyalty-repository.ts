// SQL of loyalty (migration 0025): levels, earn rules, accounts and point entries.
import type { Queryable } from "../../infra/db";

export interface LevelRow {
  id: string;
  level_order: number;
  name: string;
  points: number;
  description: string;
  image: string | null;
}

export interface AccountRow {
  millipoints: bigint;
  level_id: string | null;
}

export interface EarnRuleRow {
  currency: string;
  provider: string | null;
  game_type: string | null;
  wager_amount: string;
  points: number;
}

export function loyaltyRepository(db: Queryable) {
  return {
    async levels(): Promise<LevelRow[]> {
      const rows = await db.query<LevelRow>(
        `SELECT id::text AS id, level_order, name, points, description, image
           FROM loyalty_levels ORDER BY level_order`,
      );
      return rows.map((row) => ({
        ...row,
        level_order: Number(row.level_order),
        points: Number(row.points),
      }));
    },

    async earnRules(currency: string | null): Promise<EarnRuleRow[]> {
      return db.query<EarnRuleRow>(
        `SELECT r.currency, p.slug AS provider, r.game_type, r.wager_amount::text AS wager_amount,
                r.points
           FROM loyalty_earn_rules r LEFT JOIN game_providers p ON p.id = r.provider_id
          WHERE r.is_enabled AND ($1::text IS NULL OR r.currency = $1)
          ORDER BY r.currency, r.provider_id NULLS FIRST, r.game_type NULLS FIRST`,
        [currency],
      );
    },

    /**
     * The rule for a bet: the most specific enabled one of the currency (provider and game type,
     * provider, game type, neither). A game's types are the slugs of its collections.
     */
    async ruleFor(
      currency: string,
      providerId: number,
      gameId: number,
    ): Promise<{ wager_amount: string; points: number } | null> {
      const [row] = await db.query<{ wager_amount: string; points: number }>(
        `SELECT r.wager_amount::text AS wager_amount, r.points
           FROM loyalty_earn_rules r
          WHERE r.is_enabled AND r.currency = $1
            AND (r.provider_id IS NULL OR r.provider_id = $2)
            AND (r.game_type IS NULL OR EXISTS (
                  SELECT 1 FROM game_collection_games cg
                    JOIN game_collections c ON c.id = cg.collection_id
                   WHERE cg.game_id = $3 AND c.slug = r.game_type))
          ORDER BY (r.provider_id IS NOT NULL) DESC, (r.game_type IS NOT NULL) DESC, r.id
          LIMIT 1`,
        [currency, providerId, gameId],
      );
      return row ? { ...row, points: Number(row.points) } : null;
    },

    async account(playerId: string): Promise<AccountRow | null> {
      const [row] = await db.query<{ millipoints: string; level_id: string | null }>(
        `SELECT millipoints::text AS millipoints, level_id::text AS level_id
           FROM loyalty_accounts WHERE player_id = $1`,
        [playerId],
      );
      return row ? { millipoints: BigInt(row.millipoints), level_id: row.level_id } : null;
    },

    /**
     * The players' accounts (opened at 0 on first use), locked for the rest of the transaction,
     * in player order (two transactions never wait on each other in a cycle).
     */
    async accountsForUpdate(
      playerIds: readonly string[],
      now: Date,
    ): Promise<Map<string, AccountRow>> {
      // DO UPDATE (to the same value) locks and returns each row whether it existed or not.
      const rows = await db.query<{
        player_id: string;
        millipoints: string;
        level_id: string | null;
      }>(
        `INSERT INTO loyalty_accounts (player_id, updated_at)
         SELECT p, $2 FROM unnest($1::uuid[]) AS p ORDER BY p
         ON CONFLICT (player_id) DO UPDATE SET updated_at = loyalty_accounts.updated_at
         RETURNING player_id, millipoints::text AS millipoints, level_id::text AS level_id`,
        [[...new Set(playerIds)], now],
      );
      return new Map(
        rows.map((row) => [
          row.player_id,
          { millipoints: BigInt(row.millipoints), level_id: row.level_id },
        ]),
      );
    },

    /** Records entries once per key; returns the keys recorded now (a key used before changes nothing). */
    async insertEntries(
      entries: readonly { playerId: string; key: string; millipoints: bigint; reason: string }[],
      now: Date,
    ): Promise<Set<string>> {
      const rows = await db.query<{ key: string }>(
        `INSERT INTO loyalty_point_entries (player_id, key, millipoints, reason, created_at)
         SELECT e.player_id, e.key, e.millipoints, e.reason, $5
           FROM unnest($1::uuid[], $2::text[], $3::numeric[], $4::text[])
                  WITH ORDINALITY AS e(player_id, key, millipoints, reason, n)
          ORDER BY e.n
         ON CONFLICT (key) DO NOTHING RETURNING key`,
        [
          entries.map((entry) => entry.playerId),
          entries.map((entry) => entry.key),
          entries.map((entry) => entry.millipoints.toString()),
          entries.map((entry) => entry.reason),
          now,
        ],
      );
      return new Set(rows.map((row) => row.key));
    },

    async updateAccounts(
      accounts: ReadonlyMap<string, { millipoints: bigint; levelId: string | null }>,
      now: Date,
    ): Promise<void> {
      if (accounts.size === 0) return;
      const entries = [...accounts];
      await db.query(
        `UPDATE loyalty_accounts a SET millipoints = u.millipoints, level_id = u.level_id,
                updated_at = $4
           FROM unnest($1::uuid[], $2::numeric[], $3::bigint[]) AS u(player_id, millipoints, level_id)
          WHERE a.player_id = u.player_id`,
        [
          entries.map(([playerId]) => playerId),
          entries.map(([, account]) => account.millipoints.toString()),
          entries.map(([, account]) => account.levelId),
          now,
        ],
      );
    },
  };
}
