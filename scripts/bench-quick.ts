// `npm run bench:quick`: the guard against the next slowdown of the money paths (issue 30), in
// under two minutes. It runs
//   - bench:wallet over HTTP only, PostgreSQL, 32 connections, both workloads, with pgbench's
//     single-statement transfer beside it;
//   - bench:games' provider wallet phase (bet + win round trips) at 64 sessions, with pgbench's
//     house transfer at 64 clients beside it;
// prints each figure as a ratio to its pgbench reference from the same run (the host's speed moves
// the absolute figures by 2-3x from one day to the next; the ratios carry over), and compares each
// ratio with the one recorded in docs/performance.md ("bench:quick reference ratios"). A ratio
// below half of the recorded one is reported loudly and the command exits with 1.
//
// Run it before handing in any change to the wallet, game, bonus, limits or retention paths.
// Flags: --record (write this run's ratios into docs/performance.md as the new reference).
// BENCH_DATABASE_URL: as for the two benchmarks (otherwise each starts a throwaway cluster).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const docPath = join(root, "docs/performance.md");
const HEADING = "### bench:quick reference ratios";
const record = process.argv.includes("--record");

interface WalletRow {
  layer: string;
  workload: string;
  connections: number;
  perSecond: number;
  p99: number;
}
interface GamesResult {
  sessions: number;
  signedCallsPerSecond: number;
  sustainedRoundTripsPerSecond: number;
  pgbenchHousePerSecond?: number;
}
interface Figure {
  key: string;
  what: string;
  value: number;
  reference: number;
}

const dir = mkdtempSync(join(tmpdir(), "bench-quick-"));
function run(script: string, flags: string[]): void {
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--import", "tsx", script, ...flags], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  if (child.status !== 0) {
    console.error(`bench:quick: ${script} exited with ${child.status}`);
    process.exit(2);
  }
  console.log(`(${script}: ${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

const loadBefore = loadavg()[0]!;
const started = performance.now();
const figures: Figure[] = [];
try {
  const walletJson = join(dir, "wallet.json");
  run("scripts/bench-wallet.ts", [
    "--duration",
    "6",
    "--connections",
    "32",
    "--no-pglite",
    "--no-service",
    "--json",
    walletJson,
  ]);
  const rows = JSON.parse(readFileSync(walletJson, "utf8")) as WalletRow[];
  for (const workload of ["uniform", "house"]) {
    const http = rows.find((row) => row.layer === "http" && row.workload === workload);
    const pgbench = rows.find((row) => row.layer === "pgbench" && row.workload === workload);
    if (http && pgbench) {
      figures.push({
        key: `wallet.http.${workload}.c32`,
        what: `wallet over HTTP, ${workload}, 32 connections (postings/s)`,
        value: http.perSecond,
        reference: pgbench.perSecond,
      });
    }
  }

  const gamesJson = join(dir, "games.json");
  run("scripts/bench-games.ts", [
    "--duration",
    "8",
    "--sessions",
    "64",
    "--warmup-rounds",
    "10",
    "--games",
    "500",
    "--no-catalogue",
    "--json",
    gamesJson,
  ]);
  const games = JSON.parse(readFileSync(gamesJson, "utf8")) as GamesResult;
  if (games.pgbenchHousePerSecond) {
    figures.push(
      {
        key: "games.signed-calls.s64",
        what: "provider wallet, 64 sessions (signed calls/s)",
        value: games.signedCallsPerSecond,
        reference: games.pgbenchHousePerSecond,
      },
      {
        key: "games.sustained-round-trips.s64",
        what: "provider wallet, 64 sessions (sustained bet+win round trips/s)",
        value: games.sustainedRoundTripsPerSecond,
        reference: games.pgbenchHousePerSecond,
      },
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (figures.length === 0) {
  console.error("bench:quick: pgbench was not available, so there is no ratio to compare");
  process.exit(2);
}

/** The recorded ratios: the table under HEADING in docs/performance.md, `| key | ratio | ...`. */
function recorded(doc: string): Map<string, number> {
  const ratios = new Map<string, number>();
  const at = doc.indexOf(HEADING);
  if (at < 0) return ratios;
  for (const line of doc.slice(at).split("\n").slice(1)) {
    if (line.startsWith("#")) break;
    const match = /^\|\s*`([^`]+)`\s*\|\s*([\d.]+)\s*\|/.exec(line);
    if (match) ratios.set(match[1]!, Number(match[2]));
  }
  return ratios;
}

const doc = readFileSync(docPath, "utf8");
const before = recorded(doc);
const low: string[] = [];
console.log(
  `bench:quick: ${((performance.now() - started) / 1000).toFixed(0)} s; load average before ${loadBefore.toFixed(2)}, after ${loadavg()[0]!.toFixed(2)}\n`,
);
console.log(
  `${"figure".padEnd(34)} ${"ours/s".padStart(8)} ${"pgbench/s".padStart(10)} ${"ratio".padStart(7)} ${"recorded".padStart(9)}  verdict`,
);
for (const figure of figures) {
  const ratio = figure.value / figure.reference;
  const then = before.get(figure.key);
  const verdict =
    then === undefined
      ? "no recorded ratio"
      : ratio < then / 2
        ? "BELOW HALF OF THE RECORDED RATIO"
        : `${((ratio / then) * 100).toFixed(0)} % of recorded`;
  if (then !== undefined && ratio < then / 2) low.push(`${figure.key} (${figure.what})`);
  console.log(
    `${figure.key.padEnd(34)} ${Math.round(figure.value).toLocaleString("en").padStart(8)} ${Math.round(figure.reference).toLocaleString("en").padStart(10)} ${ratio.toFixed(3).padStart(7)} ${(then === undefined ? "-" : then.toFixed(3)).padStart(9)}  ${verdict}`,
  );
}

if (record) {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.trim();
  const table = [
    HEADING,
    "",
    `Recorded by \`npm run bench:quick -- --record\` on ${new Date().toISOString().slice(0, 10)} at ${commit}`,
    `(load average ${loadBefore.toFixed(2)} before the run). \`bench:quick\` compares each new run's ratio`,
    "with these and says loudly when one falls below half.",
    "",
    "| figure | ratio to pgbench | ours | pgbench | what |",
    "|---|---|---|---|---|",
    ...figures.map(
      (figure) =>
        `| \`${figure.key}\` | ${(figure.value / figure.reference).toFixed(3)} | ${Math.round(figure.value)}/s | ${Math.round(figure.reference)}/s | ${figure.what} |`,
    ),
    "",
  ].join("\n");
  const at = doc.indexOf(HEADING);
  let next = at < 0 ? -1 : doc.indexOf("\n#", at + HEADING.length);
  if (next >= 0) next += 1;
  const updated =
    at < 0
      ? `${doc.trimEnd()}\n\n${table}`
      : `${doc.slice(0, at)}${table}${next >= 0 ? `\n${doc.slice(next)}` : ""}`;
  writeFileSync(docPath, updated);
  console.log(`\nrecorded these ratios in docs/performance.md ("${HEADING.slice(4)}")`);
}

if (low.length > 0) {
  console.error(
    `\n!!!!!!!! bench:quick: BELOW HALF OF THE RECORDED RATIO: ${low.join("; ")}.\n` +
      "!!!!!!!! A change made the money path at least twice as slow relative to PostgreSQL's own\n" +
      "!!!!!!!! transfer. Find it before handing in (docs/performance.md says how: BENCH_CPU_PROF,\n" +
      "!!!!!!!! BENCH_PG_STATEMENTS=1, the statements' plans).",
  );
  process.exit(1);
}
