// The demo quests, loyalty levels and earn rules, inserted once (seed_runs "retention") when the
// module registers, after the game catalogue (tasks name games and providers by slug). An
// operator edits the rows afterwards; later starts leave them alone.
import type { Db, Queryable } from "../../infra/db";

const RETENTION_SEED = "retention";
const SEED_LOCK_KEY = 7_302_015_025;

export const seedLevels = [
  { order: 1, name: "Bronze", points: 0, description: "Where every player starts." },
  { order: 2, name: "Silver", points: 100, description: "Regular players." },
  { order: 3, name: "Gold", points: 500, description: "Faster support and better offers." },
  { order: 4, name: "Platinum", points: 2000, description: "A personal manager." },
  { order: 5, name: "Diamond", points: 10000, description: "The top of the programme." },
];

/** Points per wager (minor units) per currency; live casino earns at a fifth of the rate. */
export const seedEarnRules: {
  currency: string;
  provider?: string;
  gameType?: string;
  wager: bigint;
  points: number;
}[] = [
  ...["EUR", "USD", "GBP", "CAD", "AUD", "BRL"].map((currency) => ({
    currency,
    wager: 100n,
    points: 1,
  })),
  ...["EUR", "USD", "GBP"].map((currency) => ({
    currency,
    gameType: "live-casino",
    wager: 500n,
    points: 1,
  })),
  // 1 point per 0.00001 BTC (1 000 satoshi).
  { currency: "BTC", wager: 1000n, points: 1 },
];

interface SeedTask {
  name: string;
  type: string;
  quantity: bigint;
  minBet?: bigint;
  games?: string[];
  providers?: string[];
}
interface SeedReward {
  type: "points" | "bonus" | "freespins";
  name: string;
  points?: number;
  bonusId?: string;
}
export interface SeedQuest {
  slug: string;
  name: string;
  description: string;
  currency: string;
  durationDays: number | null;
  sequential?: boolean;
  repeatable?: boolean;
  tasks: SeedTask[];
  rewards: SeedReward[];
}

export const seedQuests: SeedQuest[] = [
  {
    slug: "warm-up",
    name: "Warm-up",
    description: "Place five bets of at least 0.10 and win 5.00 in total.",
    currency: "EUR",
    durationDays: 7,
    tasks: [
      { name: "Place 5 bets", type: "betCount", quantity: 5n, minBet: 10n },
      { name: "Win 5.00", type: "winAmount", quantity: 500n },
    ],
    rewards: [{ type: "points", name: "50 loyalty points", points: 50 }],
  },
  {
    slug: "slot-explorer",
    name: "Slot explorer",
    description: "Play ten rounds of Gold Rush or Ocean Gems, then wager 50.00 on any game.",
    currency: "EUR",
    durationDays: 14,
    sequential: true,
    tasks: [
      {
        name: "Play 10 rounds of Gold Rush or Ocean Gems",
        type: "playGames",
        quantity: 10n,
        games: ["gold-rush", "ocean-gems"],
      },
      { name: "Wager 50.00", type: "betAmount", quantity: 5000n },
    ],
    rewards: [
      // Bonus definitions of the bonus module, by slug (issued through issueBonus).
      { type: "freespins", name: "50 free spins on Fruit Lines", bonusId: "welcome-3" },
      { type: "points", name: "100 loyalty points", points: 100 },
    ],
  },
  {
    slug: "high-roller",
    name: "High roller",
    description: "Deposit 20.00 and wager 100.00 within 30 days.",
    currency: "EUR",
    durationDays: 30,
    tasks: [
      { name: "Deposit 20.00", type: "deposit", quantity: 2000n },
      { name: "Wager 100.00", type: "betAmount", quantity: 10000n },
    ],
    rewards: [{ type: "bonus", name: "10.00 bonus", bonusId: "cash-10" }],
  },
  {
    slug: "daily-visitor",
    name: "Daily visitor",
    description: "Sign in three days in a row.",
    currency: "EUR",
    durationDays: null,
    repeatable: true,
    tasks: [{ name: "Sign in 3 days in a row", type: "loginDays", quantity: 3n }],
    rewards: [{ type: "points", name: "30 loyalty points", points: 30 }],
  },
  {
    slug: "warm-up-usd",
    name: "Warm-up",
    description: "Place five bets of at least 0.10 and win 5.00 in total.",
    currency: "USD",
    durationDays: 7,
    tasks: [
      { name: "Place 5 bets", type: "betCount", quantity: 5n, minBet: 10n },
      { name: "Win 5.00", type: "winAmount", quantity: 500n },
    ],
    rewards: [{ type: "points", name: "50 loyalty points", points: 50 }],
  },
];

/** Inserts one quest with its tasks and rewards (games and providers by slug). */
export async function insertQuest(
  tx: Queryable,
  quest: SeedQuest,
  position: number,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO quests (slug, name, description, currency, duration_seconds, is_sequential,
       is_repeatable, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
    [
      quest.slug,
      quest.name,
      quest.description,
      quest.currency,
      quest.durationDays === null ? null : quest.durationDays * 86_400,
      quest.sequential ?? false,
      quest.repeatable ?? false,
      position,
    ],
  );
  const id = row!.id;
  for (const [index, task] of quest.tasks.entries()) {
    await tx.query(
      `INSERT INTO quest_tasks (quest_id, position, name, type, quantity, min_bet, game_ids,
         provider_ids)
       VALUES ($1, $2, $3, $4, $5, $6,
         coalesce((SELECT array_agg(id) FROM games WHERE slug = ANY($7::text[])), '{}'),
         coalesce((SELECT array_agg(id) FROM game_providers WHERE slug = ANY($8::text[])), '{}'))`,
      [
        id,
        index,
        task.name,
        task.type,
        task.quantity.toString(),
        (task.minBet ?? 0n).toString(),
        task.games ?? [],
        task.providers ?? [],
      ],
    );
  }
  for (const [index, reward] of quest.rewards.entries()) {
    await tx.query(
      `INSERT INTO quest_rewards (quest_id, position, type, name, points, bonus_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, index, reward.type, reward.name, reward.points ?? null, reward.bonusId ?? null],
    );
  }
  return id;
}

export async function seedRetention(db: Db): Promise<boolean> {
  const done = await db.query("SELECT 1 FROM seed_runs WHERE name = $1", [RETENTION_SEED]);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const again = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [RETENTION_SEED]);
    if (again.length > 0) return false;
    for (const level of seedLevels) {
      await tx.query(
        `INSERT INTO loyalty_levels (level_order, name, points, description)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [level.order, level.name, level.points, level.description],
      );
    }
    for (const rule of seedEarnRules) {
      await tx.query(
        `INSERT INTO loyalty_earn_rules (currency, provider_id, game_type, wager_amount, points)
         SELECT $1, (SELECT id FROM game_providers WHERE slug = $2), $3, $4, $5
          WHERE EXISTS (SELECT 1 FROM currencies WHERE code = $1)
         ON CONFLICT DO NOTHING`,
        [
          rule.currency,
          rule.provider ?? null,
          rule.gameType ?? null,
          rule.wager.toString(),
          rule.points,
        ],
      );
    }
    const currencies = new Set(
      (await tx.query<{ code: string }>("SELECT code FROM currencies")).map((row) => row.code),
    );
    for (const [position, quest] of seedQuests.entries()) {
      if (!currencies.has(quest.currency)) continue;
      await insertQuest(tx, quest, position);
    }
    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [RETENTION_SEED]);
    return true;
  });
}
