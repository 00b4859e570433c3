import type { Queryable } from "../../infra/db";

const PING_TIMEOUT_MS = 2000;

/** Pings the database; a hung connection counts as down after a short time-out. */
export async function checkHealth(
  db: Queryable,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.query("SELECT 1"),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS);
      }),
    ]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}
