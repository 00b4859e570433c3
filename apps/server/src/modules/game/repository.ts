import type { Game, GameCollection, GameProvider, GameRound } from "@casino/contract/game";
import type { Queryable } from "../../infra/db";

/**
 * A game's or provider's id in a path or filter that takes an id or a slug: nine digits at most
 * (an integer column); a longer run of digits can only be a slug.
 */
export const isNumericId = (value: string) => /^\d{1,9}$/.test(value);

interface ProviderRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
}

const PROVIDER_COLUMNS = "id, slug, name, logo";

export interface GameRecord extends Game {
  code: string;
  restrictedCountries: string[];
  providerRestrictedCountries: string[];
  launchUrl: string | null;
}

interface GameRow {
  id: number;
  slug: string;
  code: string;
  title: string;
  image: string | null;
  tags: string[];
  rtp: string | null;
  volatility: "low" | "medium" | "high" | null;
  has_demo: boolean;
  is_mobile: boolean;
  is_desktop: boolean;
  restricted_countries: string[];
  provider_id: number;
  provider_slug: string;
  provider_name: string;
  provider_restricted: string[];
  launch_url: string | null;
  collections: string[];
  total?: string | number;
}

const GAME_SELECT = `
  SELECT g.id, g.slug, g.code, g.title, g.image, g.tags, g.rtp::text AS rtp, g.volatility,
         g.has_demo, g.is_mobile, g.is_desktop, g.restricted_countries,
         p.id AS provider_id, p.slug AS provider_slug, p.name AS provider_name,
         p.restricted_countries AS provider_restricted, p.launch_url,
         ARRAY(SELECT c.slug FROM game_collection_games cg
                 JOIN game_collections c ON c.id = cg.collection_id AND c.is_enabled
                WHERE cg.game_id = g.id ORDER BY c.position, c.id) AS collections`;

function toGame(row: GameRow): GameRecord {
  return {
    id: row.id,
    slug: row.slug,
    code: row.code,
    title: row.title,
    provider: { id: row.provider_id, slug: row.provider_slug, name: row.provider_name },
    image: row.image,
    tags: row.tags,
    rtp: row.rtp,
    volatility: row.volatility,
    hasDemo: row.has_demo,
    isMobile: row.is_mobile,
    isDesktop: row.is_desktop,
    collections: row.collections,
    restrictedCountries: row.restricted_countries,
    providerRestrictedCountries: row.provider_restricted,
    launchUrl: row.launch_url,
  };
}

/** The public shape of a game (no studio code, launcher or restriction lists). */
export function publicGame(record: GameRecord): Game {
  const {
    code: _code,
    restrictedCountries: _r,
    providerRestrictedCountries: _p,
    launchUrl: _l,
    ...game
  } = record;
  return game;
}

export interface GameFilter {
  country: string | null;
  /** A collection the country may see (resolved from its slug by the caller). */
  collectionId?: number | undefined;
  provider?: string | undefined;
  search?: string | undefined;
  device?: "mobile" | "desktop" | undefined;
  sort: "popular" | "newest" | "title";
  limit: number;
  offset: number;
}

