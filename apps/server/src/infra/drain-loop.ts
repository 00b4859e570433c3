// The loop shared by the outbox publisher and the domain-event dispatcher: work waits in a
// table; `nudge()` after a commit that may have added some asks for a run soon (calls within one
// tick share it), a poll catches what no nudge announced, and one run at a time per process
// takes batches until a batch comes back short and nobody asked again during the run.

import { onNextTurn } from "../lib/next-turn";

export interface DrainLoopOptions {
  /** Takes one batch; returns how many items it took. */
  step: () => Promise<number>;
  /** A full batch means there may be more: go round again. */
  batchSize: number;
  pollIntervalMs: number;
  /** Cheap check whether anything waits (the poll); true starts a run. */
  waiting: () => Promise<boolean>;
  onError: (error: unknown, during: "run" | "poll") => void;
}

export class DrainLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private pollTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: DrainLoopOptions) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Starts the poll and runs once now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollIntervalMs);
    this.pollTimer.unref();
    this.nudge();
  }

  /** Stops the poll and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    await this.running;
  }

  private readonly runSoon = onNextTurn(() => {
    if (this.stopped) return;
    void this.drain().catch((error: unknown) => this.options.onError(error, "run"));
  });

  /** Something may be waiting: run soon. Calls within one tick share one run. */
  nudge(): void {
    if (!this.stopped) this.runSoon();
  }

  /**
   * Takes batches until nothing is waiting. One run at a time in this process: a call during a
   * run makes that run go round once more, and resolves with it.
   */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        let taken: number;
        do {
          this.again = false;
          taken = await this.options.step();
        } while (taken === this.options.batchSize || this.again);
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  private async poll(): Promise<void> {
    if (this.running || this.stopped) return;
    try {
      if (await this.options.waiting()) this.nudge();
    } catch (error) {
      this.options.onError(error, "poll");
    }
  }
}
