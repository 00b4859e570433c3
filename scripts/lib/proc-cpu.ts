// CPU time of processes on this machine, read from /proc (Linux), for the benchmarks' "CPU per
// unit of work" figures.
import { readFileSync } from "node:fs";

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
