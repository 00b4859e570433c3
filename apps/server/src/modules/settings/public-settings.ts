import { ChatProvider } from "@casino/contract/chat";
import { PublicSettings, TabsDisplay } from "@casino/contract/init";
import { z } from "zod";

/**
 * One list drives the site_settings seed, the per-deployment environment overrides, the
 * README's variable table and the assembly of PublicSettings (BE-07), so the four cannot drift.
 * Keys are flat so an operator edits one row per switch.
 */
export type PublicSettingValue = string | number | boolean | string[] | null;

export interface PublicSettingDef {
  key: string;
  env: string;
  description: string;
  /** Seeded value; the environment variable, when set, wins over the stored value. */
  default: PublicSettingValue;
  /** Schema of the stored (JSON) value. */
  schema: z.ZodType<PublicSettingValue>;
  /** Parses the environment variable's text; throws a message on bad input. */
  fromEnv(raw: string): PublicSettingValue;
}

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

export function parseBoolean(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new Error(`expected one of ${[...TRUE, ...FALSE].join(", ")}`);
}

const text = (raw: string) => (raw.trim() === "" ? null : raw.trim());
const list = (raw: string) =>
  raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

const tabs = (key: string, env: string, what: string): PublicSettingDef => ({
  key,
  env,
  description: `${what} modal tabs: both, email or phone`,
  default: "both",
  schema: TabsDisplay,
  fromEnv: (raw) => TabsDisplay.parse(raw.trim()),
});

const flag = (
  key: string,
  env: string,
  description: string,
  defaultValue: boolean,
): PublicSettingDef => ({
  key,
  env,
  description,
  default: defaultValue,
  schema: z.boolean(),
  fromEnv: parseBoolean,
});

const optionalText = (key: string, env: string, description: string): PublicSettingDef => ({
  key,
  env,
  description,
  default: null,
  schema: z.string().nullable(),
  fromEnv: text,
});

export const publicSettingDefs: readonly PublicSettingDef[] = [
  tabs("signIn.tabsDisplay", "SIGN_IN_TABS", "Sign-in"),
  tabs("signUp.tabsDisplay", "SIGN_UP_TABS", "Sign-up"),
  optionalText(
    "betting.clientHost",
    "BETTING_CLIENT_HOST",
    "Sportsbook provider client host; /betting is offered only with host and id",
  ),
  optionalText("betting.clientId", "BETTING_CLIENT_ID", "Sportsbook provider client id"),
  {
    key: "betting.theme",
    env: "BETTING_THEME",
    description: "Sportsbook colour scheme passed to the provider's SDK: dark or light",
    default: "dark",
    schema: z.enum(["dark", "light"]),
    fromEnv: (raw) => z.enum(["dark", "light"]).parse(raw.trim().toLowerCase()),
  },
  optionalText(
    "betting.customStyles",
    "BETTING_CUSTOM_STYLES",
    "Style sheet URL the sportsbook loads over its own (SDK customStyles); empty: none",
  ),
  flag("loyalty.enabled", "LOYALTY_ENABLED", "Loyalty programme on or off", true),
  flag("quests.enabled", "QUESTS_ENABLED", "Quests on or off", true),
  flag("turnOverWager.enabled", "TURN_OVER_WAGER_ENABLED", "Turn-over wager on or off", true),
  flag(
    "nickname.unique",
    "NICKNAME_UNIQUE",
    "Nicknames must be unique, compared case-insensitively (sign-up, social sign-up, profile)",
    false,
  ),
  flag(
    "limits.depositAllCurrencies",
    "DEPOSIT_LIMITS_ALL_CURRENCIES",
    "Deposit limits count the deposits of every currency, converted into the limit's currency at the site's rates (off: each limit counts only its own currency)",
    false,
  ),
  {
    key: "verification.provider",
    env: "VERIFICATION_PROVIDER",
    description: "Identity-verification provider name; empty disables verification",
    default: "sandbox",
    schema: z.string().nullable(),
    fromEnv: text,
  },
  flag(
    "verification.hideDocuments",
    "VERIFICATION_HIDE_DOCUMENTS",
    "Hide the profile documents page when a verification provider is enabled",
    false,
  ),
  {
    key: "affiliateTagExpiration",
    env: "AFFILIATE_TAG_EXPIRATION_DAYS",
    description: "Lifetime of the affiliate-tag cookie in days",
    default: 30,
    schema: z.number().int().positive(),
    fromEnv: (raw) => z.coerce.number().int().positive().parse(raw.trim()),
  },
  flag(
    "wallet.showFilledFields",
    "WALLET_SHOW_FILLED_FIELDS",
    "Show prefilled valid payment-method fields",
    false,
  ),
  flag(
    "wallet.withdrawShowAllFields",
    "WITHDRAW_SHOW_ALL_FIELDS",
    "Show all withdraw-form fields, prefilled or not",
    false,
  ),
  flag(
    "wallet.depositDefaultDecline",
    "DEPOSIT_DEFAULT_DECLINE",
    "Deposit bonus starts declined",
    false,
  ),
  {
    key: "chat.provider",
    env: "CHAT_PROVIDER",
    description:
      "Which live chat the site runs: builtin (answered from the back office's support desk), widget (the outside script of CHAT_WIDGET_URL) or off",
    default: "builtin",
    schema: ChatProvider,
    fromEnv: (raw) => ChatProvider.parse(raw.trim().toLowerCase()),
  },
  flag("chat.guestAvailable", "CHAT_GUEST_AVAILABLE", "Live chat starts for guests too", false),
  optionalText(
    "chat.widgetUrl",
    "CHAT_WIDGET_URL",
    "Live chat widget script URL (its origin joins the CSP); empty: no chat",
  ),
  optionalText(
    "tagManager.scriptUrl",
    "TAG_MANAGER_URL",
    "Tag-manager script URL, e.g. https://www.googletagmanager.com/gtm.js?id=GTM-XXXX (its origin joins the CSP); empty: none",
  ),
  {
    key: "social.providers",
    env: "SOCIAL_PROVIDERS",
    description: "Direct social-login providers, comma-separated (e.g. google)",
    default: [],
    schema: z.array(z.string()),
    fromEnv: list,
  },
  optionalText(
    "social.identityService.name",
    "SOCIAL_IDENTITY_SERVICE",
    "Generic identity service name; empty disables it",
  ),
  {
    key: "social.identityService.connections",
    env: "SOCIAL_IDENTITY_CONNECTIONS",
    description: "Identity-service connection ids, comma-separated (one button each)",
    default: [],
    schema: z.array(z.string()),
    fromEnv: list,
  },
  optionalText(
    "social.messagingApp.bot",
    "SOCIAL_MESSAGING_BOT",
    "Messaging-app login bot name (offered only with the auth URL)",
  ),
  optionalText(
    "social.messagingApp.authUrl",
    "SOCIAL_MESSAGING_AUTH_URL",
    "Messaging-app login auth_url (offered only with the bot)",
  ),
];

