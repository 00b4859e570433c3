// Loyalty (spec §3 "Loyalty account", §4 "Loyalty"; LY-01..LY-04, BE-38): points earned per
// wagered amount by the operator's earn rules, ordered levels with point thresholds, the account
// view, and the account event on `retention:accounts#{profileId}` when whole points or the level
// change. Levels only rise; reaching one also leaves a message in the player's messenger.
import {
  type LoyaltyAccount,
  type LoyaltyAccountEvent,
  type LoyaltyEarnRule,
  type LoyaltyLevel,
  retentionAccountsChannel,
} from "@casino/contract/retention";
import { min } from "@casino/money/arithmetic";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import type { BetSettledPayload, DomainEvent } from "../../infra/domain-events";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";
import { memoInTransaction } from "../../infra/tx-memo";
import { createNotification } from "../notification/create-notification";
import { retentionFlags } from "./flags";
import { type LevelRow, loyaltyRepository } from "./loyalty-repository";
import { questRepository } from "./repository";

const MILLI = 1000n;

function toLevel(row: LevelRow): LoyaltyLevel {
  return {
    id: row.id,
    name: row.name,
    points: row.points,
    order: row.level_order,
    description: row.description,
    image: row.image,
  };
}

/** The highest level whose threshold `points` reach (levels sorted by order). */
function levelReached(levels: readonly LevelRow[], points: bigint): LevelRow | null {
  let reached: LevelRow | null = null;
  for (const level of levels) {
    if (BigInt(level.points) <= points && (!reached || level.level_order > reached.level_order)) {
      reached = level;
    }
  }
  return reached;
}

/** The level held: the stored one or the one the points reach, whichever is higher. */
function currentLevel(
  levels: readonly LevelRow[],
  points: bigint,
  storedLevelId: string | null,
): LevelRow | null {
  const reached = levelReached(levels, points);
  const stored = levels.find((level) => level.id === storedLevelId) ?? null;
  if (!stored) return reached;
  if (!reached) return stored;
  return stored.level_order >= reached.level_order ? stored : reached;
}

function accountView(
  levels: readonly LevelRow[],
  millipoints: bigint,
  storedLevelId: string | null,
): { account: LoyaltyAccount; level: LevelRow | null } {
  const points = millipoints / MILLI;
  const level = currentLevel(levels, points, storedLevelId);
  const next = levels.find((item) => (level ? item.level_order > level.level_order : true)) ?? null;
  return {
    level,
    account: {
      points: Number(points),
      currentLevel: level ? toLevel(level) : null,
      nextLevel: next ? toLevel(next) : null,
    },
  };
}

/** GET /api/retention/account (LY-01, API-76): a player who never earned has 0 points. */
export async function getLoyaltyAccount(db: Queryable, playerId: string): Promise<LoyaltyAccount> {
  const repo = loyaltyRepository(db);
  const [levels, account] = await Promise.all([repo.levels(), repo.account(playerId)]);
  return accountView(levels, account?.millipoints ?? 0n, account?.level_id ?? null).account;
}

/** GET /api/retention/levels (LY-02, API-77): the levels in order and how points are earned. */
export async function listLoyaltyLevels(
  db: Queryable,
  currency: string | null,
): Promise<{ levels: LoyaltyLevel[]; earnRules: LoyaltyEarnRule[] }> {
  const repo = loyaltyRepository(db);
  const [levels, rules, subunits] = await Promise.all([
    repo.levels(),
    repo.earnRules(currency),
    questRepository(db).subunits(),
  ]);
  return {
    levels: levels.map(toLevel),
    earnRules: rules.map((rule) => ({
      currency: rule.currency,
      provider: rule.provider,
      gameType: rule.game_type,
      wager: formatAmount(BigInt(rule.wager_amount), subunits.get(rule.currency) ?? 100n),
      points: Number(rule.points),
    })),
  };
}

/**
 * Adds points once per `key` in the caller's transaction (a second call with the key changes
 * nothing), raises the level when the new total reaches a higher one, and publishes the account
 * when whole points or the level changed. Returns whether anything was added.
 */
