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

    /** The player's account (opened at 0 on first use), locked for the rest of the transaction. */
    async accountForUpdate(playerId: string, now: Date): Promise<AccountRow> {
      // DO UPDATE (to the same value) locks and returns the row whether it existed or not.
      const [row] = await db.query<{ millipoints: string; level_id: string | null }>(
        `INSERT INTO loyalty_accounts (player_id, updated_at) VALUES ($1, $2)
         ON CONFLICT (player_id) DO UPDATE SET updated_at = loyalty_accounts.updated_at
         RETURNING millipoints::text AS millipoints, level_id::text AS level_id`,
        [playerId, now],
      );
      return { millipoints: BigInt(row!.millipoints), level_id: row!.level_id };
    },

    /** Records an entry once per key; false when the key was used before (nothing changes). */
    async insertEntry(entry: {
      playerId: string;
      key: string;
      millipoints: bigint;
      reason: string;
      now: Date;
    }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO loyalty_point_entries (player_id, key, millipoints, reason, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING RETURNING 1`,
        [entry.playerId, entry.key, entry.millipoints.toString(), entry.reason, entry.now],
      );
      return rows.length > 0;
    },

    async updateAccount(
      playerId: string,
      millipoints: bigint,
      levelId: string | null,
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE loyalty_accounts SET millipoints = $2, level_id = $3, updated_at = $4
          WHERE player_id = $1`,
        [playerId, millipoints.toString(), levelId, now],
      );
    },
  };
}
