// The operator API's game catalogue (/api/operator/game-providers, /games, /game-collections;
// migration 0038): studios, their games and the collections (categories) the site shows, as
// data. Bearer OPERATOR_API_TOKEN like the rest of the operator API (operator.ts). A provider's
// wallet keys (.../{id}/wallet-keys; ADR 0015) are issued by the platform, shown once, and
// stored sealed; GAME_PROVIDER_SECRETS may hold one more.
import { z } from "zod";
import {
  CountryCode,
  Instant,
  Link,
  Name,
  OperatorIdParams,
  OperatorKey,
  Position,
} from "./operator";
import { PageMeta, PageQuery } from "./pagination";

/**
 * A slug that shows in the site's URLs (/games/{slug}, /providers/{slug}, /categories/{slug}):
 * lowercase words joined by single dashes, not all digits (a number there is read as an id).
 */
const CatalogueSlug = z
  .string()
  .max(120)
  .regex(
    /^(?!\d+$)[a-z0-9]+(-[a-z0-9]+)*$/,
    "Lowercase letters and digits in words joined by single dashes, not only digits",
  );
/** ISO codes of the countries that must not see it (unknown codes are a 422). */
const RestrictedCountries = z.array(CountryCode).max(300);
/** The studio's own id of a game, what the launcher and the wallet calls name. */
const GameCode = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, "Letters, digits and _ . : -, at most 100");
const Tag = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Lowercase letters, digits and dashes");
/** Declared return to player in percent, above 0 and at most 100 ("96.50"). */
const Rtp = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, "Must be a percentage like 96.50")
  .refine((value) => Number(value) > 0 && Number(value) <= 100, "Must be above 0 and at most 100");
const Volatility = z.enum(["low", "medium", "high"]);

// ---------------------------------------------------------------------------------------------
// Providers (studios and aggregators)

export const OperatorGameProvider = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    /**
     * Where a game of this studio starts: {gameCode}, {token}, {mode}, {currency}, {locale} and
     * {returnUrl} are replaced at launch; null: the sandbox game studio's page (SANDBOX_GAMES).
     */
    launchUrl: z.string().nullable(),
    /** Where the platform posts free-spin grants (docs/provider-wallet-api.md §7); null: none. */
    freeSpinsUrl: z.string().nullable(),
    restrictedCountries: z.array(z.string()),
    /** false: its games leave the catalogue and take no new bets; open rounds still settle. */
    isEnabled: z.boolean(),
    position: z.number().int(),
    /** A casino studio or a sportsbook (docs/provider-wallet-api.md "Sports betting"). */
    kind: z.enum(["casino", "sportsbook"]),
    /**
     * Hours its rounds may stay open before the platform closes them as they stand; null: the
     * platform's GAME_ROUND_TIMEOUT_HOURS (casino) or never (sportsbook); 0: never.
     */
    roundTimeoutHours: z.number().int().nullable(),
    /**
     * Whether it has a wallet key (an active issued one, or GAME_PROVIDER_SECRETS's): without
     * one every wallet call is 401.
     */
    hasWalletKey: z.boolean(),
    /** How many games it has (switched off ones included). */
    games: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorGameProvider" });
export type OperatorGameProvider = z.infer<typeof OperatorGameProvider>;

const providerFields = {
  name: Name,
  logo: Link.nullable(),
  launchUrl: Link.nullable(),
  freeSpinsUrl: Link.nullable(),
  restrictedCountries: RestrictedCountries,
  isEnabled: z.boolean(),
  position: Position,
  kind: z.enum(["casino", "sportsbook"]),
  roundTimeoutHours: z.number().int().min(0).max(87_600).nullable(),
};

export const CreateOperatorGameProviderBody = z
  .strictObject({
    key: OperatorKey.optional(),
    slug: CatalogueSlug,
    name: providerFields.name,
    logo: providerFields.logo.default(null),
    launchUrl: providerFields.launchUrl.default(null),
    freeSpinsUrl: providerFields.freeSpinsUrl.default(null),
    restrictedCountries: providerFields.restrictedCountries.default([]),
    isEnabled: providerFields.isEnabled.default(true),
    position: providerFields.position.default(0),
    kind: providerFields.kind.default("casino"),
    roundTimeoutHours: providerFields.roundTimeoutHours.default(null),
  })
  .meta({ id: "CreateOperatorGameProvider" });
export type CreateOperatorGameProviderBody = z.infer<typeof CreateOperatorGameProviderBody>;

