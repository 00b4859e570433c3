// The operator's games (/api/operator/games; migration 0038): every game of every provider,
// switched off ones too, created and changed as data. A game's provider, code (what the studio
// calls it) and slug (its URL) name it and stay fixed. Joining a collection puts a game at the
// end of that collection's order (PUT /api/operator/game-collections/{id}/games sets the whole
// order). Switching a game off takes it out of the site and stops new bets in it; rounds open
// in it still settle.
import type {
  CreateOperatorGameBody,
  OperatorGame,
  OperatorGameQuery,
  PatchOperatorGameBody,
} from "@casino/contract/operator-games";
import type { PageMeta } from "@casino/contract/pagination";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { type FieldFail, iso } from "../../lib/operator-keys";
import { type CatalogueCaches, createCatalogueRow, patchCatalogueRow } from "./operator-catalogue";
import { searchPatterns } from "./repository";

interface GameRow {
  id: number;
  slug: string;
  code: string;
  provider: string;
  title: string;
  image: string | null;
  tags: string[];
  rtp: string | null;
  volatility: "low" | "medium" | "high" | null;
  has_demo: boolean;
  is_mobile: boolean;
  is_desktop: boolean;
  restricted_countries: string[];
  is_enabled: boolean;
  position: number;
  released_at: Date | string;
  collections: string[];
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT g.id, g.slug, g.code, p.slug AS provider, g.title, g.image, g.tags, g.rtp::text AS rtp,
         g.volatility, g.has_demo, g.is_mobile, g.is_desktop, g.restricted_countries,
         g.is_enabled, g.position, g.released_at, g.updated_at,
         ARRAY(SELECT c.slug FROM game_collection_games cg
                 JOIN game_collections c ON c.id = cg.collection_id
                WHERE cg.game_id = g.id ORDER BY c.position, c.id) AS collections`;

function toView(row: GameRow): OperatorGame {
  return {
    id: Number(row.id),
    slug: row.slug,
    code: row.code,
    provider: row.provider,
    title: row.title,
    image: row.image,
    tags: row.tags,
    rtp: row.rtp,
    volatility: row.volatility,
    hasDemo: row.has_demo,
    isMobile: row.is_mobile,
    isDesktop: row.is_desktop,
    restrictedCountries: row.restricted_countries,
    isEnabled: row.is_enabled,
    position: Number(row.position),
    releasedAt: new Date(row.released_at).toISOString(),
    collections: row.collections,
    updatedAt: iso(row.updated_at),
  };
}

/** GET /api/operator/games: a page of every game, filtered; in a collection, in its order. */
export async function listOperatorGames(
  ctx: AppContext,
  query: OperatorGameQuery,
): Promise<{ data: OperatorGame[]; meta: PageMeta }> {
  const params: unknown[] = [];
  const where: string[] = [];
  let from = "games g JOIN game_providers p ON p.id = g.provider_id";
  let order = "g.position, g.id";
  if (query.collection) {
    params.push(query.collection);
    from = `game_collection_games cg
            JOIN game_collections c ON c.id = cg.collection_id AND c.slug = $${params.length}
            JOIN games g ON g.id = cg.game_id JOIN game_providers p ON p.id = g.provider_id`;
    order = "cg.position, cg.game_id";
  }
  if (query.provider) {
    params.push(query.provider);
    where.push(`p.slug = $${params.length}`);
  }
  if (query.isEnabled) {
    params.push(query.isEnabled === "true");
    where.push(`g.is_enabled = $${params.length}`);
  }
  for (const pattern of searchPatterns(query.search) ?? []) {
    params.push(pattern);
    const at = `$${params.length}`;
    where.push(`(lower(g.title) LIKE ${at} OR g.slug LIKE ${at} OR lower(g.code) LIKE ${at})`);
  }
  const filter = `FROM ${from} ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`;
  const [counted] = await ctx.db.query<{ total: string }>(
    `SELECT count(*) AS total ${filter}`,
    params,
  );
  const rows = await ctx.db.query<GameRow>(
    `${SELECT} ${filter} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  return {
    data: rows.map(toView),
    meta: { page: query.page, perPage: query.perPage, total: Number(counted?.total ?? 0) },
  };
}

export async function readOperatorGame(db: Queryable, id: number | string): Promise<OperatorGame> {
  const [row] = await db.query<GameRow>(
    `${SELECT} FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE g.id = $1`,
    [Number(id)],
  );
  if (!row) throw AppError.notFound("No game with that id");
  return toView(row);
}

