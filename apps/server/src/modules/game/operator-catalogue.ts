// What the operator's catalogue writes (operator-providers.ts, operator-games.ts,
// operator-collections.ts) share: the create and change flows, and what a write does to this
// process's caches so the site shows it at once here (other processes: within the caches' time,
// 30 s at most; bets within SWITCHED_OFF_TTL_MS; /api/init's sportsbook game within
// SPORTSBOOK_GAME_TTL_MS).
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import {
  checkCountries,
  createOnce,
  type FieldFail,
  fieldProblems,
  recordOperatorChange,
} from "../../lib/operator-keys";
import { refreshLaunchOrigins } from "./launch-origins";
import { forgetSportsbookGame } from "./sportsbook-game";
import { forgetSwitchedOffGames } from "./switched-off";

/** The catalogue caches of the game routes (list-collections.ts, list-games.ts). */
export interface CatalogueCaches {
  clear(): void;
}

/**
 * After a catalogue write: this process's catalogue pages, collections, bet switch and the
 * studios' origins its pages may frame.
 */
export async function catalogueChanged(db: Queryable, caches: CatalogueCaches): Promise<void> {
  caches.clear();
  forgetSwitchedOffGames(db);
  forgetSportsbookGame(db);
  await refreshLaunchOrigins(db);
}

type CatalogueKind = "game-provider" | "game" | "game-collection";
const TABLES: Record<CatalogueKind, string> = {
  "game-provider": "game_providers",
  game: "games",
  "game-collection": "game_collections",
};

/**
 * A create of a provider, game or collection: every problem at once (the slug taken, unknown
 * countries, what `prepare` checks) as one 422, then `insert`; idempotent by the operator's key
 * (createOnce), and this process's caches cleared.
 */
export async function createCatalogueRow<View, Extra>(
  ctx: AppContext,
  caches: CatalogueCaches,
  input: {
    kind: CatalogueKind;
    body: { key?: string | undefined; slug: string; restrictedCountries: string[] };
    read: (db: Queryable, id: number | string) => Promise<View>;
    prepare?: (tx: Queryable, fail: FieldFail) => Promise<Extra>;
    insert: (tx: Queryable, countries: string[], extra: Extra | undefined) => Promise<number>;
  },
): Promise<{ data: View; replay: boolean }> {
  const { body } = input;
  const result = await createOnce(ctx.db, {
    kind: input.kind,
    key: body.key,
    body,
    now: ctx.now(),
    read: input.read,
    create: async (tx) => {
      const { fail, check } = fieldProblems();
      const taken = await tx.query(`SELECT 1 FROM ${TABLES[input.kind]} WHERE slug = $1`, [
        body.slug,
      ]);
      if (taken.length > 0) fail("slug", "Already taken");
      const extra = await input.prepare?.(tx, fail);
      const countries = await checkCountries(
        tx,
        body.restrictedCountries,
        "restrictedCountries",
        fail,
      );
      check();
      return input.insert(tx, countries, extra);
    },
  });
  if (!result.replay) await catalogueChanged(ctx.db, caches);
  return result;
}

/**
 * A change of a provider, game or collection: the row locked, the fields given laid over it,
 * every problem at once as one 422, `write`, the audit row; this process's caches cleared.
 */
export async function patchCatalogueRow<View extends { restrictedCountries: string[] }, Extra>(
  ctx: AppContext,
  caches: CatalogueCaches,
  input: {
    kind: CatalogueKind;
    id: number;
    patch: Partial<View>;
    read: (db: Queryable, id: number | string) => Promise<View>;
    prepare?: (tx: Queryable, fail: FieldFail) => Promise<Extra>;
    write: (tx: Queryable, next: View, extra: Extra | undefined) => Promise<void>;
  },
): Promise<View> {
  const { id, patch } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.query(`SELECT id FROM ${TABLES[input.kind]} WHERE id = $1 FOR UPDATE`, [id]);
    const next = { ...(await input.read(tx, id)), ...patch };
    const { fail, check } = fieldProblems();
    const extra = await input.prepare?.(tx, fail);
    const countries = await checkCountries(
      tx,
      next.restrictedCountries,
      "restrictedCountries",
      fail,
    );
    check();
    await input.write(tx, { ...next, restrictedCountries: countries }, extra);
    await recordOperatorChange(tx, {
      kind: input.kind,
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  await catalogueChanged(ctx.db, caches);
  return input.read(ctx.db, id);
}
