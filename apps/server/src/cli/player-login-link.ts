// `npm run player:login-link -- <email>`: prints a single-use auto-login link for a player
// (valid ten minutes), for support and demos. With the embedded PGlite database stop the server
// first: PGlite files are opened by one process at a time.
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../infra/db";
import { migrate } from "../infra/migrate";
import { playersRepository } from "../modules/player/repository";
import { createLoginLink } from "../modules/player/token-login";

async function main(): Promise<number> {
  const email = process.argv[2];
  if (!email) {
    console.error("usage: npm run player:login-link -- <email>");
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const player = await playersRepository(db).findByEmail(email);
    if (!player) {
      console.error(`No player with the e-mail ${email}`);
      return 1;
    }
    const link = await createLoginLink(db, {
      playerId: player.id,
      publicUrl: config.publicUrl,
      now: new Date(),
    });
    console.log(link.url);
    console.error(`valid until ${link.expiresAt.toISOString()}, once`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
