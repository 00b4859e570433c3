// What the operator's catalogue writes (operator-providers.ts, operator-games.ts,
// operator-collections.ts) share: the country check of restriction lists, and what a write does
// to this process's caches so the site shows it at once here (other processes: within the
// caches' time, 30 s at most; bets within SWITCHED_OFF_TTL_MS).
import type { Queryable } from "../../infra/db";
import { forgetSwitchedOffGames } from "./switched-off";

type Fail = (field: string, message: string) => void;

/** The catalogue caches of the game routes (list-collections.ts, list-games.ts). */
export interface CatalogueCaches {
  clear(): void;
}

/** After a catalogue write: this process's catalogue pages, collections and bet switch. */
export function catalogueChanged(db: Queryable, caches: CatalogueCaches): void {
  caches.clear();
  forgetSwitchedOffGames(db);
}

/** Each code of a restriction list must be a known country (the countries table). */
export async function checkCountries(
  tx: Queryable,
  codes: readonly string[],
  field: string,
  fail: Fail,
): Promise<string[]> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return [];
  const rows = await tx.query<{ code: string }>(
    "SELECT code FROM countries WHERE code = ANY ($1::text[])",
    [unique],
  );
  const known = new Set(rows.map((row) => row.code));
  for (const [index, code] of codes.entries()) {
    if (!known.has(code)) fail(`${field}.${index}`, "Unknown country");
  }
  return unique;
}
