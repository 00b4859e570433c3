import { existsSync } from "node:fs";
import { chromiumPath } from "./support/browser";
import { webBuildDir } from "./support/server";

// scripts/test.mjs builds the web app before the browser tests; fail early and clearly otherwise.
export default function setup() {
  if (!existsSync(`${webBuildDir}/server/index.js`)) {
    throw new Error("apps/web/build is missing: run `npm run build -w @casino/web` (npm test does).");
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH.`);
  }
}
