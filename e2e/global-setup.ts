import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumPath } from "./support/browser";
import { startServer, templateDataDir, webBuildDir } from "./support/server";

// scripts/test.mjs builds the web app before the browser tests; fail early and clearly otherwise.
// Then make the seeded database every test server starts from (a real first start: migrations
// and seed run exactly as for a new operator).
export default async function setup() {
  if (!existsSync(`${webBuildDir}/server/index.js`)) {
    throw new Error(
      "apps/web/build is missing: run `npm run build -w @casino/web` (npm test does).",
    );
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH.`,
    );
  }
  rmSync(templateDataDir, { recursive: true, force: true });
  const server = await startServer({}, { dataDir: templateDataDir });
  await server.stop();
  writeFileSync(join(templateDataDir, "ready"), "");
}
