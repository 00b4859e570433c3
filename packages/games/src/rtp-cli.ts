// npm run games:rtp [-- --rounds N] [--game NAME] [--seed TEXT] [--workers N]
//
// Simulates every game (default 10,000,000 rounds each) through the real HMAC draw path, prints
// the measured RTP with its 99% confidence interval and a chi-square test of the outcomes, and
// exits 1 if an interval misses the declared RTP or a chi-square test fails at 99%.

import { createHash, randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { toNumber } from "./rational";
import {
  GAME_NAMES,
  type GameName,
  type GameReport,
  mergeTallies,
  type RtpEstimate,
  report,
  type SimulationRange,
  type Tally,
} from "./rtp";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "10000000" },
    game: { type: "string", multiple: true },
    seed: { type: "string" },
    workers: { type: "string" },
  },
});

const rounds = Number(values.rounds);
if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error(`--rounds: ${values.rounds}`);
const games = (values.game ?? [...GAME_NAMES]) as GameName[];
for (const g of games) {
  if (!GAME_NAMES.includes(g)) throw new Error(`--game: ${g} (one of ${GAME_NAMES.join(", ")})`);
}
const seed = values.seed ?? randomBytes(16).toString("hex");
const workerCount = Math.max(1, Number(values.workers ?? Math.min(2, availableParallelism())));

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
/** Seeds per game, derived from --seed so a run can be repeated exactly. */
function seedsOf(game: GameName): { serverSeed: string; clientSeed: string } {
  return {
    serverSeed: sha256(`games:rtp:${seed}:${game}:server`),
    clientSeed: sha256(`games:rtp:${seed}:${game}:client`).slice(0, 20),
  };
}

// Slices of nonces, several per worker so the two cores stay busy until the end.
const SLICES_PER_GAME = workerCount * 4;
interface Task {
  game: GameName;
  range: SimulationRange;
}
const tasks: Task[] = games
  .flatMap((game) =>
    Array.from({ length: SLICES_PER_GAME }, (_, i) => ({
      game,
      range: {
        ...seedsOf(game),
        from: Math.floor((rounds * i) / SLICES_PER_GAME),
        to: Math.floor((rounds * (i + 1)) / SLICES_PER_GAME),
      },
    })),
  )
  .filter((t) => t.range.to > t.range.from);

const WORKER_URL = new URL("./rtp-worker.ts", import.meta.url).href;
const TSX_API = import.meta.resolve("tsx/esm/api");
const started = performance.now();
const tallies = new Map<GameName, Tally>();
const remaining = new Map<GameName, number>(
  games.map((g) => [g, tasks.filter((t) => t.game === g).length]),
);
const finishedAt = new Map<GameName, number>();

console.log(
  `games:rtp  ${rounds.toLocaleString("en")} rounds per game  seed ${seed}  ${workerCount} worker(s)`,
);

await new Promise<void>((resolve, reject) => {
  let next = 0;
  let busy = 0;
  const startWorker = (): void => {
    // Node 20 workers do not apply the --import tsx hooks to their entry module, so the worker
    // starts from a line of JavaScript that loads the TypeScript through tsx's API.
    const worker = new Worker(
      `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(import.meta.url)}));`,
      { eval: true },
    );
    const feed = (): void => {
      const task = tasks[next++];
      if (!task) {
        void worker.terminate();
        if (--busy === 0) resolve();
        return;
      }
      worker.postMessage(task);
    };
    worker.on("message", (tally: Tally) => {
      const previous = tallies.get(tally.game);
      tallies.set(tally.game, previous ? mergeTallies(previous, tally) : tally);
      const left = remaining.get(tally.game)! - 1;
      remaining.set(tally.game, left);
      if (left === 0) {
        finishedAt.set(tally.game, performance.now());
        print(report(tallies.get(tally.game)!));
      }
      feed();
    });
    worker.on("error", reject);
    busy++;
    feed();
  };
  for (let i = 0; i < workerCount; i++) startWorker();
});

const seconds = (performance.now() - started) / 1000;
const reports = games.map((g) => report(tallies.get(g)!));
const failed = reports.filter((r) => !r.passed);
console.log(
  `\n${failed.length === 0 ? "PASS" : `FAIL (${failed.map((r) => r.game).join(", ")})`}  ` +
    `${(rounds * games.length).toLocaleString("en")} rounds in ${seconds.toFixed(1)} s ` +
    `(${workerCount} worker(s))`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

function pct(x: number): string {
  return `${(x * 100).toFixed(4)}%`;
}

function line(e: RtpEstimate): string {
  return (
    `  RTP ${e.label.padEnd(38)} declared ${pct(toNumber(e.declared))}  ` +
    `measured ${pct(e.measured)}  99% CI [${pct(e.low)}, ${pct(e.high)}]  ` +
    `${e.contains ? "contains" : "MISSES"}`
  );
}

function print(r: GameReport): void {
  const doneAt = ((finishedAt.get(r.game)! - started) / 1000).toFixed(1);
  const intervals =
    r.bets.length === 1
      ? "99% interval"
      : `${r.bets.length} bets, 99% simultaneous intervals (z = ${r.z.toFixed(3)})`;
  console.log(
    `\n${r.game}: ${r.rounds.toLocaleString("en")} rounds (done at ${doneAt} s); ${intervals}`,
  );
  for (const bet of r.bets) console.log(line(bet));
  const chi = (label: string, c: { statistic: number; df: number; pValue: number }): string =>
    `χ² ${label.padEnd(31)} ${c.statistic.toFixed(1)} on ${c.df} df  p = ${c.pValue.toFixed(4)}`;
  if (r.groups.length > 1) {
    for (const g of r.groups) console.log(`      ${chi(g.label, g)}`);
    console.log(
      `  ${chi("combined", r.chiSquare)}  ${r.chiSquare.pValue >= 0.01 ? "pass" : "FAIL"} at 99%`,
    );
  } else {
    console.log(
      `  ${chi(r.groups[0]!.label, r.chiSquare)}  ${r.chiSquare.pValue >= 0.01 ? "pass" : "FAIL"} at 99%`,
    );
  }
  console.log(`  ${r.passed ? "pass" : "FAIL"}`);
}
