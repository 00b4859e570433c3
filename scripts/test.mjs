#!/usr/bin/env node
// The one test command (`npm test`): unit tests, server route tests on embedded PGlite and on a
// real PostgreSQL, and browser tests in Debian's Chromium, in one Vitest run.
//
// PostgreSQL: TEST_DATABASE_URL when set (CI starts the Debian cluster), otherwise a throwaway
// cluster in a temp folder from the local PostgreSQL binaries, stopped at the end.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
// Redis (the realtime test of two server nodes): TEST_REDIS_URL when set, otherwise a throwaway
// redis-server on a free loopback port, stopped at the end.
// Missing Debian packages (postgresql, chromium, redis-server) are installed with apt-get when
// running as root, so `npm install && npm test` works on a fresh machine.
//
// Flags: --no-e2e, --e2e-only, --no-pg; any other arguments go to vitest.
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { findPgBin, freePort, startThrowawayPostgres } from "./lib/postgres.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const noE2e = flag("--no-e2e");
const e2eOnly = flag("--e2e-only");
const noPg = flag("--no-pg");
const isRoot = process.getuid?.() === 0;

function log(message) {
  console.log(`[test] ${message}`);
}

function findRedisServer() {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/bin", "/usr/sbin"]) {
    if (dir && existsSync(join(dir, "redis-server"))) return join(dir, "redis-server");
  }
  return null;
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const needChromium = !noE2e && !existsSync(chromium);
const needPg = !noPg && !e2eOnly && !process.env.TEST_DATABASE_URL && !findPgBin();
const needRedis = !e2eOnly && !process.env.TEST_REDIS_URL && !findRedisServer();
if (needChromium || needPg || needRedis) {
  const packages = [
    needChromium && "chromium",
    needPg && "postgresql",
    needRedis && "redis-server",
  ].filter(Boolean);
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `[test] missing: ${packages.join(", ")}. Install the Debian packages (apt-get install ${packages.join(" ")}), or set CHROMIUM_PATH / TEST_DATABASE_URL / TEST_REDIS_URL.`,
    );
    process.exit(1);
  }
  log(`installing Debian packages: ${packages.join(" ")}`);
  execFileSync("apt-get", ["update"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

let stopPg = () => {};
async function startPostgresForTests() {
  // fsync off: test data need not survive a power cut, and it saves minutes.
  const cluster = await startThrowawayPostgres({ fsync: "off", max_connections: "200" });
  stopPg = cluster.stop;
  log(`started a throwaway PostgreSQL on 127.0.0.1:${cluster.port}`);
  return cluster.url;
}

let stopRedis = () => {};
async function startThrowawayRedis() {
  const port = await freePort();
  const child = spawn(
    findRedisServer(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited ${code}: ${output}`)));
  });
  child.stdout.resume();
  stopRedis = () => child.kill("SIGTERM");
  // Also when the run ends early (e.g. the web build fails).
  process.once("exit", stopRedis);
  log(`started a throwaway Redis on 127.0.0.1:${port}`);
  return `redis://127.0.0.1:${port}`;
}

const env = { ...process.env, CHROMIUM_PATH: chromium };
const serverProjects = [];
if (!e2eOnly) {
  serverProjects.push("unit", "server-pglite");
  env.TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? (await startThrowawayRedis());
  if (!noPg) {
    env.TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? (await startPostgresForTests());
    serverProjects.push("server-pg");
  }
}
// The browser tests run after the others, not beside them: on a 2-core machine the heavy server
// tests (200 rounds of concurrent withdrawals, servers killed and restarted) starve Chromium and
// make timing-sensitive browser tests fail for no fault of the code.
const groups = [serverProjects, noE2e ? [] : ["e2e"]].filter((group) => group.length > 0);

let current = null;
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => current?.kill(sig));
function runVitest(projects) {
  // With file filters one group may have no matching file; that is not a failure.
  const extra = args.length > 0 ? ["--passWithNoTests", ...args] : [];
  const vitestArgs = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...extra];
  log(`npx ${vitestArgs.join(" ")}`);
  return new Promise((resolve) => {
    current = spawn("npx", vitestArgs, { stdio: "inherit", env });
    current.on("exit", (code) => resolve(code ?? 1));
  });
}

// The web build first: the browser tests serve it, and the server's SSR test mounts it (it
// would otherwise be skipped on a fresh clone).
log("building the web app");
execFileSync("npm", ["run", "build", "-w", "@casino/web"], { stdio: "inherit" });
// The in-house studio's own front end (served under /studio; the browser tests play it).
log("building the studio app");
execFileSync("npm", ["run", "build", "-w", "@casino/studio"], { stdio: "inherit" });
// The back office (served under /backoffice; the browser tests use it).
log("building the back office");
execFileSync("npm", ["run", "build", "-w", "@casino/backoffice"], { stdio: "inherit" });
// The sandbox sportsbook's front end and SDK (served under /sportsbook; the /betting tests use it).
log("building the sandbox sportsbook");
execFileSync("npm", ["run", "build", "-w", "@casino/sportsbook"], { stdio: "inherit" });

let failed = 0;
for (const projects of groups) {
  const code = await runVitest(projects);
  if (code !== 0) failed = code;
}
stopPg();
stopRedis();
process.exit(failed);
