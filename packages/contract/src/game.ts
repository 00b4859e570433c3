import { z } from "zod";

/** A game studio whose games the catalogue lists. */
export const GameProvider = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    /** Logo URL, or null to show the name. */
    logo: z.string().nullable(),
  })
  .meta({ id: "GameProvider" });
export type GameProvider = z.infer<typeof GameProvider>;

/** A game collection; its slug is the categoryIdentity of /categories/{categoryIdentity}. */
export const GameCollection = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    position: z.number().int(),
  })
  .meta({ id: "GameCollection" });
export type GameCollection = z.infer<typeof GameCollection>;

export const GameProviderList = z.object({ data: z.array(GameProvider) });
export const GameProviderResponse = z.object({ data: GameProvider });
/** GET /api/game/collections: the collections the request country may see, by position (API-59). */
export const GameCollectionList = z.object({ data: z.array(GameCollection) });

/** GET /api/game/providers/{id}: a numeric id or the provider's slug. */
export const GameProviderParams = z.object({
  id: z
    .string()
    .max(64)
    .regex(/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/, "Must be a provider id or slug"),
});
