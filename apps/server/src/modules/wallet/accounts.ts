import { ErrorCode } from "@casino/contract/errors";
import {
  type WalletAccount,
  WalletAccountStatus,
  type WalletAccountsEvent,
  walletAccountsChannel,
} from "@casino/contract/wallet";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { currencySubunits } from "../settings/list-currencies";
import { settingsRepository } from "../settings/repository";
import { type WalletAccountRecord, walletRepository } from "./repository";

type Subunits = ReadonlyMap<string, number>;

/** The API view of a wallet account (spec §3): balance = real + bonus, withdrawalBalance = real. */
export function toWalletAccount(record: WalletAccountRecord, subunits: Subunits): WalletAccount {
  const subunit = subunits.get(record.currency);
  if (subunit === undefined) throw new Error(`unknown currency ${record.currency}`);
  const { real, bonus } = record.balances;
  return {
    id: record.id,
    currency: record.currency,
    status: record.isActive ? WalletAccountStatus.Active : WalletAccountStatus.Inactive,
    balance: formatAmount(real + bonus, subunit),
    withdrawalBalance: formatAmount(real, subunit),
    bonusBalance: formatAmount(bonus, subunit),
    isHidden: record.isHidden,
  };
}

/** Serialises account changes of one player (row lock on the player). */
async function lockPlayer(tx: Queryable, playerId: string): Promise<void> {
  await tx.query("SELECT id FROM players WHERE id = $1 FOR UPDATE", [playerId]);
}

async function publish(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  type: WalletAccountsEvent["type"],
  records: readonly WalletAccountRecord[],
) {
  const subunits = await currencySubunits(tx);
  const repo = walletRepository(tx);
  for (const record of records) {
    const event: WalletAccountsEvent = { type, account: toWalletAccount(record, subunits) };
    await repo.enqueueEvent(walletAccountsChannel(playerId), event, ctx.now());
  }
}

/** Publishes the current state of one account (after its balance moved). */
export async function publishWalletAccount(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  walletAccountId: string,
): Promise<void> {
  const record = await walletRepository(tx).find(playerId, walletAccountId);
  if (record) await publish(tx, ctx, playerId, "wallet.account.updated", [record]);
}

/**
 * The currency of a player's first account: their registration currency, else their
 * country's, else the base currency (enabled ones only).
 */
async function firstCurrency(tx: Queryable, playerId: string): Promise<string | null> {
  const [row] = await tx.query<{ code: string }>(
    `SELECT c.code
       FROM players p
       LEFT JOIN countries k ON k.code = p.country
       JOIN currencies c ON c.is_enabled
        AND (c.code = p.currency OR c.code = k.currency OR c.is_base)
      WHERE p.id = $1
      ORDER BY (c.code = p.currency) DESC, (c.code = k.currency) DESC
      LIMIT 1`,
    [playerId],
  );
  return row?.code ?? null;
}

/** A player's accounts as they stand, opening none (the operator's view of a player). */
export async function currentWalletAccounts(
  db: Queryable,
  playerId: string,
): Promise<WalletAccount[]> {
  const records = await walletRepository(db).list(playerId);
  const subunits = await currencySubunits(db);
  return records.map((record) => toWalletAccount(record, subunits));
}

/** GET /api/wallet/accounts (BE-21). A player's first account opens on first use. */
export async function listWalletAccounts(
  ctx: AppContext,
  playerId: string,
): Promise<WalletAccount[]> {
  let records = await walletRepository(ctx.db).list(playerId);
  if (records.length === 0) {
    // Players registered before accounts opened at registration (issue 31 item 13).
    records = await ctx.db.transaction(async (tx) => {
      await lockPlayer(tx, playerId);
      await openFirstAccount(tx, ctx, playerId);
      return walletRepository(tx).list(playerId);
    });
  }
  const subunits = await currencySubunits(ctx.db);
  return records.map((record) => toWalletAccount(record, subunits));
}

/**
 * Opens a player's first account (registration currency, else the country's, else the base
 * currency) when they have none, in the caller's transaction: registration does it with the
 * player's row, so the API and the site see the same accounts from the first call (issue 31
 * item 13). The caller holds the player's row (just inserted, or locked).
 */
export async function openFirstAccount(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
): Promise<void> {
  const repo = walletRepository(tx);
  if ((await repo.list(playerId)).length > 0) return;
  const currency = await firstCurrency(tx, playerId);
  if (!currency) return;
  await repo.open(playerId, currency, ctx.now());
  await publish(tx, ctx, playerId, "wallet.account.created", await repo.list(playerId));
}

