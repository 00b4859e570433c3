import { z } from "zod";
import { CountryCode, RestrictType } from "./settings";

export const TabsDisplay = z.enum(["both", "email", "phone"]);

/** Social providers the sign-in modal offers (BE-07). */
export const SocialSettings = z.object({
  /** Direct providers by name, e.g. "google". */
  providers: z.array(z.string()),
  /** The generic identity service and its connection ids (one button per connection). */
  identityService: z.object({ name: z.string(), connections: z.array(z.string()) }).nullable(),
  /** The messaging-app login: offered only when both bot and authUrl are set. */
  messagingApp: z.object({ bot: z.string(), authUrl: z.string() }).nullable(),
});

/** The public switches the client branches on (BE-07). Operators configure them as data. */
export const PublicSettings = z
  .object({
    signIn: z.object({ tabsDisplay: TabsDisplay }),
    signUp: z.object({ tabsDisplay: TabsDisplay }),
    betting: z.object({
      clientHost: z.string().nullable(),
      clientId: z.string().nullable(),
      /**
       * The catalogue game of the first switched-on provider of kind sportsbook: /betting asks
       * POST /api/game/games/{gameId}/play for the book's token. Null: no sportsbook game.
       */
      gameId: z.number().int().nullable(),
      /** The book's colour scheme (SDK option `theme`). */
      theme: z.enum(["dark", "light"]),
      /** An optional style sheet URL the book loads over its own (SDK option `customStyles`). */
      customStyles: z.string().nullable(),
    }),
    loyalty: z.object({ enabled: z.boolean() }),
    quests: z.object({ enabled: z.boolean() }),
    turnOverWager: z.object({ enabled: z.boolean() }),
    /**
     * Responsible-gambling limits (issue 31): with `depositAllCurrencies` a deposit limit counts
     * the deposits of every currency, converted into the limit's currency at the site's rates;
     * without it (the default, as the spec has it) a limit counts only its own currency.
     */
    limits: z.object({ depositAllCurrencies: z.boolean() }),
    verification: z.object({
      enabled: z.boolean(),
      provider: z.string().nullable(),
      hideDocuments: z.boolean(),
    }),
    affiliateTagExpiration: z.number().int().positive(),
    wallet: z.object({
      showFilledFields: z.boolean(),
      withdrawShowAllFields: z.boolean(),
      depositDefaultDecline: z.boolean(),
    }),
    /**
     * Live chat (ST-11..ST-13, issue 26): `provider` says which one runs: "builtin" (the site's
     * own window, /api/chat, answered from the back office's support desk), "widget" (the outside
     * script at `widgetUrl`, null when none) or "off". Guests get it only with `guestAvailable`.
     */
    chat: z.object({
      provider: z.enum(["builtin", "widget", "off"]),
      guestAvailable: z.boolean(),
      widgetUrl: z.string().nullable(),
    }),
    /** Tag manager (ST-13): its script URL, null when there is none. */
    tagManager: z.object({ scriptUrl: z.string().nullable() }),
    social: SocialSettings,
  })
  .meta({ id: "PublicSettings" });
export type PublicSettings = z.infer<typeof PublicSettings>;

/** GET /api/player/init: what the client needs at start (BE-06, BE-07). */
export const InitResponse = z
  .object({
    /** The visitor's country, from the trusted proxy header, GeoIP or the configured default. */
    country: CountryCode.nullable(),
    /**
     * The request country's restriction, also for countries left out of the public country list
     * (restrictType 1: geo-restricted layout; 2: no sign-in or sign-up). Null when unknown.
     */
    countryRestriction: z.object({ restrict: z.boolean(), restrictType: RestrictType }).nullable(),
    settings: PublicSettings,
    /** The default locale code, so the client needs no second call to decide on prefixes. */
    defaultLocale: z.string(),
  })
  .meta({ id: "InitResponse" });
export type InitResponse = z.infer<typeof InitResponse>;
