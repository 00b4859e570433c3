import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { bigintFromDb } from "../../lib/numbers";

/** The ledger accounts every wallet account has. */
export const PLAYER_PURPOSES = ["real", "bonus", "withdrawal_hold"] as const;
export type PlayerPurpose = (typeof PLAYER_PURPOSES)[number];

/** House accounts: where money comes from and goes to outside the players' wallets. */
export type HousePurpose =
  | "deposits"
  | "withdrawals"
  | "games"
  | "bonuses"
  | "fees"
  | "adjustments"
  | "tournaments"
  /** What players owe the house: a sports resettlement's debit their balance did not cover. */
  | "player_receivables";

export interface WalletAccountRecord {
  id: string;
  playerId: string;
  currency: string;
  isActive: boolean;
  isHidden: boolean;
  /** Ledger account ids by purpose. */
  ledger: Record<PlayerPurpose, bigint>;
  balances: Record<PlayerPurpose, bigint>;
  createdAt: Date;
}

export interface WalletRow {
  id: string;
  player_id: string;
  currency: string;
  is_active: boolean;
  is_hidden: boolean;
  created_at: Date;
  real_id: string;
  real_balance: string;
  bonus_id: string;
  bonus_balance: string;
  hold_id: string;
  hold_balance: string;
}

/** A wallet account with its ledger accounts (columns of WalletRow). */
export const WALLET_SELECT = `
  SELECT w.id, w.player_id, w.currency, w.is_active, w.is_hidden, w.created_at,
         r.id AS real_id, r.balance AS real_balance,
         b.id AS bonus_id, b.balance AS bonus_balance,
         h.id AS hold_id, h.balance AS hold_balance
    FROM wallet_accounts w
    JOIN ledger_accounts r ON r.wallet_account_id = w.id AND r.purpose = 'real'
    JOIN ledger_accounts b ON b.wallet_account_id = w.id AND b.purpose = 'bonus'
    JOIN ledger_accounts h ON h.wallet_account_id = w.id AND h.purpose = 'withdrawal_hold'`;

export function toWalletRecord(row: WalletRow): WalletAccountRecord {
  return {
    id: row.id,
    playerId: row.player_id,
    currency: row.currency,
    isActive: row.is_active,
    isHidden: row.is_hidden,
    createdAt: row.created_at,
    ledger: {
      real: bigintFromDb(row.real_id),
      bonus: bigintFromDb(row.bonus_id),
      withdrawal_hold: bigintFromDb(row.hold_id),
    },
    balances: {
      real: bigintFromDb(row.real_balance),
      bonus: bigintFromDb(row.bonus_balance),
      withdrawal_hold: bigintFromDb(row.hold_balance),
    },
  };
}

export function walletRepository(db: Queryable) {
  return {
    async list(playerId: string): Promise<WalletAccountRecord[]> {
      const rows = await db.query<WalletRow>(
        `${WALLET_SELECT} WHERE w.player_id = $1 ORDER BY w.created_at, w.currency`,
        [playerId],
      );
      return rows.map(toWalletRecord);
    },

    async find(playerId: string, id: string): Promise<WalletAccountRecord | null> {
      const [row] = await db.query<WalletRow>(
        `${WALLET_SELECT} WHERE w.player_id = $1 AND w.id = $2`,
        [playerId, id],
      );
      return row ? toWalletRecord(row) : null;
    },

    async findByCurrency(playerId: string, currency: string): Promise<WalletAccountRecord | null> {
      const [row] = await db.query<WalletRow>(
        `${WALLET_SELECT} WHERE w.player_id = $1 AND w.currency = $2`,
        [playerId, currency],
      );
      return row ? toWalletRecord(row) : null;
    },

    /**
     * Opens the player's account in a currency with its ledger accounts (idempotent: an existing
     * account is returned as it is). Active when the player has no active account yet.
     */
    async open(
      playerId: string,
      currency: string,
      now: Date,
    ): Promise<{ id: string; created: boolean }> {
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO wallet_accounts (player_id, currency, is_active, created_at, updated_at)
         VALUES ($1, $2,
                 NOT EXISTS (SELECT 1 FROM wallet_accounts WHERE player_id = $1 AND is_active), $3, $3)
         ON CONFLICT (player_id, currency) DO NOTHING
         RETURNING id`,
        [playerId, currency, now],
      );
      if (inserted[0]) {
        await db.query(
          `INSERT INTO ledger_accounts (owner_kind, purpose, wallet_account_id, currency, balance)
           SELECT 'player', purpose, $1, $2, 0 FROM unnest($3::text[]) AS purpose`,
          [inserted[0].id, currency, PLAYER_PURPOSES],
        );
        return { id: inserted[0].id, created: true };
      }
      const [existing] = await db.query<{ id: string }>(
        "SELECT id FROM wallet_accounts WHERE player_id = $1 AND currency = $2",
        [playerId, currency],
      );
      return { id: existing!.id, created: false };
    },

    /** Makes `id` the only active account (and shows it); false when it is not the player's. */
    async activate(playerId: string, id: string, now: Date): Promise<boolean> {
      // Lock the player's accounts in one order so two switches cannot interleave.
      const mine = await db.query<{ id: string }>(
        "SELECT id FROM wallet_accounts WHERE player_id = $1 ORDER BY id FOR UPDATE",
        [playerId],
      );
      if (!mine.some((row) => row.id === id)) return false;
      await db.query(
        `UPDATE wallet_accounts SET is_active = false, updated_at = $3
          WHERE player_id = $1 AND is_active AND id <> $2`,
        [playerId, id, now],
      );
      await db.query(
        `UPDATE wallet_accounts SET is_active = true, is_hidden = false, updated_at = $3
          WHERE player_id = $1 AND id = $2`,
        [playerId, id, now],
      );
      return true;
    },

    /** Hides an inactive account; the active one cannot be hidden. */
    async hide(playerId: string, id: string, now: Date): Promise<"hidden" | "active" | "missing"> {
      const rows = await db.query<{ is_active: boolean }>(
        `UPDATE wallet_accounts SET is_hidden = NOT is_active, updated_at = $3
          WHERE player_id = $1 AND id = $2 RETURNING is_active`,
        [playerId, id, now],
      );
      if (!rows[0]) return "missing";
      return rows[0].is_active ? "active" : "hidden";
    },

    /** The house account of a purpose and currency, created on first use. */
    async houseAccount(purpose: HousePurpose, currency: string): Promise<bigint> {
      const inserted = await db.query<{ id: string }>(
        `INSERT INTO ledger_accounts (owner_kind, purpose, currency) VALUES ('house', $1, $2)
         ON CONFLICT (purpose, currency) WHERE owner_kind = 'house' DO NOTHING RETURNING id`,
        [purpose, currency],
      );
      if (inserted[0]) return bigintFromDb(inserted[0].id);
      const [row] = await db.query<{ id: string }>(
        "SELECT id FROM ledger_accounts WHERE owner_kind = 'house' AND purpose = $1 AND currency = $2",
        [purpose, currency],
      );
      return bigintFromDb(row!.id);
    },

    /** One realtime event in the outbox (infra/event-outbox.ts), in this transaction. */
    async enqueueEvent(channel: string, payload: unknown, now: Date): Promise<void> {
      await enqueueRealtimeEvents(db, [{ channel, payload }], now);
    },
  };
}

export type WalletRepository = ReturnType<typeof walletRepository>;