/** A change of a provider: only the fields given (its slug names it in wallet URLs: fixed). */
export const PatchOperatorGameProviderBody = z
  .strictObject({
    name: providerFields.name.optional(),
    logo: providerFields.logo.optional(),
    launchUrl: providerFields.launchUrl.optional(),
    freeSpinsUrl: providerFields.freeSpinsUrl.optional(),
    restrictedCountries: providerFields.restrictedCountries.optional(),
    isEnabled: providerFields.isEnabled.optional(),
    position: providerFields.position.optional(),
    kind: providerFields.kind.optional(),
    roundTimeoutHours: providerFields.roundTimeoutHours.optional(),
  })
  .meta({ id: "PatchOperatorGameProvider" });
export type PatchOperatorGameProviderBody = z.infer<typeof PatchOperatorGameProviderBody>;

export const OperatorGameProviderList = z.object({ data: z.array(OperatorGameProvider) });
export const OperatorGameProviderResponse = z.object({ data: OperatorGameProvider });

/** A provider's wallet key as the operator sees it: never the key itself, after its issue. */
export const OperatorWalletKey = z
  .object({
    /** null: the key GAME_PROVIDER_SECRETS gives it (changed only by the deployment). */
    id: z.number().int().nullable(),
    source: z.enum(["operator", "environment"]),
    /** "sha256:" and the first 16 hex digits of the key's SHA-256, to tell keys apart. */
    fingerprint: z.string(),
    createdAt: z.string().nullable(),
    /** null: active, it verifies the provider's calls. */
    retiredAt: z.string().nullable(),
    /**
     * false: this server cannot open it (it was sealed under another SECRETS_ENCRYPTION_KEY),
     * so it verifies nothing here.
     */
    usable: z.boolean(),
  })
  .meta({ id: "OperatorWalletKey" });
export type OperatorWalletKey = z.infer<typeof OperatorWalletKey>;
export const OperatorWalletKeyList = z.object({ data: z.array(OperatorWalletKey) });
/** GET /api/operator/wallet-keys: every provider (by name) with its wallet keys. */
export const OperatorProviderWalletKeys = z
  .object({
    provider: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    keys: z.array(OperatorWalletKey),
  })
  .meta({ id: "OperatorProviderWalletKeys" });
export type OperatorProviderWalletKeys = z.infer<typeof OperatorProviderWalletKeys>;
export const OperatorProviderWalletKeysList = z.object({
  data: z.array(OperatorProviderWalletKeys),
});
export const OperatorWalletKeyResponse = z.object({ data: OperatorWalletKey });

/** A key just issued: the only answer that carries the key (a replay by `key` repeats it). */
export const IssuedWalletKey = OperatorWalletKey.extend({
  /** The HMAC key to hand to the studio (base64url, 43 characters). */
  secret: z.string(),
}).meta({ id: "IssuedWalletKey" });
export type IssuedWalletKey = z.infer<typeof IssuedWalletKey>;
export const IssuedWalletKeyResponse = z.object({ data: IssuedWalletKey });

export const IssueWalletKeyBody = z.strictObject({ key: OperatorKey.optional() });
export type IssueWalletKeyBody = z.infer<typeof IssueWalletKeyBody>;

export const OperatorWalletKeyParams = OperatorIdParams.extend({
  keyId: OperatorIdParams.shape.id,
});

// ---------------------------------------------------------------------------------------------
// Games

export const OperatorGame = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    code: z.string(),
    /** The provider's slug. */
    provider: z.string(),
    title: z.string(),
    image: z.string().nullable(),
    tags: z.array(z.string()),
    rtp: z.string().nullable(),
    volatility: Volatility.nullable(),
    hasDemo: z.boolean(),
    isMobile: z.boolean(),
    isDesktop: z.boolean(),
    restrictedCountries: z.array(z.string()),
    /** false: out of the catalogue, no launches and no new bets; open rounds still settle. */
    isEnabled: z.boolean(),
    /** The "popular" order (lower first). */
    position: z.number().int(),
    /** The "newest" order. */
    releasedAt: z.string(),
    /** The slugs of the collections it is in. */
    collections: z.array(z.string()),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorGame" });
export type OperatorGame = z.infer<typeof OperatorGame>;

const gameFields = {
  title: Name,
  image: Link.nullable(),
  tags: z.array(Tag).max(30),
  rtp: Rtp.nullable(),
  volatility: Volatility.nullable(),
  hasDemo: z.boolean(),
  isMobile: z.boolean(),
  isDesktop: z.boolean(),
  restrictedCountries: RestrictedCountries,
  isEnabled: z.boolean(),
  position: Position,
  releasedAt: Instant,
  /**
   * The collections it is in, by slug: one it joins goes to the end of that collection's order;
   * one left out is left.
   */
  collections: z.array(CatalogueSlug).max(100),
};

