// The sandbox sportsbook in the catalogue (docs/sportsbook.md): provider `sandbox-sportsbook` of
// kind sportsbook and its one game `sportsbook`, inserted once (seed_runs "sportsbook") into a
// database the initial seed filled, like the demo games (modules/game/seed-games.ts). Its wallet
// key derives from the sandbox secret (config.ts gameProviderSecrets).
import { SANDBOX_SPORTSBOOK_PROVIDER } from "../../config";
import type { Db } from "../../infra/db";
import { BOOK_GAME_CODE } from "./catalogue";

const SEED = "sportsbook";
const SEED_LOCK_KEY = 7_302_015_084;
/** The book's launcher (the site ignores it and loads the SDK; a direct link opens the book). */
export const BOOK_LAUNCH_URL = "/sportsbook/app/?token={token}&lang={locale}";

export async function seedSportsbook(db: Db): Promise<boolean> {
  const done = await db.query("SELECT 1 FROM seed_runs WHERE name = $1", [SEED]);
  if (done.length > 0) return false;
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SEED_LOCK_KEY]);
    const again = await tx.query("SELECT 1 FROM seed_runs WHERE name = $1", [SEED]);
    if (again.length > 0) return false;
    const providers = await tx.query("SELECT 1 FROM game_providers LIMIT 1");
    if (providers.length === 0) return false;
    await tx.query(
      `INSERT INTO game_providers (slug, name, kind, launch_url, position)
       SELECT $1, 'Sandbox Sportsbook', 'sportsbook', $2, COALESCE(MAX(position), 0) + 1
         FROM game_providers
       ON CONFLICT (slug) DO NOTHING`,
      [SANDBOX_SPORTSBOOK_PROVIDER, BOOK_LAUNCH_URL],
    );
    await tx.query(
      `INSERT INTO games (provider_id, code, slug, title, tags, has_demo, is_mobile, is_desktop)
       SELECT p.id, $2, 'sportsbook', 'Sportsbook', '{}'::text[], false, true, true
         FROM game_providers p WHERE p.slug = $1
       ON CONFLICT DO NOTHING`,
      [SANDBOX_SPORTSBOOK_PROVIDER, BOOK_GAME_CODE],
    );
    await tx.query("INSERT INTO seed_runs (name) VALUES ($1)", [SEED]);
    return true;
  });
}
