// Issuing a bonus to a player (BE-29, BE-31): the one way in for deposits, bonus codes, free-spin
// winnings and other modules (quests: `issueBonus(tx, ctx, { playerId, bonusId, currency,
// source: "quest:{id}" })`). Idempotent by (player, source): a second call with the same source
// returns what the first issued and moves nothing. Runs in the caller's transaction, under the
// player's row lock.
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { createNotification } from "../notification/create-notification";
import { publishWalletAccount } from "../wallet/accounts";
import { walletRepository } from "../wallet/repository";
import {
  type BonusDefinition,
  findBonus,
  grantAmount,
  loadCurrencies,
  perCurrency,
} from "./definitions";
import { postGrant, publishPlayerBonus, publishPlayerFreespin, raiseBonusMoney } from "./lifecycle";
import { bonusRepository, lockPlayer } from "./repository";

export interface IssueBonusInput {
  playerId: string;
  bonusId: number;
  currency: string;
  /** What issues it, unique per player: "deposit:{invoiceId}", "code:{id}", "quest:{id}". */
  source: string;
  /** The deposit a percent bonus (type 2) is computed from, minor units. */
  depositAmount?: bigint;
  /** A fixed amount (minor units) instead of the definition's (free-spin winnings, cashback). */
  amount?: bigint;
  /** Shown as issueSessionId; defaults to the source. */
  issueSessionId?: string;
}

export type IssuedBonus =
  | { kind: "bonus"; id: number; created: boolean }
  | { kind: "freespins"; id: number; created: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issues the bonus (status 1; then active at once when the definition auto-activates and no
 * other bonus is active in the currency). Null when it grants nothing in that currency (no
 * amount configured, or a zero amount).
 */
export async function issueBonus(
  tx: Queryable,
  ctx: AppContext,
  input: IssueBonusInput,
): Promise<IssuedBonus | null> {
  await lockPlayer(tx, input.playerId);
  const repo = bonusRepository(tx);
  const seenBonus = await repo.findPlayerBonusBySource(input.playerId, input.source);
  if (seenBonus) return { kind: "bonus", id: seenBonus.id, created: false };
  const seenSpins = await repo.findFreespinBySource(input.playerId, input.source);
  if (seenSpins) return { kind: "freespins", id: seenSpins.id, created: false };

  const bonus = await findBonus(tx, input.bonusId);
  if (!bonus) throw new Error(`unknown bonus ${input.bonusId}`);
  const currencies = await loadCurrencies(tx);
  if (!currencies.of(input.currency)) return null;
  const now = ctx.now();
  const wallet = await walletRepository(tx).open(input.playerId, input.currency, now);
  const expiresAt = new Date(now.getTime() + bonus.expiresInDays * DAY_MS);
  const issueSessionId = input.issueSessionId ?? input.source;

  if (bonus.type === 3) {
    const count = bonus.assign.presets?.quantity ?? 0;
    const bet = perCurrency(bonus.freespinBet, input.currency, currencies);
    if (count <= 0 || bet === null || bonus.freespinGameId === null) return null;
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO player_freespins (player_id, bonus_id, wallet_account_id, currency, game_id,
         count, bet_amount, package_id, issue_session_id, source, expires_at, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id::text AS id`,
      [
        input.playerId,
        bonus.id,
        wallet.id,
        input.currency,
        bonus.freespinGameId,
        count,
        bet.toString(),
        bonus.packageId,
        issueSessionId,
        input.source,
        expiresAt,
        now,
      ],
    );
    const id = Number(row!.id);
    await publishPlayerFreespin(tx, ctx, input.playerId, id);
    await createNotification(tx, ctx, {
      playerId: input.playerId,
      kind: "bonus",
      title: `Free spins: ${bonus.name}`,
      text: `${count} free spins are waiting for you.`,
      link: "/profile/bonuses",
      params: { bonus: bonus.name, count },
      dedupeKey: `freespins:${id}`,
    });
    return { kind: "freespins", id, created: true };
  }

  const amount =
    input.amount ?? grantAmount(bonus, input.currency, input.depositAmount ?? null, currencies);
  if (amount === null || amount <= 0n) return null;
  const id = await insertPlayerBonus(tx, {
    bonus,
    playerId: input.playerId,
    walletAccountId: wallet.id,
    currency: input.currency,
    amount,
    maxBet: perCurrency(bonus.maxBet, input.currency, currencies),
    issueSessionId,
    source: input.source,
    expiresAt,
    now,
  });
  await postGrant(tx, { id, walletAccountId: wallet.id, currency: input.currency }, amount);
  // Free-spin winnings are counted by their rounds (wins), and are issued on the win path.
  if (!input.source.startsWith("freespins:")) {
    const granted = { id, playerId: input.playerId, bonusId: bonus.id, currency: input.currency };
    await raiseBonusMoney(tx, "bonus.granted", { ...granted, source: input.source }, amount, now);
  }
  await publishPlayerBonus(tx, ctx, input.playerId, id);
  if (bonus.autoActivate && !(await repo.activeBonus(input.playerId, input.currency))) {
    await tx.query("UPDATE player_bonuses SET status = 2, activated_at = $2 WHERE id = $1", [
      id,
      now,
    ]);
    await publishPlayerBonus(tx, ctx, input.playerId, id);
  }
  await publishWalletAccount(tx, ctx, input.playerId, wallet.id);
  // The messenger keeps every bonus the platform gives (BE-40), once.
  const shown = formatAmount(amount, Number(currencies.of(input.currency)!.subunitToUnit));
  await createNotification(tx, ctx, {
    playerId: input.playerId,
    kind: "bonus",
    title: `Bonus: ${bonus.name}`,
    text: `${shown} ${input.currency} was added to your bonus balance.`,
    link: "/profile/bonuses",
    params: { bonus: bonus.name, amount: shown, currency: input.currency },
    dedupeKey: `bonus:${id}`,
  });
  return { kind: "bonus", id, created: true };
}

async function insertPlayerBonus(
  tx: Queryable,
  input: {
    bonus: BonusDefinition;
    playerId: string;
    walletAccountId: string;
    currency: string;
    amount: bigint;
    maxBet: bigint | null;
    issueSessionId: string;
    source: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO player_bonuses (player_id, bonus_id, wallet_account_id, currency, amount,
       balance, wager_total, max_bet, package_id, issue_session_id, source, expires_at, issued_at)
     VALUES ($1, $2, $3, $4, $5::numeric, $5::numeric, floor($5::numeric * $6::numeric), $7,
             $8, $9, $10, $11, $12)
     RETURNING id::text AS id`,
    [
      input.playerId,
      input.bonus.id,
      input.walletAccountId,
      input.currency,
      input.amount.toString(),
      input.bonus.wagerMultiplier,
      input.maxBet?.toString() ?? null,
      input.bonus.packageId,
      input.issueSessionId,
      input.source,
      input.expiresAt,
      input.now,
    ],
  );
  return Number(row!.id);
}
