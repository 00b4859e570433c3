// The demo games of seed/game-catalogue.ts, inserted once (seed_runs "games") into a database
// whose providers and collections the initial seed created. Run when the game module registers,
// after migrations and the main seed; a database without those providers gets nothing.
import type { Db } from "../../infra/db";
import { seedGameImage, seedGames } from "../../seed/game-catalogue";

const GAMES_SEED = "games";
const SEED_LOCK_KEY = 7_302_015_016;

export async function seedGameCatalogue(db: Db): Promise<boolean> {
  const done = await db.query("SELECT 1 FROM seed_runs WHERE name = $1", [GAMES_SEED]);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const again = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [GAMES_SEED]);
    if (again.length > 0) return false;
    const providers = await tx.query("SELECT 1 FROM game_providers LIMIT 1");
    if (providers.length === 0) return false;
    for (const [position, game] of seedGames.entries()) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO games (provider_id, code, slug, title, tags, rtp, volatility, has_demo,
           is_mobile, is_desktop, restricted_countries, position, image)
         SELECT p.id, $2, $3, $4, $5::text[], $6::numeric, $7, $8, $9, $10, $11::text[], $12, $13
           FROM game_providers p WHERE p.slug = $1
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          game.provider,
          game.code,
          game.slug,
          game.title,
          game.tags ?? [],
          game.rtp ?? null,
          game.volatility ?? null,
          game.hasDemo ?? false,
          game.isMobile ?? true,
          game.isDesktop ?? true,
          game.restrictedCountries ?? [],
          position,
          seedGameImage(game.slug),
        ],
      );
      if (!row) continue;
      await tx.query(
        `INSERT INTO game_collection_games (collection_id, game_id, position)
         SELECT c.id, $1, $2 FROM game_collections c WHERE c.slug = ANY ($3::text[])
         ON CONFLICT DO NOTHING`,
        [row.id, position, game.collections],
      );
    }
    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [GAMES_SEED]);
    return true;
  });
}
