// The background-job port: work that runs on a timer in the server process (payment recovery,
// the sandbox processor's webhook redelivery; later bonus expiry). Each job runs at most once at
// a time per process; jobs must be safe to run on several nodes at once (they claim rows or use
// idempotency keys), so no leader election is needed. BACKGROUND_JOBS=false turns the runner off
// (tests call the job functions directly instead).

export interface JobLog {
  error(object: object, message: string): void;
}

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface JobRunner {
  add(job: Job): void;
  /**
   * Runs every job once now and resolves when all finished: the start-up catch-up after a crash
   * (when enabled), and tests, which run jobs by hand instead of waiting for timers.
   */
  runAllOnce(): Promise<void>;
  readonly enabled: boolean;
  stop(): Promise<void>;
}

export function createJobRunner(options: { enabled: boolean; log: JobLog }): JobRunner {
  const jobs: { job: Job; timer: NodeJS.Timeout | null; running: Promise<void> | null }[] = [];
  let stopped = false;

  const runOne = (entry: (typeof jobs)[number]): Promise<void> => {
    if (entry.running || stopped) return entry.running ?? Promise.resolve();
    entry.running = entry.job
      .run()
      .then(
        () => undefined,
        (error: unknown) => options.log.error({ err: error, job: entry.job.name }, "job failed"),
      )
      .finally(() => {
        entry.running = null;
      });
    return entry.running;
  };

  return {
    add(job) {
      const entry = { job, timer: null as NodeJS.Timeout | null, running: null };
      jobs.push(entry);
      if (!options.enabled) return;
      entry.timer = setInterval(() => void runOne(entry), job.everyMs);
      entry.timer.unref();
    },
    enabled: options.enabled,
    async runAllOnce() {
      await Promise.all(jobs.map(runOne));
    },
    async stop() {
      stopped = true;
      for (const entry of jobs) if (entry.timer) clearInterval(entry.timer);
      await Promise.all(jobs.map((entry) => entry.running));
    },
  };
}