/** The ids of collections by slug, locked (their order is appended to); unknown ones fail. */
async function lockCollections(tx: Queryable, slugs: readonly string[], fail: FieldFail) {
  const rows = await tx.query<{ id: number; slug: string }>(
    "SELECT id, slug FROM game_collections WHERE slug = ANY ($1::text[]) ORDER BY id FOR UPDATE",
    [[...new Set(slugs)]],
  );
  const bySlug = new Map(rows.map((row) => [row.slug, Number(row.id)]));
  for (const [index, slug] of slugs.entries()) {
    if (!bySlug.has(slug)) fail(`collections.${index}`, "Unknown collection");
  }
  return [...bySlug.values()];
}

/** The game in exactly these collections: left ones lose it, joined ones get it at their end. */
async function setCollections(tx: Queryable, gameId: number, collectionIds: readonly number[]) {
  await tx.query(
    `DELETE FROM game_collection_games
      WHERE game_id = $1 AND NOT (collection_id = ANY ($2::int[]))`,
    [gameId, collectionIds],
  );
  await tx.query(
    `INSERT INTO game_collection_games (collection_id, game_id, position)
     SELECT c.id, $1,
            COALESCE((SELECT max(cg.position) + 1 FROM game_collection_games cg
                       WHERE cg.collection_id = c.id), 0)
       FROM unnest($2::int[]) AS c(id)
     ON CONFLICT (collection_id, game_id) DO NOTHING`,
    [gameId, collectionIds],
  );
}

type GameSettings = Omit<CreateOperatorGameBody, "key" | "provider" | "code" | "slug">;

async function write(tx: Queryable, id: number, next: GameSettings, now: Date) {
  await tx.query(
    `UPDATE games SET title = $2, image = $3, tags = $4::text[], rtp = $5::numeric,
       volatility = $6, has_demo = $7, is_mobile = $8, is_desktop = $9,
       restricted_countries = $10::text[], is_enabled = $11, position = $12,
       released_at = COALESCE($13::timestamptz, released_at), updated_at = $14
     WHERE id = $1`,
    [
      id,
      next.title,
      next.image,
      [...new Set(next.tags)],
      next.rtp,
      next.volatility,
      next.hasDemo,
      next.isMobile,
      next.isDesktop,
      next.restrictedCountries,
      next.isEnabled,
      next.position,
      next.releasedAt ?? null,
      now,
    ],
  );
}

/** POST /api/operator/games. */
export function createOperatorGame(
  ctx: AppContext,
  caches: CatalogueCaches,
  body: CreateOperatorGameBody,
): Promise<{ data: OperatorGame; replay: boolean }> {
  return createCatalogueRow(ctx, caches, {
    kind: "game",
    body,
    read: readOperatorGame,
    prepare: async (tx, fail) => {
      const [provider] = await tx.query<{ id: number }>(
        "SELECT id FROM game_providers WHERE slug = $1",
        [body.provider],
      );
      if (!provider) fail("provider", "Unknown provider");
      else {
        const known = await tx.query("SELECT 1 FROM games WHERE provider_id = $1 AND code = $2", [
          provider.id,
          body.code,
        ]);
        if (known.length > 0) fail("code", "This provider already has a game with this code");
      }
      return {
        providerId: provider?.id,
        collections: await lockCollections(tx, body.collections, fail),
      };
    },
    insert: async (tx, countries, extra) => {
      const now = ctx.now();
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO games (provider_id, code, slug, title, released_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [extra!.providerId, body.code, body.slug, body.title, body.releasedAt ?? now],
      );
      const id = Number(row!.id);
      await write(tx, id, { ...body, restrictedCountries: countries }, now);
      await setCollections(tx, id, extra!.collections);
      return id;
    },
  });
}

/** PATCH /api/operator/games/{id}. */
export function patchOperatorGame(
  ctx: AppContext,
  caches: CatalogueCaches,
  id: number,
  patch: PatchOperatorGameBody,
): Promise<OperatorGame> {
  return patchCatalogueRow(ctx, caches, {
    kind: "game",
    id,
    patch,
    read: readOperatorGame,
    prepare: async (tx, fail) =>
      patch.collections === undefined ? null : lockCollections(tx, patch.collections, fail),
    write: async (tx, next, collections) => {
      await write(tx, id, next, ctx.now());
      if (collections) await setCollections(tx, id, collections);
    },
  });
}
