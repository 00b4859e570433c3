// pg_stat_statements for a bench phase (BENCH_PG_STATEMENTS=1 in bench:games and
// bench:sportsbook): the statements that took the most time, per unit of work (a signed call, a
// settlement), with how many statements the server sent per unit.
import type { Db } from "../../apps/server/src/infra/db";

/** The cluster settings that turn pg_stat_statements on, nested statements and planning included. */
export const statementsSettings = {
  shared_preload_libraries: "pg_stat_statements",
  "pg_stat_statements.track": "all",
  "pg_stat_statements.track_planning": "on",
};

/** The statements of the phase that took the most time, per unit of work. */
export async function printStatements(db: Db, calls: number, unit = "signed call") {
  const rows = await db.query<{
    query: string;
    calls: string;
    exec: number;
    plan: number;
    top: boolean;
  }>(
    `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text AS calls,
            total_exec_time AS exec, total_plan_time AS plan, toplevel AS top
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time + total_plan_time DESC LIMIT 25`,
  );
  const [top] = await db.query<{ calls: string }>(
    `SELECT sum(calls)::text AS calls FROM pg_stat_statements
      WHERE toplevel AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  console.log(
    `  statements sent per ${unit}: ${(Number(top?.calls ?? 0) / calls).toFixed(2)}; by time (µs per ${unit}; nested = run inside a function or trigger):`,
  );
  for (const row of rows) {
    const us = ((row.exec + row.plan) * 1000) / calls;
    console.log(
      `  ${us.toFixed(0).padStart(6)} µs (plan ${((row.plan * 1000) / calls).toFixed(0).padStart(4)})  ${(Number(row.calls) / calls).toFixed(2).padStart(5)}×  ${row.top ? "top   " : "nested"}  ${row.query.slice(0, 130)}`,
    );
  }
}
