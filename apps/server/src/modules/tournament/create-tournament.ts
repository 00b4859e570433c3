// POST /api/operator/tournaments: an operator defines a tournament (rows of migration 0026).
// Everything is checked before anything is written; answers 422 with error.fields. With a `key`,
// the same request again answers the first result and writes nothing; the key with another body
// is a 422 on `key` (createOnce, like every operator create). Cash prizes need payments too.
import type { CreateTournamentBody, TournamentDetail } from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { requireAlsoScope } from "../../lib/operator-api";
import { createOnce, fieldProblems, minorAmount } from "../../lib/operator-keys";
import { getTournament } from "./read-tournaments";

export async function createTournament(
  ctx: AppContext,
  body: CreateTournamentBody,
): Promise<{ data: TournamentDetail; replay: boolean }> {
  return createOnce(ctx.db, {
    kind: "tournament",
    key: body.key,
    body,
    now: ctx.now(),
    create: (tx) => insertTournament(tx, body),
    read: async (db, id) => {
      const [row] = await db.query<{ slug: string }>("SELECT slug FROM tournaments WHERE id = $1", [
        id,
      ]);
      return getTournament(ctx, row?.slug ?? "", null);
    },
  });
}

/** Checks the definition (every problem at once) and writes it; returns the new id. */
async function insertTournament(tx: Queryable, body: CreateTournamentBody): Promise<string> {
  const { fail, check } = fieldProblems();
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (endsAt.getTime() <= startsAt.getTime()) fail("endsAt", "Must be after startsAt");
  const [currency] = await tx.query<{ subunit_to_unit: string }>(
    "SELECT subunit_to_unit FROM currencies WHERE code = $1",
    [body.currency],
  );
  if (!currency) fail("currency", "Unknown currency");
  const money = { code: body.currency, subunit: BigInt(currency?.subunit_to_unit ?? "100") };
  const minBet = minorAmount(body.minBet, money, "minBet", fail, false);
  const ids = async (table: string, slugs: string[], field: string) => {
    const rows = await tx.query<{ id: number; slug: string }>(
      `SELECT id, slug FROM ${table} WHERE slug = ANY ($1::text[])`,
      [slugs],
    );
    const unknown = slugs.filter((slug) => !rows.some((row) => row.slug === slug));
    if (unknown.length > 0) fail(field, `Unknown: ${unknown.join(", ")}`);
    return rows.map((row) => row.id);
  };
  const gameIds = await ids("games", body.games, "games");
  const providerIds = await ids("game_providers", body.providers, "providers");
  const collectionIds = await ids("game_collections", body.collections, "collections");
  const taken = await tx.query("SELECT 1 FROM tournaments WHERE slug = $1", [body.identity]);
  if (taken.length > 0) fail("identity", "Already taken");
  const prizes = body.prizes.map((prize, index) => {
    const at = `prizes.${index}`;
    if (prize.placeTo < prize.placeFrom) fail(`${at}.placeTo`, "Must not be below placeFrom");
    const overlaps = body.prizes.some(
      (other, j) =>
        j < index && other.placeFrom <= prize.placeTo && prize.placeFrom <= other.placeTo,
    );
    if (overlaps) fail(`${at}.placeFrom`, "Overlaps another prize's places");
    let amount: bigint | null = null;
    if (prize.type === "cash") {
      if (!prize.amount) fail(`${at}.amount`, "Required for a cash prize");
      else amount = minorAmount(prize.amount, money, `${at}.amount`, fail);
    } else if (!prize.title) {
      fail(`${at}.title`, "Required for a bonus or free spins");
    }
    return { ...prize, amount };
  });
  for (const [index, prize] of body.prizes.entries()) {
    const bonus = prize.reward.bonus;
    if (bonus === undefined) continue;
    const known =
      typeof bonus === "string" &&
      (await tx.query("SELECT 1 FROM bonuses WHERE slug = $1", [bonus])).length > 0;
    if (!known) fail(`prizes.${index}.reward.bonus`, "Unknown bonus");
  }
  check();
  // A cash prize is paid to the winner's real balance: withdrawable money, like a balance
  // adjustment (issue 24). Bonus and free-spin prizes follow their definition's wagering.
  if (prizes.some((prize) => prize.type === "cash")) {
    requireAlsoScope(
      "payments",
      "A cash prize is real money the winner may withdraw at once, like a balance adjustment: it needs the payments scope too",
    );
  }

  // A concurrent create of the same identity waits here, then inserts nothing.
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO tournaments (slug, title, description, image, scoring, currency,
       convert_currencies, min_bet, game_ids, provider_ids, collection_ids, starts_at, ends_at,
       leaderboard_size, product)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[], $10::int[], $11::int[], $12, $13, $14,
             $15)
     ON CONFLICT (slug) DO NOTHING
     RETURNING id`,
    [
      body.identity,
      body.title,
      body.description,
      body.image,
      body.scoring,
      body.currency,
      body.convertsCurrencies,
      (minBet ?? 0n).toString(),
      gameIds,
      providerIds,
      collectionIds,
      startsAt,
      endsAt,
      body.leaderboardSize,
      body.product,
    ],
  );
  if (!row) fail("identity", "Already taken");
  check();
  for (const prize of prizes) {
    await tx.query(
      `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, kind, amount, reward, title)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
      [
        row!.id,
        prize.placeFrom,
        prize.placeTo,
        prize.type,
        prize.amount?.toString() ?? null,
        JSON.stringify(prize.reward),
        prize.title,
      ],
    );
  }
  return row!.id;
}