/**
 * POST /api/wallet/accounts {currency} (WL-11): opens (or shows again) the account. A switched-off
 * currency opens no new account, but a player's own account in it can be shown again (to
 * withdraw what is in it).
 */
export async function createWalletAccount(
  ctx: AppContext,
  playerId: string,
  currency: string,
): Promise<{ account: WalletAccount; created: boolean }> {
  const known = (await settingsRepository(ctx.db).listCurrencies(false)).find(
    (item) => item.code === currency,
  );
  if (
    !known ||
    (!known.isEnabled && !(await walletRepository(ctx.db).findByCurrency(playerId, currency)))
  ) {
    throw AppError.unprocessable({ currency: ["This currency is not available"] });
  }
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = walletRepository(tx);
    const { id, created } = await repo.open(playerId, currency, ctx.now());
    let record = await repo.find(playerId, id);
    const unhidden = !created && record?.isHidden === true;
    if (unhidden) {
      await tx.query(
        "UPDATE wallet_accounts SET is_hidden = false, updated_at = $2 WHERE id = $1",
        [id, ctx.now()],
      );
      record = await repo.find(playerId, id);
    }
    if (!record) throw new Error("wallet account vanished");
    if (created || unhidden) {
      await publish(
        tx,
        ctx,
        playerId,
        created ? "wallet.account.created" : "wallet.account.updated",
        [record],
      );
    }
    const subunits = await currencySubunits(tx);
    return { account: toWalletAccount(record, subunits), created };
  });
}

/** PUT /api/wallet/accounts/{id}/switch (WL-12): exactly one active account afterwards. */
export async function switchWalletAccount(
  ctx: AppContext,
  playerId: string,
  id: string,
): Promise<WalletAccount> {
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = walletRepository(tx);
    const before = await repo.list(playerId);
    if (!(await repo.activate(playerId, id, ctx.now()))) throw walletAccountNotFound();
    const after = await repo.list(playerId);
    const changed = after.filter((record) => {
      const old = before.find((item) => item.id === record.id);
      return old?.isActive !== record.isActive || old?.isHidden !== record.isHidden;
    });
    await publish(tx, ctx, playerId, "wallet.account.updated", changed);
    const subunits = await currencySubunits(tx);
    const active = after.find((record) => record.id === id);
    if (!active) throw walletAccountNotFound();
    return toWalletAccount(active, subunits);
  });
}

/** PUT /api/wallet/accounts/{id}/hide (WL-13): the active account cannot be hidden (422). */
export async function hideWalletAccount(
  ctx: AppContext,
  playerId: string,
  id: string,
): Promise<WalletAccount> {
  return ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    const repo = walletRepository(tx);
    const outcome = await repo.hide(playerId, id, ctx.now());
    if (outcome === "missing") throw walletAccountNotFound();
    if (outcome === "active") {
      throw AppError.unprocessable(
        { id: ["The active account cannot be hidden; switch to another account first"] },
        "The active account cannot be hidden",
      );
    }
    const record = await repo.find(playerId, id);
    if (!record) throw walletAccountNotFound();
    await publish(tx, ctx, playerId, "wallet.account.updated", [record]);
    const subunits = await currencySubunits(tx);
    return toWalletAccount(record, subunits);
  });
}

function walletAccountNotFound(): AppError {
  return AppError.notFound("Wallet account not found", ErrorCode.NotFound);
}

/**
 * The account a real-money call uses: the one in `currency` (opened on first use when the
 * currency is switched on), else the active one (the first opened if the player has none yet).
 * Null when the player cannot hold that currency. Runs in the caller's transaction.
 */
export async function accountForPlay(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  currency: string | undefined,
): Promise<WalletAccountRecord | null> {
  const repo = walletRepository(tx);
  if (!currency) {
    const active = (await repo.list(playerId)).find((item) => item.isActive);
    if (active) return active;
    await lockPlayer(tx, playerId);
    await openFirstAccount(tx, ctx, playerId);
    return (await repo.list(playerId)).find((item) => item.isActive) ?? null;
  }
  const held = await repo.findByCurrency(playerId, currency);
  if (held) return held;
  // As POST /api/wallet/accounts: one opening at a time per player (one active account).
  await lockPlayer(tx, playerId);
  const enabled = (await settingsRepository(tx).listCurrencies(false)).some(
    (item) => item.code === currency && item.isEnabled,
  );
  if (!enabled) return null;
  const { id, created } = await repo.open(playerId, currency, ctx.now());
  const record = await repo.find(playerId, id);
  if (record && created) await publish(tx, ctx, playerId, "wallet.account.created", [record]);
  return record;
}
