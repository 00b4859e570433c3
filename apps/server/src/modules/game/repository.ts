import type { GameCollection, GameProvider } from "@casino/contract/game";
import type { Queryable } from "../../infra/db";

interface ProviderRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
}

const PROVIDER_COLUMNS = "id, slug, name, logo";

export function gameCatalogueRepository(db: Queryable) {
  return {
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

    async listProviders(): Promise<GameProvider[]> {
      return db.query<ProviderRow>(
        `SELECT ${PROVIDER_COLUMNS} FROM game_providers WHERE is_enabled ORDER BY position, name`,
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
  };
}

export type GameCatalogueRepository = ReturnType<typeof gameCatalogueRepository>;
