// The life cycle of a player bonus (spec §4, BE-31): 1-1 issued → 2-1 active → 3-2 played
// (wagering done: the bonus balance turns into real money), 3-3 canceled, 3-4 expired, 3-5 lost
// (the bonus money is gone). Every change runs under the player's row lock, moves money only
// through the ledger with a key per bonus and step, and writes its realtime event on
// bonus:player-bonuses#{profileId} in the same transaction.
import {
  BonusErrorCode,
  type PlayerBonusEvent,
  type PlayerFreespinEvent,
} from "@casino/contract/bonus";
import { playerChannel } from "@casino/contract/realtime";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { type BonusMoneyPayload, raiseDomainEvent } from "../../infra/domain-events";
import { AppError } from "../../infra/errors";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { publishWalletAccount } from "../wallet/accounts";
import { postInTransaction } from "../wallet/ledger";
import { walletRepository } from "../wallet/repository";
import {
  bonusRepository,
  type PlayerBonusRecord,
  type PlayerFreespinRecord,
  toPlayerBonus,
  toPlayerFreespin,
} from "./repository";

export async function publishPlayerBonus(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  id: number,
): Promise<PlayerBonusRecord> {
  const record = await bonusRepository(tx).findPlayerBonus(playerId, id);
  if (!record) throw new Error(`player bonus ${id} is gone`);
  await enqueueRealtimeEvents(tx, [playerBonusUpdated(record)], ctx.now());
  return record;
}

/** The realtime event telling the player of the bonus as it is now (for the outbox). */
export function playerBonusUpdated(record: PlayerBonusRecord): {
  channel: string;
  payload: PlayerBonusEvent;
} {
  return {
    channel: playerChannel("bonuses", record.playerId),
    payload: { type: "bonus.player-bonus.updated", playerBonus: toPlayerBonus(record) },
  };
}

export async function publishPlayerFreespin(
  tx: Queryable,
  ctx: AppContext,
  playerId: string,
  id: number,
): Promise<PlayerFreespinRecord> {
  const record = await bonusRepository(tx).findFreespin(playerId, id);
  if (!record) throw new Error(`player free spin ${id} is gone`);
  const event: PlayerFreespinEvent = {
    type: "bonus.player-freespin.updated",
    playerFreespin: toPlayerFreespin(record),
  };
  await walletRepository(tx).enqueueEvent(playerChannel("freespins", playerId), event, ctx.now());
  return record;
}

async function ledgerAccounts(tx: Queryable, walletAccountId: string) {
  const rows = await tx.query<{ id: string; purpose: string }>(
    "SELECT id::text AS id, purpose FROM ledger_accounts WHERE wallet_account_id = $1",
    [walletAccountId],
  );
  const of = (purpose: string) => {
    const row = rows.find((item) => item.purpose === purpose);
    if (!row) throw new Error(`wallet ${walletAccountId} has no ${purpose} account`);
    return BigInt(row.id);
  };
  return { real: of("real"), bonus: of("bonus") };
}

/** Grants `amount` of bonus money: house bonuses → player bonus (key bonus:grant:{id}). */
export async function postGrant(
  tx: Queryable,
  bonus: { id: number; walletAccountId: string; currency: string },
  amount: bigint,
): Promise<void> {
  if (amount <= 0n) return;
  const accounts = await ledgerAccounts(tx, bonus.walletAccountId);
  const house = await walletRepository(tx).houseAccount("bonuses", bonus.currency);
  const [posted] = await postInTransaction(tx, [
    {
      key: `bonus:grant:${bonus.id}`,
      kind: "bonus.grant",
      legs: [
        { account: house, currency: bonus.currency, amount: -amount },
        { account: accounts.bonus, currency: bonus.currency, amount },
      ],
      metadata: { playerBonusId: bonus.id },
    },
  ]);
  if (posted?.status !== "applied") throw new Error(`bonus grant ${bonus.id}: ${posted?.status}`);
}

/**
 * Ends an open bonus with a result: 2 played converts what it holds into real money (player
 * bonus → player real); 3 canceled, 4 expired take it back (player bonus → house bonuses);
 * 5 lost has nothing left to move. Returns false when it was finished already.
 */
