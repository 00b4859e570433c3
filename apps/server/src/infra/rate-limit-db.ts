import type { Queryable } from "./db";
import { AppError } from "./errors";
import {
  RATE_LIMITS,
  type RateLimitName,
  type RateLimitPort,
  type RateLimitRule,
} from "./rate-limit";

/**
 * The abuse limits in the database (table rate_limit_points, migration 0064), so every server
 * node counts against the same allowance: RATE_LIMIT_STORE=database, the default with a
 * PostgreSQL DATABASE_URL. The same SQL runs on PGlite. Windows are fixed, as in the memory store:
 * the first point of a key starts one of `seconds`, measured by the database's clock.
 *
 * `consume` is one INSERT … ON CONFLICT DO UPDATE that adds a point only while the window has one
 * left (or has ended, which starts a new one); PostgreSQL locks the row for it, so of any number
 * of simultaneous calls on all nodes, at most the allowance succeed. A refused call adds nothing.
 */
/**
 * Spending (and refunding) a point commits without waiting for the WAL flush (synchronous_commit
 * off for that one statement's own transaction): a crash can forget the last fraction of a
 * second of points, which an abuse counter can afford, and a busy key's row lock is no longer
 * held through a disk flush per point (the chat's staff replies all count against one key; with
 * the flush wait they were serialised at the disk's flush rate). The statements run on the
 * app's pool handle, never inside a caller's transaction, so nothing else is relaxed.
 */
const NO_FLUSH_WAIT = "set_config('synchronous_commit', 'off', true)";

export function createDatabaseRateLimiter(options: {
  db: Queryable;
  scale: number;
  limits?: Partial<Record<RateLimitName, RateLimitRule>>;
}): RateLimitPort & { sweep(): Promise<number> } {
  const { db } = options;
  const rule = (name: RateLimitName): RateLimitRule => options.limits?.[name] ?? RATE_LIMITS[name];
  const allowance = (name: RateLimitName) => rule(name).points * options.scale;
  const rowKey = (name: RateLimitName, key: string) => `${name}:${key}`;

  /** The seconds until the key's window ends (for Retry-After). */
  const secondsLeft = async (id: string): Promise<number> => {
    const [row] = await db.query<{ seconds: string | number }>(
      `SELECT extract(epoch FROM expires_at - now()) AS seconds
         FROM rate_limit_points WHERE key = $1`,
      [id],
    );
    return row ? Math.max(1, Number(row.seconds)) : 1;
  };

  return {
    async check(name, key) {
      const id = rowKey(name, key);
      const [row] = await db.query<{ points: number }>(
        "SELECT points FROM rate_limit_points WHERE key = $1 AND expires_at > now()",
        [id],
      );
      if (row && Number(row.points) >= allowance(name)) {
        throw AppError.tooManyRequests(await secondsLeft(id));
      }
    },
    async consume(name, key) {
      const id = rowKey(name, key);
      const spent = await db.query(
        `WITH relaxed AS (SELECT ${NO_FLUSH_WAIT})
         INSERT INTO rate_limit_points AS r (key, points, expires_at)
         SELECT $1, 1, now() + $2::integer * interval '1 second' FROM relaxed
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.points + 1 END,
           expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at
                             ELSE r.expires_at END
         WHERE r.expires_at <= now() OR r.points < $3
         RETURNING r.points`,
        [id, rule(name).seconds, allowance(name)],
      );
      if (spent.length === 0) throw AppError.tooManyRequests(await secondsLeft(id));
    },
    async refund(name, key) {
      await db.query(
        `WITH relaxed AS (SELECT ${NO_FLUSH_WAIT})
         UPDATE rate_limit_points SET points = points - 1 FROM relaxed
          WHERE key = $1 AND points > 0 AND expires_at > now()`,
        [rowKey(name, key)],
      );
    },
    async reset(name, key) {
      await db.query("DELETE FROM rate_limit_points WHERE key = $1", [rowKey(name, key)]);
    },
    /** Removes the rows whose window has ended (the rate-limit-sweep job); answers how many. */
    async sweep() {
      const rows = await db.query(
        "DELETE FROM rate_limit_points WHERE expires_at <= now() RETURNING key",
      );
      return rows.length;
    },
  };
}