export const CreateOperatorGameBody = z
  .strictObject({
    key: OperatorKey.optional(),
    provider: CatalogueSlug,
    code: GameCode,
    slug: CatalogueSlug,
    title: gameFields.title,
    image: gameFields.image.default(null),
    tags: gameFields.tags.default([]),
    rtp: gameFields.rtp.default(null),
    volatility: gameFields.volatility.default(null),
    hasDemo: gameFields.hasDemo.default(false),
    isMobile: gameFields.isMobile.default(true),
    isDesktop: gameFields.isDesktop.default(true),
    restrictedCountries: gameFields.restrictedCountries.default([]),
    isEnabled: gameFields.isEnabled.default(true),
    position: gameFields.position.default(0),
    /** Default: now. */
    releasedAt: gameFields.releasedAt.optional(),
    collections: gameFields.collections.default([]),
  })
  .meta({ id: "CreateOperatorGame" });
export type CreateOperatorGameBody = z.infer<typeof CreateOperatorGameBody>;

/** A change of a game: only the fields given (provider, code and slug name it: fixed). */
export const PatchOperatorGameBody = z
  .strictObject({
    title: gameFields.title.optional(),
    image: gameFields.image.optional(),
    tags: gameFields.tags.optional(),
    rtp: gameFields.rtp.optional(),
    volatility: gameFields.volatility.optional(),
    hasDemo: gameFields.hasDemo.optional(),
    isMobile: gameFields.isMobile.optional(),
    isDesktop: gameFields.isDesktop.optional(),
    restrictedCountries: gameFields.restrictedCountries.optional(),
    isEnabled: gameFields.isEnabled.optional(),
    position: gameFields.position.optional(),
    releasedAt: gameFields.releasedAt.optional(),
    collections: gameFields.collections.optional(),
  })
  .meta({ id: "PatchOperatorGame" });
export type PatchOperatorGameBody = z.infer<typeof PatchOperatorGameBody>;

/** GET /api/operator/games: every game (switched off ones too), filtered, a page at a time. */
export const OperatorGameQuery = PageQuery.extend({
  provider: CatalogueSlug.optional(),
  /** In the collection's own order. */
  collection: CatalogueSlug.optional(),
  /** Words of the title, slug or code. */
  search: z.string().trim().max(100).optional(),
  isEnabled: z.enum(["true", "false"]).optional(),
});
export type OperatorGameQuery = z.infer<typeof OperatorGameQuery>;

export const OperatorGameList = z.object({ data: z.array(OperatorGame), meta: PageMeta });
export const OperatorGameResponse = z.object({ data: OperatorGame });

// ---------------------------------------------------------------------------------------------
// Collections (the site's categories)

export const OperatorGameCollection = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    position: z.number().int(),
    isEnabled: z.boolean(),
    restrictedCountries: z.array(z.string()),
    /** How many games it holds (switched off ones included). */
    games: z.number().int(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: "OperatorGameCollection" });
export type OperatorGameCollection = z.infer<typeof OperatorGameCollection>;

const collectionFields = {
  name: Name,
  position: Position,
  isEnabled: z.boolean(),
  restrictedCountries: RestrictedCountries,
};

export const CreateOperatorGameCollectionBody = z
  .strictObject({
    key: OperatorKey.optional(),
    slug: CatalogueSlug,
    name: collectionFields.name,
    position: collectionFields.position.default(0),
    isEnabled: collectionFields.isEnabled.default(true),
    restrictedCountries: collectionFields.restrictedCountries.default([]),
  })
  .meta({ id: "CreateOperatorGameCollection" });
export type CreateOperatorGameCollectionBody = z.infer<typeof CreateOperatorGameCollectionBody>;

export const PatchOperatorGameCollectionBody = z
  .strictObject({
    name: collectionFields.name.optional(),
    position: collectionFields.position.optional(),
    isEnabled: collectionFields.isEnabled.optional(),
    restrictedCountries: collectionFields.restrictedCountries.optional(),
  })
  .meta({ id: "PatchOperatorGameCollection" });
export type PatchOperatorGameCollectionBody = z.infer<typeof PatchOperatorGameCollectionBody>;

/** PUT /api/operator/game-collections/{id}/games: the collection's games, in its order. */
export const PutOperatorCollectionGamesBody = z
  .strictObject({ games: z.array(CatalogueSlug).max(10_000) })
  .meta({ id: "PutOperatorCollectionGames" });
export type PutOperatorCollectionGamesBody = z.infer<typeof PutOperatorCollectionGamesBody>;

export const OperatorGameCollectionList = z.object({ data: z.array(OperatorGameCollection) });
export const OperatorGameCollectionResponse = z.object({ data: OperatorGameCollection });