/** LIKE patterns for each word of a search, with the wildcards of the text escaped. */
export function searchPatterns(search: string | undefined): string[] | null {
  const words = (search ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return null;
  return words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

const ORDER: Record<GameFilter["sort"], string> = {
  popular: "g.position, g.id",
  newest: "g.released_at DESC, g.id DESC",
  title: "lower(g.title), g.id",
};

interface RoundRow {
  id: string;
  game_id: number;
  game_title: string;
  provider_name: string;
  currency: string;
  bet_amount: string;
  win_amount: string;
  refund_amount: string;
  status: string;
  created_at: Date;
  closed_at: Date | null;
  total: string;
}

export interface RoundRecord extends Omit<GameRound, "betAmount" | "winAmount" | "status"> {
  betAmount: bigint;
  winAmount: bigint;
  refundAmount: bigint;
}

/** Where listGames may keep the counts of its filters (a short-lived cache of the caller's). */
export interface CountCache {
  get(key: string): number | undefined;
  set(key: string, value: number): void;
}

export function gameCatalogueRepository(db: Queryable, countCache?: CountCache) {
  return {
    countCache,

    /** Enabled collections by position; with a country, those not restricted there (GEO-05). */
    async listCollections(country: string | null): Promise<GameCollection[]> {
      return db.query<GameCollection>(
        `SELECT id, slug, name, position
           FROM game_collections
          WHERE is_enabled
            AND ($1::text IS NULL OR NOT ($1::text = ANY (restricted_countries)))
          ORDER BY position, id`,
        [country],
      );
    },

    /**
     * The catalogue game of the first switched-on provider of kind sportsbook (by position, then
     * id), itself switched on: the game /betting launches for its token. Null: none.
     */
    async findSportsbookGameId(): Promise<number | null> {
      const [row] = await db.query<{ id: number }>(
        `SELECT g.id FROM game_providers p JOIN games g ON g.provider_id = p.id AND g.is_enabled
          WHERE p.is_enabled AND p.kind = 'sportsbook'
          ORDER BY p.position, p.id, g.id
          LIMIT 1`,
      );
      return row ? Number(row.id) : null;
    },

    async listProviders(): Promise<GameProvider[]> {
      return db.query<ProviderRow>(
        // The casino's providers: a sportsbook has its own page (/betting), not a lobby tile.
        `SELECT ${PROVIDER_COLUMNS} FROM game_providers
          WHERE is_enabled AND kind = 'casino' ORDER BY position, name`,
      );
    },

    async findProvider(idOrSlug: { id: number } | { slug: string }): Promise<GameProvider | null> {
      const [row] =
        "id" in idOrSlug
          ? await db.query<ProviderRow>(
              `SELECT ${PROVIDER_COLUMNS} FROM game_providers WHERE is_enabled AND id = $1`,
              [idOrSlug.id],
            )
          : await db.query<ProviderRow>(
              `SELECT ${PROVIDER_COLUMNS} FROM game_providers WHERE is_enabled AND slug = $1`,
              [idOrSlug.slug],
            );
      return row ?? null;
    },

    /**
     * One page of enabled games of enabled providers, not restricted in the country, with the
     * filters; `total` counts every match. In a collection, "popular" follows the collection's
     * own order (ties by game id).
     */
    async listGames(filter: GameFilter): Promise<{ games: GameRecord[]; total: number }> {
      const params: unknown[] = [filter.country, filter.limit, filter.offset];
      const where: string[] = [
        "g.is_enabled",
        // A sportsbook's one catalogue game is launched by /betting, never listed with the games.
        "p.kind = 'casino'",
        `($1::text IS NULL OR NOT ($1::text = ANY (g.restricted_countries) OR $1::text = ANY (p.restricted_countries)))`,
      ];
      let from = "games g JOIN game_providers p ON p.id = g.provider_id AND p.is_enabled";
      let order = ORDER[filter.sort];
      if (filter.collectionId !== undefined) {
        // The collection by id (the caller resolved and country-checked its slug): the planner
        // then walks the collection's ordered index instead of hashing the whole catalogue.
        params.push(filter.collectionId);
        from = `game_collection_games cg JOIN games g ON g.id = cg.game_id
                JOIN game_providers p ON p.id = g.provider_id AND p.is_enabled`;
        where.push(`cg.collection_id = $${params.length}::int`);
        if (filter.sort === "popular") order = "cg.position, cg.game_id";
      }
      if (filter.provider) {
        params.push(filter.provider);
        where.push(
          isNumericId(filter.provider)
            ? `p.id = $${params.length}::int`
            : `p.slug = $${params.length}`,
        );
      }
      const patterns = searchPatterns(filter.search);
      if (patterns) {
        params.push(patterns);
        where.push(`lower(g.title) LIKE ALL ($${params.length}::text[])`);
      }
      if (filter.device === "mobile") where.push("g.is_mobile");
      if (filter.device === "desktop") where.push("g.is_desktop");
      // The page's ids first (an index walk in the sort's order), then their details, and the
      // count of all matches, which the caller may cache.
      const page = await db.query<{ id: number }>(
        `SELECT g.id FROM ${from} WHERE ${where.join(" AND ")} ORDER BY ${order} LIMIT $2 OFFSET $3`,
        params,
      );
      const ids = page.map((row) => row.id);
      const rows =
        ids.length === 0
          ? []
          : await db.query<GameRow>(
              `${GAME_SELECT}
                 FROM games g JOIN game_providers p ON p.id = g.provider_id
                WHERE g.id = ANY ($1::int[])`,
              [ids],
            );
      const position = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      const countKey = JSON.stringify([where, from, params.slice(3), filter.country]);
      let total = this.countCache?.get(countKey);
      if (total === undefined) {
        // The same parameters: $2 and $3 (limit, offset) are only named so their types are known.
        const [count] = await db.query<{ total: string }>(
          `SELECT count(*) AS total FROM ${from}
            WHERE ${where.join(" AND ")} AND $2::int > 0 AND $3::int >= 0`,
          params,
        );
        total = Number(count?.total ?? 0);
        this.countCache?.set(countKey, total);
      }
      return { games: rows.map(toGame), total };
    },

    async findGame(idOrSlug: string): Promise<GameRecord | null> {
      const byId = isNumericId(idOrSlug);
      const [row] = await db.query<GameRow>(
        `${GAME_SELECT}
           FROM games g JOIN game_providers p ON p.id = g.provider_id AND p.is_enabled
          WHERE g.is_enabled AND ${byId ? "g.id = $1::int" : "g.slug = $1"}`,
        [idOrSlug],
      );
      return row ? toGame(row) : null;
    },

    async isFavorite(playerId: string, gameId: number): Promise<boolean> {
      const rows = await db.query(
        "SELECT 1 FROM game_favorites WHERE player_id = $1 AND game_id = $2",
        [playerId, gameId],
      );
      return rows.length > 0;
    },

    async addFavorite(playerId: string, gameId: number, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO game_favorites (player_id, game_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING`,
        [playerId, gameId, now],
      );
    },

    async removeFavorite(playerId: string, gameId: number): Promise<void> {
      await db.query("DELETE FROM game_favorites WHERE player_id = $1 AND game_id = $2", [
        playerId,
        gameId,
      ]);
    },

    /** The player's favorites (newest first), or the games they launched last (latest first). */
    async listPlayerGames(
      kind: "favorites" | "played",
      playerId: string,
      country: string | null,
      limit: number,
    ): Promise<GameRecord[]> {
      const source =
        kind === "favorites"
          ? "SELECT game_id, created_at AS at FROM game_favorites WHERE player_id = $1"
          : `SELECT game_id, max(created_at) AS at FROM (
               SELECT game_id, created_at FROM game_sessions
                WHERE player_id = $1 ORDER BY created_at DESC LIMIT 500) recent
              GROUP BY game_id`;
      const rows = await db.query<GameRow>(
        `${GAME_SELECT}
           FROM (${source}) mine
           JOIN games g ON g.id = mine.game_id AND g.is_enabled
           JOIN game_providers p ON p.id = g.provider_id AND p.is_enabled
          WHERE ($2::text IS NULL OR NOT ($2::text = ANY (g.restricted_countries) OR $2::text = ANY (p.restricted_countries)))
          ORDER BY mine.at DESC, g.id
          LIMIT $3`,
        [playerId, country, limit],
      );
      return rows.map(toGame);
    },

    /** The player's rounds, newest first; `settled` filters on closed (true) or open (false). */
    async listRounds(input: {
      playerId: string;
      settled: boolean | null;
      limit: number;
      offset: number;
    }): Promise<{ rounds: RoundRecord[]; total: number }> {
      const rows = await db.query<RoundRow>(
        `SELECT r.id::text AS id, r.game_id, g.title AS game_title, p.name AS provider_name,
                r.currency, r.bet_amount::text AS bet_amount, r.win_amount::text AS win_amount,
                r.refund_amount::text AS refund_amount, r.status, r.created_at, r.closed_at,
                count(*) OVER () AS total
           FROM game_rounds r
           JOIN games g ON g.id = r.game_id
           JOIN game_providers p ON p.id = r.provider_id
          WHERE r.player_id = $1
            AND ($2::boolean IS NULL OR (r.status = 'closed') = $2::boolean)
          ORDER BY r.id DESC
          LIMIT $3 OFFSET $4`,
        [input.playerId, input.settled, input.limit, input.offset],
      );
      let total = rows[0] ? Number(rows[0].total) : 0;
      if (rows.length === 0 && input.offset > 0) {
        const [count] = await db.query<{ total: string }>(
          `SELECT count(*) AS total FROM game_rounds
            WHERE player_id = $1 AND ($2::boolean IS NULL OR (status = 'closed') = $2::boolean)`,
          [input.playerId, input.settled],
        );
        total = Number(count?.total ?? 0);
      }
      return {
        total,
        rounds: rows.map((row) => ({
          id: row.id,
          gameId: row.game_id,
          gameTitle: row.game_title,
          providerName: row.provider_name,
          currency: row.currency,
          betAmount: BigInt(row.bet_amount),
          winAmount: BigInt(row.win_amount),
          refundAmount: BigInt(row.refund_amount),
          isSettled: row.status === "closed",
          createdAt: new Date(row.created_at).toISOString(),
          settledAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
        })),
      };
    },

    /** The latest closed rounds with a win, with the player's nickname. */
    async listWinners(limit: number) {
      return db.query<{
        game_id: number;
        game_slug: string;
        game_title: string;
        game_image: string | null;
        nickname: string | null;
        email: string | null;
        win_amount: string;
        currency: string;
        closed_at: Date;
      }>(
        `SELECT r.game_id, g.slug AS game_slug, g.title AS game_title, g.image AS game_image,
                pl.nickname, pl.email, r.win_amount::text AS win_amount, r.currency, r.closed_at
           FROM game_rounds r
           JOIN games g ON g.id = r.game_id AND g.is_enabled
           JOIN players pl ON pl.id = r.player_id
          WHERE r.status = 'closed' AND r.win_amount > 0
          ORDER BY r.closed_at DESC
          LIMIT $1`,
        [limit],
      );
    },
  };
}

export type GameCatalogueRepository = ReturnType<typeof gameCatalogueRepository>;