export async function addLoyaltyPoints(
  tx: Queryable,
  ctx: Pick<AppContext, "now">,
  entry: LoyaltyEntry,
): Promise<boolean> {
  return (await addLoyaltyPointsTogether(tx, ctx, [entry])).has(entry.key);
}

export interface LoyaltyEntry {
  playerId: string;
  millipoints: bigint;
  key: string;
  reason: string;
}

/**
 * addLoyaltyPoints for many entries (of one or many players) in four statements: the accounts
 * locked, the entries recorded, the accounts updated, the account events written. Each entry
 * counts as if added alone in its order (its own level-up message and account event). Returns
 * the keys added now.
 */
export async function addLoyaltyPointsTogether(
  tx: Queryable,
  ctx: Pick<AppContext, "now">,
  entries: readonly LoyaltyEntry[],
): Promise<Set<string>> {
  const earning = entries.filter((entry) => entry.millipoints > 0n);
  if (earning.length === 0) return new Set();
  const repo = loyaltyRepository(tx);
  const now = ctx.now();
  const accounts = await repo.accountsForUpdate(
    earning.map((entry) => entry.playerId),
    now,
  );
  const added = await repo.insertEntries(earning, now);
  if (added.size === 0) return added;
  const levels = await memoInTransaction(tx, "loyalty-levels", () => repo.levels());
  const updated = new Map<string, { millipoints: bigint; levelId: string | null }>();
  const events: { channel: string; payload: LoyaltyAccountEvent }[] = [];
  for (const entry of earning) {
    if (!added.has(entry.key)) continue;
    const stored = accounts.get(entry.playerId)!;
    const account = updated.get(entry.playerId) ?? {
      millipoints: stored.millipoints,
      levelId: stored.level_id,
    };
    const before = accountView(levels, account.millipoints, account.levelId);
    const total = account.millipoints + entry.millipoints;
    const after = accountView(levels, total, account.levelId);
    updated.set(entry.playerId, { millipoints: total, levelId: after.level?.id ?? null });
    const pointsAdded = after.account.points - before.account.points;
    const rose = after.level !== null && after.level.level_order > (before.level?.level_order ?? 0);
    if (rose && after.level) {
      // The messenger keeps the level-up (BE-40: messages created by the platform), once a level.
      await createNotification(tx, ctx, {
        playerId: entry.playerId,
        kind: "level",
        title: `New level: ${after.level.name}`,
        text: `You reached loyalty level ${after.level.level_order}: ${after.level.name}.`,
        link: "/loyalty",
        params: { level: after.level.name, order: after.level.level_order },
        dedupeKey: `loyalty-level:${after.level.id}`,
      });
    }
    if (pointsAdded > 0 || after.level?.id !== before.level?.id) {
      events.push({
        channel: retentionAccountsChannel(entry.playerId),
        payload: {
          type: "loyalty.account.updated",
          account: after.account,
          previousLevelOrder: before.level?.level_order ?? null,
          pointsAdded,
        },
      });
    }
  }
  await repo.updateAccounts(updated, now);
  await enqueueRealtimeEvents(tx, events, now);
  return added;
}

/** Thousandths of a point a stake earns under the bet's rule (0 without one). */
async function millipointsFor(
  tx: Queryable,
  bet: BetSettledPayload,
  stake: bigint,
): Promise<bigint> {
  if (stake <= 0n) return 0n;
  const rule = await memoInTransaction(
    tx,
    `loyalty-rule:${bet.currency}:${bet.providerId}:${bet.gameId}`,
    () => loyaltyRepository(tx).ruleFor(bet.currency, bet.providerId, bet.gameId),
  );
  if (!rule || rule.points <= 0) return 0n;
  return (stake * BigInt(rule.points) * MILLI) / BigInt(rule.wager_amount);
}

