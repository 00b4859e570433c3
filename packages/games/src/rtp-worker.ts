// A worker of `npm run games:rtp`: simulates one slice of nonces and posts the tally back.

import { parentPort } from "node:worker_threads";
import { type GameName, type SimulationRange, simulate } from "./rtp";

parentPort?.on("message", (task: { game: GameName; range: SimulationRange }) => {
  parentPort?.postMessage(simulate(task.game, task.range));
});