export async function finishBonus(
  tx: Queryable,
  ctx: AppContext,
  record: PlayerBonusRecord,
  result: 2 | 3 | 4 | 5,
): Promise<boolean> {
  const now = ctx.now();
  const [current] = await tx.query<{ balance: string }>(
    "SELECT balance::text AS balance FROM player_bonuses WHERE id = $1 AND status IN (1, 2) FOR UPDATE",
    [record.id],
  );
  if (!current) return false;
  await tx.query(
    `UPDATE player_bonuses SET status = 3, result = $2, finished_at = $3, balance = 0
      WHERE id = $1`,
    [record.id, result, now],
  );
  const held = BigInt(current.balance);
  if (held > 0n) {
    const accounts = await ledgerAccounts(tx, record.walletAccountId);
    const converts = result === 2;
    const target = converts
      ? accounts.real
      : await walletRepository(tx).houseAccount("bonuses", record.currency);
    const [posted] = await postInTransaction(tx, [
      {
        key: `bonus:${converts ? "convert" : "remove"}:${record.id}`,
        kind: converts ? "bonus.convert" : "bonus.remove",
        legs: [
          { account: accounts.bonus, currency: record.currency, amount: -held },
          { account: target, currency: record.currency, amount: held },
        ],
        metadata: { playerBonusId: record.id, result },
      },
    ]);
    if (posted?.status !== "applied") {
      throw new Error(`bonus ${record.id} finish: ${posted?.status} ${posted?.reason}`);
    }
    await raiseBonusMoney(tx, converts ? "bonus.converted" : "bonus.forfeited", record, held, now);
    await publishWalletAccount(tx, ctx, record.playerId, record.walletAccountId);
  }
  await publishPlayerBonus(tx, ctx, record.playerId, record.id);
  return true;
}

/**
 * The domain event of bonus money given, converted or forfeited (the reports' promotional costs,
 * ADR 0020), in the transaction of its posting; once per bonus and type.
 */
export async function raiseBonusMoney(
  tx: Queryable,
  type: "bonus.granted" | "bonus.converted" | "bonus.forfeited",
  bonus: Pick<PlayerBonusRecord, "id" | "playerId" | "bonusId" | "currency" | "source">,
  amount: bigint,
  at: Date,
): Promise<void> {
  const payload: BonusMoneyPayload = {
    playerBonusId: bonus.id,
    playerId: bonus.playerId,
    bonusId: bonus.bonusId,
    currency: bonus.currency,
    amount: amount.toString(),
    source: bonus.source,
    at: at.toISOString(),
  };
  await raiseDomainEvent(tx, {
    type,
    key: `${type}:${bonus.id}`,
    playerId: bonus.playerId,
    payload,
    at,
  });
}

/** Makes an issued bonus the currency's active one; 409 16001 when another is active. */
export async function activateBonus(
  tx: Queryable,
  ctx: AppContext,
  record: PlayerBonusRecord,
): Promise<void> {
  if (record.status !== 1) {
    throw new AppError(409, BonusErrorCode.InvalidBonusState, "The bonus is not issued");
  }
  const active = await bonusRepository(tx).activeBonus(record.playerId, record.currency);
  if (active) {
    throw new AppError(
      409,
      BonusErrorCode.ActiveBonusExists,
      "Another bonus is active in this currency",
    );
  }
  await tx.query(
    "UPDATE player_bonuses SET status = 2, activated_at = $2 WHERE id = $1 AND status = 1",
    [record.id, ctx.now()],
  );
  await publishPlayerBonus(tx, ctx, record.playerId, record.id);
}

/** Rounds played with this bonus that are still open (their result may still move its money). */
export async function openBonusRounds(tx: Queryable, playerBonusId: number): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(DISTINCT r.id)::int AS count
       FROM bonus_bets bb
       JOIN game_rounds r ON r.provider_id = bb.provider_id
                        AND r.provider_round_id = bb.provider_round_id
                        AND r.player_id = bb.player_id
      WHERE bb.player_bonus_id = $1 AND r.status = 'open'`,
    [playerBonusId],
  );
  return row?.count ?? 0;
}

/** Cancel by the player: issued or active; not while a round played with it is open (16003). */
export async function cancelBonus(
  tx: Queryable,
  ctx: AppContext,
  record: PlayerBonusRecord,
): Promise<void> {
  if (record.status === 3) {
    throw new AppError(409, BonusErrorCode.InvalidBonusState, "The bonus is finished");
  }
  if (record.status === 2 && (await openBonusRounds(tx, record.id)) > 0) {
    throw new AppError(
      409,
      BonusErrorCode.UnsettledBets,
      "A round played with this bonus is still open",
    );
  }
  await finishBonus(tx, ctx, record, 3);
}

export async function finishFreespin(
  tx: Queryable,
  ctx: AppContext,
  record: PlayerFreespinRecord,
  result: 2 | 3 | 4,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE player_freespins SET status = 3, result = $2, finished_at = $3
      WHERE id = $1 AND status IN (1, 2) RETURNING id`,
    [record.id, result, ctx.now()],
  );
  if (rows.length === 0) return false;
  await publishPlayerFreespin(tx, ctx, record.playerId, record.id);
  return true;
}