export type PublicSettingValues = Record<string, PublicSettingValue>;

/** Stored rows, then environment overrides, then defaults for anything missing or invalid. */
export function resolvePublicSettingValues(
  stored: PublicSettingValues,
  overrides: PublicSettingValues,
  onInvalid?: (key: string) => void,
): PublicSettingValues {
  const values: PublicSettingValues = {};
  for (const def of publicSettingDefs) {
    if (def.key in overrides) {
      values[def.key] = overrides[def.key] ?? null;
      continue;
    }
    if (def.key in stored) {
      const parsed = def.schema.safeParse(stored[def.key]);
      if (parsed.success) {
        values[def.key] = parsed.data;
        continue;
      }
      // A hand-edited row with a wrong type must not take the site down; fall back and say so.
      onInvalid?.(def.key);
    }
    values[def.key] = def.default;
  }
  return values;
}

export function assemblePublicSettings(
  values: PublicSettingValues,
  /** The sportsbook's catalogue game (game/sportsbook-game.ts); null: none. */
  bettingGameId: number | null = null,
): PublicSettings {
  const str = (key: string) => {
    const value = values[key];
    return typeof value === "string" && value !== "" ? value : null;
  };
  const strings = (key: string) => {
    const value = values[key];
    return Array.isArray(value) ? value : [];
  };
  const bool = (key: string) => values[key] === true;

  const provider = str("verification.provider");
  const identityName = str("social.identityService.name");
  const bot = str("social.messagingApp.bot");
  const authUrl = str("social.messagingApp.authUrl");

  return PublicSettings.parse({
    signIn: { tabsDisplay: values["signIn.tabsDisplay"] },
    signUp: { tabsDisplay: values["signUp.tabsDisplay"] },
    betting: {
      clientHost: str("betting.clientHost"),
      clientId: str("betting.clientId"),
      gameId: bettingGameId,
      theme: values["betting.theme"] === "light" ? "light" : "dark",
      customStyles: str("betting.customStyles"),
    },
    loyalty: { enabled: bool("loyalty.enabled") },
    quests: { enabled: bool("quests.enabled") },
    turnOverWager: { enabled: bool("turnOverWager.enabled") },
    limits: { depositAllCurrencies: bool("limits.depositAllCurrencies") },
    verification: {
      enabled: provider !== null,
      provider,
      hideDocuments: bool("verification.hideDocuments"),
    },
    affiliateTagExpiration: values.affiliateTagExpiration,
    wallet: {
      showFilledFields: bool("wallet.showFilledFields"),
      withdrawShowAllFields: bool("wallet.withdrawShowAllFields"),
      depositDefaultDecline: bool("wallet.depositDefaultDecline"),
    },
    chat: {
      provider:
        values["chat.provider"] === "widget" || values["chat.provider"] === "off"
          ? values["chat.provider"]
          : "builtin",
      guestAvailable: bool("chat.guestAvailable"),
      widgetUrl: str("chat.widgetUrl"),
    },
    tagManager: { scriptUrl: str("tagManager.scriptUrl") },
    social: {
      providers: strings("social.providers"),
      identityService:
        identityName === null
          ? null
          : { name: identityName, connections: strings("social.identityService.connections") },
      messagingApp: bot !== null && authUrl !== null ? { bot, authUrl } : null,
    },
  });
}
