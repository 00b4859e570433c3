import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");
export const webBuildDir = join(repoRoot, "apps/web/build");

/** The header the test server trusts for the request country (browser tests set it per context). */
export const countryHeader = "x-test-country";
const STARTUP_TIMEOUT_MS = 180_000;

/**
 * A data folder with a migrated and seeded embedded database, made once by the global setup:
 * creating a PGlite cluster from scratch costs seconds, copying one costs milliseconds.
 */
export const templateDataDir = join(
  tmpdir(),
  // One per checkout: two checkouts testing at once must not remake each other's template.
  `casino-e2e-template-${createHash("sha256").update(repoRoot).digest("hex").slice(0, 8)}`,
);

export type TestServer = {
  url: string;
  stop: () => Promise<void>;
  logs: () => string;
  /** Resolves when the process ends (crash tests wait for a fail point's kill). */
  exited: Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Starts the whole site (API + SSR of the production web build) as a real process on a free
 * port, with a fresh embedded database and the given environment overrides.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<TestServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "casino-e2e-"));
  if (!options.dataDir && existsSync(join(templateDataDir, "ready"))) {
    cpSync(templateDataDir, dataDir, { recursive: true });
  }
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", join(repoRoot, "apps/server/src/main.ts")],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        COUNTRY_HEADER: countryHeader,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  // The first start migrates and seeds the template database: minutes on a busy machine.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `server did not become healthy in ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    exited,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(killer);
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
