// Demo tournaments, inserted once (seed_runs "tournaments") when the module registers, with
// windows relative to that moment: one running now, one starting tomorrow and one that ended
// yesterday (the completion job closes it on the first run). An operator edits or deletes the
// rows; a later start does not bring them back.
import { parseAmountOrThrow } from "@casino/money/parse";
import type { Db } from "../../infra/db";

const TOURNAMENTS_SEED = "tournaments";
const SEED_LOCK_KEY = 7_302_015_026;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface SeedPrize {
  from: number;
  to: number;
  kind: "cash" | "bonus" | "freespins";
  /** cash: major units of the tournament currency. */
  amount?: string;
  title?: string;
  reward?: Record<string, unknown>;
}

interface SeedTournament {
  slug: string;
  title: string;
  description: string;
  scoring: "bet_sum" | "win_sum" | "max_multiplier";
  currency: string;
  convertCurrencies: boolean;
  /** Major units. */
  minBet: string;
  providers?: string[];
  collections?: string[];
  startsIn: number;
  lastsFor: number;
  prizes: SeedPrize[];
}

export const seedTournaments: SeedTournament[] = [
  {
    slug: "weekly-race",
    title: "Weekly Race",
    description:
      "Every stake counts: the more you wager on any game, the higher you climb. Bets in other currencies count at the site's rates.",
    scoring: "bet_sum",
    currency: "EUR",
    convertCurrencies: true,
    minBet: "0.10",
    startsIn: -HOUR,
    lastsFor: 7 * DAY,
    prizes: [
      { from: 1, to: 1, kind: "cash", amount: "100.00" },
      { from: 2, to: 2, kind: "cash", amount: "50.00" },
      { from: 3, to: 3, kind: "cash", amount: "25.00" },
      { from: 4, to: 10, kind: "cash", amount: "5.00" },
      {
        from: 11,
        to: 20,
        kind: "freespins",
        title: "50 free spins on Fruit Lines",
        // The bonus module's definition (issued by the completion through issueBonus).
        reward: { bonus: "welcome-3" },
      },
    ],
  },
  {
    slug: "big-multiplier",
    title: "Big Multiplier",
    description: "One lucky round is all it takes: your best win / stake multiplier on the slots.",
    scoring: "max_multiplier",
    currency: "EUR",
    convertCurrencies: true,
    minBet: "1.00",
    collections: ["slots"],
    startsIn: DAY,
    lastsFor: 3 * DAY,
    prizes: [
      { from: 1, to: 1, kind: "cash", amount: "200.00" },
      { from: 2, to: 5, kind: "cash", amount: "20.00" },
    ],
  },
  {
    slug: "autumn-sprint",
    title: "Autumn Sprint",
    description: "The biggest total winnings on the Originals took the prizes.",
    scoring: "win_sum",
    currency: "EUR",
    convertCurrencies: false,
    minBet: "0.10",
    providers: ["originals"],
    startsIn: -8 * DAY,
    lastsFor: 7 * DAY,
    prizes: [{ from: 1, to: 3, kind: "cash", amount: "30.00" }],
  },
];

export async function seedDemoTournaments(db: Db, now: Date): Promise<boolean> {
  const done = await db.query("SELECT 1 FROM seed_runs WHERE name = $1", [TOURNAMENTS_SEED]);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const again = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [TOURNAMENTS_SEED]);
    if (again.length > 0) return false;
    for (const [position, item] of seedTournaments.entries()) {
      const [currency] = await tx.query<{ subunit_to_unit: string }>(
        "SELECT subunit_to_unit FROM currencies WHERE code = $1",
        [item.currency],
      );
      if (!currency) continue;
      const subunit = BigInt(currency.subunit_to_unit);
      const starts = new Date(now.getTime() + item.startsIn);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO tournaments (slug, title, description, image, scoring, currency,
           convert_currencies, min_bet, provider_ids, collection_ids, starts_at, ends_at, position)
         SELECT $1, $2, $3, NULL, $4, $5, $6, $7,
                ARRAY(SELECT id FROM game_providers WHERE slug = ANY ($8::text[]) ORDER BY id),
                ARRAY(SELECT id FROM game_collections WHERE slug = ANY ($9::text[]) ORDER BY id),
                $10, $11, $12
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [
          item.slug,
          item.title,
          item.description,
          item.scoring,
          item.currency,
          item.convertCurrencies,
          parseAmountOrThrow(item.minBet, subunit).toString(),
          item.providers ?? [],
          item.collections ?? [],
          starts,
          new Date(starts.getTime() + item.lastsFor),
          position,
        ],
      );
      if (!row) continue;
      for (const prize of item.prizes) {
        await tx.query(
          `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, kind, amount, reward, title)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
          [
            row.id,
            prize.from,
            prize.to,
            prize.kind,
            prize.amount ? parseAmountOrThrow(prize.amount, subunit).toString() : null,
            JSON.stringify(prize.reward ?? {}),
            prize.title ?? "",
          ],
        );
      }
    }
    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [TOURNAMENTS_SEED]);
    return true;
  });
}