/**
 * The "loyalty" consumer: game.bet.settled earns points for the stake that was not refunded;
 * game.bet.refunded (a late rollback of a settled round) takes back what that stake earned,
 * never below zero points. The level stays (levels only rise).
 */
export async function handleLoyaltyEvent(
  tx: Queryable,
  ctx: AppContext,
  event: DomainEvent,
): Promise<void> {
  const bet = event.payload as unknown as BetSettledPayload;
  // A dispatch batch hands this consumer many events in one transaction: the settings, levels
  // and earn rules are read once for all of them.
  const flags = await memoInTransaction(tx, "retention-flags", () => retentionFlags(tx, ctx));
  if (!flags.loyalty) return;
  if (event.type === "game.bet.refunded") {
    const millipoints = await millipointsFor(tx, bet, BigInt(bet.refundedNow ?? "0"));
    if (millipoints <= 0n) return;
    await takeBackLoyaltyPoints(tx, ctx, {
      playerId: bet.playerId,
      millipoints,
      key: `refund:${bet.roundId}:${bet.refundAmount}`,
    });
    return;
  }
  await addLoyaltyPoints(tx, ctx, await betEntry(tx, bet));
}

/** The points a settled bet earns for the stake that was not refunded, keyed by its round. */
async function betEntry(tx: Queryable, bet: BetSettledPayload): Promise<LoyaltyEntry> {
  const stake = BigInt(bet.betAmount) - BigInt(bet.refundAmount);
  const millipoints = await millipointsFor(tx, bet, stake);
  return { playerId: bet.playerId, millipoints, key: `bet:${bet.roundId}`, reason: "bet" };
}

/**
 * The "loyalty" consumer for a dispatch batch: the points of all its settled bets added
 * together (addLoyaltyPointsTogether). A batch with a refund goes event by event.
 */
export async function handleLoyaltyEvents(
  tx: Queryable,
  ctx: AppContext,
  events: readonly DomainEvent[],
): Promise<void> {
  if (events.some((event) => event.type !== "game.bet.settled")) {
    for (const event of events) await handleLoyaltyEvent(tx, ctx, event);
    return;
  }
  const flags = await memoInTransaction(tx, "retention-flags", () => retentionFlags(tx, ctx));
  if (!flags.loyalty) return;
  const entries: LoyaltyEntry[] = [];
  for (const event of events) {
    entries.push(await betEntry(tx, event.payload as unknown as BetSettledPayload));
  }
  await addLoyaltyPointsTogether(tx, ctx, entries);
}

/** Takes points back once per key (at most what the account holds); publishes the account. */
async function takeBackLoyaltyPoints(
  tx: Queryable,
  ctx: Pick<AppContext, "now">,
  entry: { playerId: string; millipoints: bigint; key: string },
): Promise<void> {
  const repo = loyaltyRepository(tx);
  const now = ctx.now();
  const account = (await repo.accountsForUpdate([entry.playerId], now)).get(entry.playerId)!;
  const taken = min(entry.millipoints, account.millipoints);
  const recorded = await repo.insertEntries(
    [{ playerId: entry.playerId, key: entry.key, millipoints: -taken, reason: "refund" }],
    now,
  );
  if (!recorded.has(entry.key) || taken === 0n) return;
  const levels = await memoInTransaction(tx, "loyalty-levels", () => repo.levels());
  const before = accountView(levels, account.millipoints, account.level_id);
  const total = account.millipoints - taken;
  // The stored level stays: it is at least the one held before.
  const levelId = before.level?.id ?? account.level_id;
  await repo.updateAccounts(new Map([[entry.playerId, { millipoints: total, levelId }]]), now);
  const after = accountView(levels, total, levelId);
  if (after.account.points !== before.account.points) {
    const event: LoyaltyAccountEvent = {
      type: "loyalty.account.updated",
      account: after.account,
      previousLevelOrder: before.level?.level_order ?? null,
      pointsAdded: after.account.points - before.account.points,
    };
    await questRepository(tx).enqueueEvent(retentionAccountsChannel(entry.playerId), event, now);
  }
}
