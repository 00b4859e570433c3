// A throwaway PostgreSQL cluster from the local Debian binaries (/usr/lib/postgresql/N/bin), in a
// temp folder on a free loopback port; used by `npm test` (when TEST_DATABASE_URL is not given)
// and by `npm run bench:wallet`. As root, the cluster runs as the postgres user (initdb refuses
// root).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The newest local PostgreSQL's bin folder, or null. */
export function findPgBin() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = join(root, v, "bin");
    if (existsSync(join(bin, "initdb"))) return bin;
  }
  return null;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster. `settings` are extra `-c name=value` server settings (tests pass fsync=off;
 * the benchmark keeps the default durability). Returns its URL (user postgres, database
 * postgres, trust auth on loopback), the bin folder, and stop().
 */
export async function startThrowawayPostgres(settings = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error("PostgreSQL binaries not found: apt-get install postgresql");
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "casino-pg-"));
  const port = await freePort();
  const asPg = (cmd, cmdArgs) =>
    isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...cmdArgs]] : [cmd, cmdArgs];
  if (isRoot) {
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
    chmodSync(dir, 0o700);
  }
  const run = (cmd, cmdArgs) => {
    const [c, a] = asPg(join(bin, cmd), cmdArgs);
    const r = spawnSync(c, a, { stdio: ["ignore", "pipe", "pipe"] });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.toString()}`);
  };
  run("initdb", ["-D", join(dir, "data"), "-U", "postgres", "-A", "trust", "--no-sync"]);
  const options = Object.entries({ listen_addresses: "127.0.0.1", ...settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  run("pg_ctl", [
    "-D",
    join(dir, "data"),
    "-l",
    join(dir, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${dir} ${options}`,
    "start",
  ]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", join(dir, "data"), "-m", "immediate", "-w", "stop"]);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  // socketDir: the same server over a Unix socket (postgres://postgres@/db?host=<socketDir>).
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, socketDir: dir, bin, port, stop };
}
