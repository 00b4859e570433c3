// The operator's game collections (/api/operator/game-collections; migration 0038): the site's
// categories (/categories/{slug}, the home page's rails), their order, the countries that must not
// see them, and which games they hold in which order.
import type {
  CreateOperatorGameCollectionBody,
  OperatorGameCollection,
  PatchOperatorGameCollectionBody,
  PutOperatorCollectionGamesBody,
} from "@casino/contract/operator-games";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, iso, recordOperatorChange } from "../../lib/operator-keys";
import {
  type CatalogueCaches,
  catalogueChanged,
  createCatalogueRow,
  patchCatalogueRow,
} from "./operator-catalogue";

interface CollectionRow {
  id: number;
  slug: string;
  name: string;
  position: number;
  is_enabled: boolean;
  restricted_countries: string[];
  games: string | number;
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT c.id, c.slug, c.name, c.position, c.is_enabled, c.restricted_countries, c.updated_at,
         (SELECT count(*) FROM game_collection_games cg WHERE cg.collection_id = c.id) AS games
    FROM game_collections c`;

function toView(row: CollectionRow): OperatorGameCollection {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    position: Number(row.position),
    isEnabled: row.is_enabled,
    restrictedCountries: row.restricted_countries,
    games: Number(row.games),
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorCollections(ctx: AppContext): Promise<OperatorGameCollection[]> {
  const rows = await ctx.db.query<CollectionRow>(`${SELECT} ORDER BY c.position, c.id`);
  return rows.map(toView);
}

export async function readOperatorCollection(
  db: Queryable,
  id: number | string,
): Promise<OperatorGameCollection> {
  const [row] = await db.query<CollectionRow>(`${SELECT} WHERE c.id = $1`, [Number(id)]);
  if (!row) throw AppError.notFound("No game collection with that id");
  return toView(row);
}

type CollectionSettings = Omit<CreateOperatorGameCollectionBody, "key" | "slug">;

async function write(tx: Queryable, id: number, next: CollectionSettings, now: Date) {
  await tx.query(
    `UPDATE game_collections SET name = $2, position = $3, is_enabled = $4,
       restricted_countries = $5::text[], updated_at = $6
     WHERE id = $1`,
    [id, next.name, next.position, next.isEnabled, next.restrictedCountries, now],
  );
}

/** POST /api/operator/game-collections (empty; PUT its games to fill it). */
export function createOperatorCollection(
  ctx: AppContext,
  caches: CatalogueCaches,
  body: CreateOperatorGameCollectionBody,
): Promise<{ data: OperatorGameCollection; replay: boolean }> {
  return createCatalogueRow(ctx, caches, {
    kind: "game-collection",
    body,
    read: readOperatorCollection,
    insert: async (tx, countries) => {
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO game_collections (slug, name) VALUES ($1, $2) RETURNING id",
        [body.slug, body.name],
      );
      await write(tx, row!.id, { ...body, restrictedCountries: countries }, ctx.now());
      return row!.id;
    },
  });
}

/** PATCH /api/operator/game-collections/{id}. */
export function patchOperatorCollection(
  ctx: AppContext,
  caches: CatalogueCaches,
  id: number,
  patch: PatchOperatorGameCollectionBody,
): Promise<OperatorGameCollection> {
  return patchCatalogueRow(ctx, caches, {
    kind: "game-collection",
    id,
    patch,
    read: readOperatorCollection,
    write: (tx, next) => write(tx, id, next, ctx.now()),
  });
}

/**
 * PUT /api/operator/game-collections/{id}/games: exactly these games, in this order (games left
 * out leave the collection). Unknown or repeated slugs are a 422 naming their places.
 */
export async function putCollectionGames(
  ctx: AppContext,
  caches: CatalogueCaches,
  id: number,
  body: PutOperatorCollectionGamesBody,
): Promise<OperatorGameCollection> {
  await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.query("SELECT id FROM game_collections WHERE id = $1 FOR UPDATE", [
      id,
    ]);
    if (!locked) throw AppError.notFound("No game collection with that id");
    const rows = await tx.query<{ id: number; slug: string }>(
      "SELECT id, slug FROM games WHERE slug = ANY ($1::text[])",
      [[...new Set(body.games)]],
    );
    const bySlug = new Map(rows.map((row) => [row.slug, Number(row.id)]));
    const { fail, check } = fieldProblems();
    const seen = new Set<string>();
    for (const [index, slug] of body.games.entries()) {
      if (!bySlug.has(slug)) fail(`games.${index}`, "Unknown game");
      else if (seen.has(slug)) fail(`games.${index}`, "Listed twice");
      seen.add(slug);
    }
    check();
    const ids = body.games.map((slug) => bySlug.get(slug)!);
    await tx.query(
      `DELETE FROM game_collection_games
        WHERE collection_id = $1 AND NOT (game_id = ANY ($2::int[]))`,
      [id, ids],
    );
    await tx.query(
      `INSERT INTO game_collection_games (collection_id, game_id, position)
       SELECT $1, t.id, t.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS t(id, n)
       ON CONFLICT (collection_id, game_id) DO UPDATE SET position = EXCLUDED.position`,
      [id, ids],
    );
    await tx.query("UPDATE game_collections SET updated_at = $2 WHERE id = $1", [id, ctx.now()]);
    await recordOperatorChange(tx, {
      kind: "game-collection-games",
      entityId: id,
      action: "put",
      changes: body,
      now: ctx.now(),
    });
  });
  await catalogueChanged(ctx.db, caches);
  return readOperatorCollection(ctx.db, id);
}
