// CPU time of processes on this machine, read from /proc (Linux), for the benchmarks' "CPU per
// unit of work" figures.
import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds (user + system) of one process, from /proc/<pid>/stat (0 where there is none). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The postmaster and its children (backends, background workers). */
export function clusterProcesses(postmaster: number): number[] {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}

/**
 * CPU seconds from /proc: one process, every process of a name, or a PostgreSQL cluster (its
 * postmaster, with the children it reaped, and its live backends) so other clusters on the
 * machine do not count.
 */
export function cpuSeconds(
  select: { pid: number } | { name: string } | { postmaster: number },
): number {
  const ticks = 100;
  const pids =
    "pid" in select
      ? [select.pid]
      : readdirSync("/proc")
          .filter((entry) => /^\d+$/.test(entry))
          .map(Number);
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const command = stat.slice(stat.indexOf("(") + 1, close);
      if ("name" in select && command !== select.name) continue;
      const fields = stat.slice(close + 2).split(" ");
      if ("postmaster" in select) {
        const parent = Number(fields[1]);
        if (pid === select.postmaster) total += (Number(fields[13]) + Number(fields[14])) / ticks;
        else if (parent !== select.postmaster) continue;
      }
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
