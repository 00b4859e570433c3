import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { OperatorScope } from "@casino/contract/operator-access";
import { z } from "zod";
import { outboundUrlProblem } from "./lib/outbound-url";
import { AccountKeyError, parseAccountKey } from "./modules/crypto/derivation";
import {
  CHAIN_NETWORKS,
  type CryptoConfig,
  chainNetwork,
  parseNetworkList,
} from "./modules/crypto/networks";
import {
  type PublicSettingValues,
  parseBoolean,
  publicSettingDefs,
} from "./modules/settings/public-settings";

/** The repository root, so defaults do not depend on which workspace npm ran the script from. */
export const repoRoot = path.resolve(import.meta.dirname, "../../..");

export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/**
 * Every environment variable the server reads, with its default and meaning. The README's
 * table is generated from (and checked against) this list.
 */
export const configDocs: readonly ConfigDoc[] = [
  { name: "NODE_ENV", default: "development", description: "development, production or test" },
  { name: "PORT", default: "3000", description: "HTTP port" },
  {
    name: "HOST",
    default: "127.0.0.1",
    description: "Interface to listen on (0.0.0.0 in containers)",
  },
  {
    name: "PUBLIC_URL",
    default: "http://127.0.0.1:<PORT>",
    description:
      "Public origin of the site, used for absolute links and the CSP; open the site at this address (the sandboxes' framed pages and redirects come from it)",
  },
  {
    name: "DATA_DIR",
    default: "./data",
    description: "Folder for the embedded database and generated secrets (relative to the cwd)",
  },
  {
    name: "DATABASE_URL",
    default: "(unset)",
    description: "PostgreSQL URL; unset uses embedded PGlite under DATA_DIR/pglite",
  },
  {
    name: "DATABASE_PREPARED_STATEMENTS",
    default: "true",
    description:
      "Prepare each parameterised statement once per PostgreSQL connection; false behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21)",
  },
  {
    name: "REDIS_URL",
    default: "(unset)",
    description:
      "Redis URL (redis:// or rediss://) for realtime fan-out across server nodes; unset: in-process, one node",
  },
  {
    name: "COUNTRY_HEADER",
    default: "(unset)",
    description: "Trusted proxy header carrying the visitor's ISO country (e.g. cf-ipcountry)",
  },
  {
    name: "TRUST_PROXY",
    default: "false",
    description: "Trust X-Forwarded-For: true, a hop count, or comma-separated proxy IPs/CIDRs",
  },
  {
    name: "DEFAULT_COUNTRY",
    default: "(unset)",
    description: "Country assumed when neither the header nor GeoIP knows it",
  },
  { name: "CONTENT_DIR", default: "<repo>/content", description: "Site content folder" },
  {
    name: "WEB_BUILD_DIR",
    default: "<repo>/apps/web/build",
    description: "React Router build served by the server (server/index.js and client/)",
  },
  { name: "LOG_LEVEL", default: "info (silent in test)", description: "pino log level" },
  {
    name: "CSP_EXTRA_SOURCES",
    default: "(unset)",
    description:
      "Extra origins (space-separated) allowed for scripts, frames, images and connections",
  },
  {
    name: "JWT_SECRET",
    default: "(generated)",
    description: "Access-token signing key; unset generates one into DATA_DIR/secrets.json",
  },
  {
    name: "WEBHOOK_SECRET",
    default: "(generated)",
    description:
      "Sandbox provider webhook signing key; unset generates one into DATA_DIR/secrets.json",
  },
  {
    name: "SECRETS_ENCRYPTION_KEY",
    default: "(generated)",
    description:
      "Key (at least 32 characters) that seals the provider wallet keys operators issue, stored in the database; every server of one database needs the same; unset generates one into DATA_DIR/secrets.json",
  },
  {
    name: "SECRETS_ENCRYPTION_KEY_PREVIOUS",
    default: "(unset)",
    description:
      "Earlier SECRETS_ENCRYPTION_KEYs (comma-separated) while changing it: what they sealed still opens, and is sealed again under the new key within the hour",
  },
  {
    name: "GAME_PROVIDER_SECRETS",
    default: "(originals: generated)",
    description:
      "HMAC keys of the provider wallet API per game provider slug (slug=secret,...), besides the keys operators issue through the API; the in-house provider (originals) without one gets a generated key in DATA_DIR/secrets.json",
  },
  {
    name: "GAME_ROUND_TIMEOUT_HOURS",
    default: "72",
    description:
      "Rounds a studio leaves open this long are closed by the platform as they stand (a bet without a win is lost); later calls on them get 15007",
  },
  {
    name: "GAME_WALLET_BATCH",
    default: "64",
    description:
      "Provider wallet bets and wins of different players applied together, at most this many per database transaction; 1 runs every call alone",
  },
  {
    name: "GAME_WALLET_BULK_BATCH",
    default: "500",
    description:
      "Items of a provider's bulk settlement (a match ended) applied together, at most this many per database transaction",
  },
  {
    name: "GAME_WALLET_BULK_IN_FLIGHT",
    default: "2",
    description:
      "Bulk settlement batches in flight at once (1 on PGlite); a new one starts only while no casino call is waiting, so settling a match does not hold up the tables",
  },
  {
    name: "STUDIO_PLATFORM_URL",
    default: "(unset)",
    description:
      "Base URL of the platform the in-house studio calls for the provider wallet API; unset: this server, in-process",
  },
  {
    name: "SPORTSBOOK_SEED",
    default: "sandbox",
    description:
      "Seed of the sandbox sportsbook (/sportsbook, on with SANDBOX_GAMES): the same seed gives every server the same fixtures, odds paths and results",
  },
  {
    name: "SPORTSBOOK_CONSOLE_SECRET",
    default: "(unset)",
    description:
      "Secret of the sandbox sportsbook's console API (header x-sportsbook-console-secret); unset: the console answers only outside production or in the demo, and never with DEMO_PUBLIC",
  },
  {
    name: "ACCESS_TOKEN_TTL_SECONDS",
    default: "900",
    description: "Lifetime of a signed access token (JWT); the session token refreshes it",
  },
  {
    name: "SESSION_IDLE_TIMEOUT_SECONDS",
    default: "2592000",
    description:
      "A player session unused this long (no refresh, no authenticated request) ends: 30 days",
  },
  {
    name: "SESSION_MAX_AGE_SECONDS",
    default: "7776000",
    description: "A player session ends this long after its sign-in, however active: 90 days",
  },
  {
    name: "SESSION_ROTATION_GRACE_SECONDS",
    default: "10",
    description:
      "A session token replaced by a refresh still refreshes (without a new token) this long, for two tabs refreshing at once; later it ends the session",
  },
  {
    name: "PASSWORD_HASH_MEMORY_KIB",
    default: "19456",
    description: "Argon2id memory cost in KiB (production refuses less than 19456)",
  },
  {
    name: "PASSWORD_HASH_TIME_COST",
    default: "2",
    description: "Argon2id iterations (production refuses less than 2)",
  },
  {
    name: "OTP_TTL_SECONDS",
    default: "600",
    description: "Lifetime of an SMS one-time code (at most 600)",
  },
  {
    name: "OTP_RESEND_SECONDS",
    default: "60",
    description: "Wait before another one-time code may be sent to the same phone",
  },
  {
    name: "OTP_MAX_PER_HOUR",
    default: "5",
    description: "One-time codes per phone and hour; more answer code 11005",
  },
  {
    name: "RATE_LIMIT_SCALE",
    default: "1",
    description:
      "Multiplies every abuse limit (login, OTP, registration, reset); e.g. 100 for load tests",
  },
  {
    name: "RATE_LIMIT_STORE",
    default: "database with DATABASE_URL, else memory",
    description:
      "Where the abuse limits count: database (table rate_limit_points, shared by every node) or memory (this process only)",
  },
  {
    name: "LOGIN_ACCOUNT_MAX_FAILURES",
    default: "30",
    description:
      "Failed sign-ins on one account from all addresses together (per window) after which only addresses the account has signed in from before may try; others get 429",
  },
  {
    name: "LOGIN_ACCOUNT_WINDOW_SECONDS",
    default: "3600",
    description: "The window of LOGIN_ACCOUNT_MAX_FAILURES",
  },
  {
    name: "SMTP_URL",
    default: "(unset)",
    description:
      "SMTP server for e-mail (smtp://user:pass@host:587); unset keeps mail in the outbox only",
  },
  {
    name: "MAIL_FROM",
    default: "Casino <no-reply@localhost>",
    description: "Sender of account e-mails",
  },
  {
    name: "OPERATOR_MAILBOX",
    default: "support@localhost",
    description:
      "Where contact-form messages are forwarded through the mail port (the dev outbox without SMTP_URL)",
  },
  {
    name: "DEMO",
    default: "false (npm start sets true)",
    description:
      "The demo site: the sandboxes (payments, verification, OpenID, chain, games) and the dev outbox default to on even with NODE_ENV=production; a real deployment leaves it off",
  },
  {
    name: "DEMO_PUBLIC",
    default: "false",
    description:
      "Let the demo (DEMO) listen on a HOST other than a loopback address: its sandboxes approve their own payments, its dev outbox shows sign-in codes and it has a root operator key, so it refuses to start on a public interface unless this is set on purpose",
  },
  {
    name: "DEV_OUTBOX",
    default: "true (false in production unless DEMO)",
    description: "Serve /dev/outbox, the page listing sent e-mails and SMS (never in public)",
  },
  {
    name: "SANDBOX_PAYMENTS",
    default: "true (false in production unless DEMO)",
    description:
      "Run the sandbox payment processor (hosted page at /sandbox/payments, signed webhooks)",
  },
  {
    name: "SANDBOX_GAMES",
    default: "true (false in production unless DEMO)",
    description:
      "Run the sandbox game studio at /sandbox/games (the game client of the seeded sandbox-slots and sandbox-live providers, over the signed provider wallet API); their wallet keys, unless GAME_PROVIDER_SECRETS sets them, derive from the in-house provider's",
  },
  {
    name: "WITHDRAWAL_APPROVAL_ABOVE",
    default: "(unset)",
    description:
      "Withdrawals worth more than this in the base currency wait for an operator's approval; 0 = every withdrawal, unset = none",
  },
  {
    name: "VERIFICATION_REQUIRED_ABOVE",
    default: "(unset)",
    description:
      "Withdrawals worth more than this in the base currency need a verified identity (422, code 13120); 0 = every withdrawal, unset = none",
  },
  {
    name: "SANDBOX_VERIFICATION",
    default: "true (false in production unless DEMO)",
    description:
      "Run the sandbox identity-verification provider (hosted page at /sandbox/verification, signed webhooks) under the name sandbox",
  },
  {
    name: "DOCUMENTS_MAX_BYTES",
    default: "10485760",
    description:
      "Largest player document upload in bytes (JPEG, PNG, PDF; stored under DATA_DIR/uploads)",
  },
  {
    name: "CHAT_STAFF_ONLINE_SECONDS",
    default: "60",
    description:
      "Live chat: a support staff member counts as online this long after the desk's last heartbeat (it sends one every 20 s); with nobody online the chat offers e-mail",
  },
  {
    name: "CHAT_PLAYER_AWAY_SECONDS",
    default: "120",
    description:
      "Live chat: a player with no activity in their conversation for this long is away, and a staff reply also goes to them as a site notification and an e-mail",
  },
  {
    name: "CHAT_APPEND_BATCH",
    default: "64",
    description:
      "Live chat: messages of different conversations written together, at most this many per database transaction (each keeps its own answer); 1 writes every message alone",
  },
  {
    name: "OPERATOR_API_TOKEN",
    default: "(unset; DEMO: generated)",
    description:
      "Root bearer key of the operator API and the back office (/api/operator/..., /backoffice; see Operator API and Back office); unset turns both off, except in the demo (DEMO), which generates one into DATA_DIR/secrets.json (demoOperatorToken) so the back office works out of the box",
  },
  {
    name: "OPERATOR_SECOND_FACTOR_SCOPES",
    default: "payments,access,promotions,games",
    description:
      "Operator users holding any of these scopes must set up two-step sign-in (TOTP) before their first session works; comma-separated scopes, or none (see Back office). The default is every scope that moves money: payments, access (keys), promotions (bonus money) and games (wallet keys)",
  },
  {
    name: "OPERATOR_GRANT_APPROVAL_ABOVE",
    default: "(unset)",
    description:
      "An operator's bonus grant to a player worth more than this in the base currency (converted at the site's rates) waits for a second operator's approval; 0 = every money grant, unset = none",
  },
  {
    name: "OUTBOUND_HTTPS_ONLY",
    default: "true in production, else false",
    description:
      "The URLs the server calls that an operator or a provider sets (free-spins URLs, OIDC_ISSUER and its endpoints) must be https (launch URLs too, which players' browsers open)",
  },
  {
    name: "OUTBOUND_PRIVATE_ADDRESSES",
    default: "false in production, else true",
    description:
      "Let those URLs point at private, loopback, link-local or metadata addresses (checked after DNS resolution, at every connection); the site's own PUBLIC_URL and paths are always reached in-process",
  },
  {
    name: "RETURN_URL_ORIGINS",
    default: "(unset)",
    description:
      "Origins (space- or comma-separated) besides PUBLIC_URL's that the return addresses a client sends (a deposit's redirectSuccessUrl, redirectErrorUrl, redirectUrl) may point at",
  },
  {
    name: "API_DOCS",
    default: "true (false in production unless DEMO)",
    description: "Serve the OpenAPI description and its viewer at /api/docs",
  },
  {
    name: "BACKGROUND_JOBS",
    default: "true (false in test)",
    description:
      "Run the background jobs in this process (payment recovery, sandbox webhook redelivery)",
  },
  {
    name: "SANDBOX_OIDC",
    default: "true (false in production unless DEMO)",
    description:
      "Run the sandbox OpenID provider at /sandbox/oidc; without OIDC_ISSUER it is the identity service (name and connection sandbox unless SOCIAL_IDENTITY_SERVICE is set)",
  },
  {
    name: "OIDC_ISSUER",
    default: "(unset)",
    description: "Issuer URL of the OpenID Connect identity service (unset: the sandbox)",
  },
  { name: "OIDC_CLIENT_ID", default: "(unset)", description: "OpenID Connect client id" },
  {
    name: "OIDC_CLIENT_SECRET",
    default: "(unset)",
    description: "OpenID Connect client secret",
  },
  {
    name: "TELEGRAM_BOT_TOKEN",
    default: "(unset)",
    description: "Messaging-app (Telegram) bot token that signs the login widget data",
  },
  {
    name: "SANDBOX_CHAIN",
    default: "true (false in production unless DEMO)",
    description:
      "Run the sandbox chain (dev page /sandbox/chain, npm run chain:send); crypto deposit addresses are offered only while a chain is watched",
  },
  {
    name: "CRYPTO_XPUBS",
    default: "(test keys on the sandbox chain)",
    description:
      "Account-level extended PUBLIC keys per network (bitcoin=zpub…,erc20=xpub…,xrp=xpub…); unset networks use the public test mnemonic's keys, and only on the sandbox chain",
  },
  {
    name: "CRYPTO_CONFIRMATIONS",
    default: "bitcoin=2,erc20=3,xrp=1",
    description: "Confirmations before an on-chain deposit is credited, per network",
  },
  {
    name: "CRYPTO_BITCOIN_NETWORK",
    default: "mainnet",
    description: "Bitcoin addresses for mainnet (bc1…), testnet (tb1…) or regtest (bcrt1…)",
  },
  ...publicSettingDefs.map((def) => ({
    name: def.env,
    default: def.default === null ? "(unset)" : String(def.default) || "(empty)",
    description: `${def.description} (overrides site_settings "${def.key}")`,
  })),
];

/** The environment table for the README, generated so it cannot drift from the code. */
export function configDocsMarkdown(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = configDocs.map(
    (doc) => `| \`${doc.name}\` | ${cell(doc.default)} | ${cell(doc.description)} |`,
  );
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const TrustProxy = optional.transform((value, ctx): boolean | number | string => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  try {
    return parseBoolean(value);
  } catch {
    if (/^[0-9a-fA-F.:/,\s]+$/.test(value)) return value;
    ctx.addIssue({ code: "custom", message: "expected true, false, a hop count or IP list" });
    return z.NEVER;
  }
});

const optionalBoolean = optional.transform((value, ctx): boolean | undefined => {
  if (value === undefined) return undefined;
  try {
    return parseBoolean(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "expected true or false" });
    return z.NEVER;
  }
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  DATABASE_PREPARED_STATEMENTS: optionalBoolean,
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  COUNTRY_HEADER: optional.pipe(
    z
      .string()
      .regex(/^[a-zA-Z0-9-]+$/, "must be a header name")
      .transform((value) => value.toLowerCase())
      .optional(),
  ),
  TRUST_PROXY: TrustProxy,
  DEFAULT_COUNTRY: optional.pipe(
    z
      .string()
      .regex(/^[a-zA-Z]{2}$/, "must be a two-letter country code")
      .transform((value) => value.toUpperCase())
      .optional(),
  ),
  CONTENT_DIR: optional,
  WEB_BUILD_DIR: optional,
  LOG_LEVEL: optional.pipe(
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  ),
  CSP_EXTRA_SOURCES: optional,
  JWT_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  WEBHOOK_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SECRETS_ENCRYPTION_KEY: optional.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  GAME_PROVIDER_SECRETS: optional,
  STUDIO_PLATFORM_URL: optional.pipe(z.url().optional()),
  SPORTSBOOK_SEED: optional.pipe(z.string().max(100).optional()),
  SPORTSBOOK_CONSOLE_SECRET: optional.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  GAME_ROUND_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  GAME_WALLET_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
  GAME_WALLET_BULK_BATCH: z.coerce.number().int().min(1).max(1000).default(500),
  GAME_WALLET_BULK_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(315_360_000).default(2_592_000),
  SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(315_360_000).default(7_776_000),
  SESSION_ROTATION_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(10),
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(19_456),
  PASSWORD_HASH_TIME_COST: z.coerce.number().int().min(1).max(100).default(2),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).max(600).default(600),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  OTP_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  RATE_LIMIT_STORE: z.enum(["memory", "database"]).optional(),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(30),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400 * 7)
    .default(3600),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optional,
  OPERATOR_MAILBOX: optional.pipe(z.email("must be an e-mail address").optional()),
  DEV_OUTBOX: optionalBoolean,
  DEMO: optionalBoolean,
  DEMO_PUBLIC: optionalBoolean,
  OUTBOUND_HTTPS_ONLY: optionalBoolean,
  OUTBOUND_PRIVATE_ADDRESSES: optionalBoolean,
  RETURN_URL_ORIGINS: optional,
  API_DOCS: optionalBoolean,
  SANDBOX_PAYMENTS: optionalBoolean,
  SANDBOX_GAMES: optionalBoolean,
  WITHDRAWAL_APPROVAL_ABOVE: optional.pipe(
    z
      .string()
      .regex(/^\d{1,15}(\.\d{1,8})?$/, "must be an amount like 1000 or 250.50")
      .optional(),
  ),
  VERIFICATION_REQUIRED_ABOVE: optional.pipe(
    z
      .string()
      .regex(/^\d{1,15}(\.\d{1,8})?$/, "must be an amount like 1000 or 250.50")
      .optional(),
  ),
  SANDBOX_VERIFICATION: optionalBoolean,
  DOCUMENTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  CHAT_STAFF_ONLINE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  CHAT_PLAYER_AWAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  CHAT_APPEND_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
  OPERATOR_API_TOKEN: optional.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  OPERATOR_SECOND_FACTOR_SCOPES: optional
    .transform((value) => {
      if (value === undefined) return undefined;
      if (value === "none") return [];
      return value
        .split(",")
        .map((scope) => scope.trim())
        .filter((scope) => scope !== "");
    })
    .pipe(z.array(OperatorScope).optional()),
  OPERATOR_GRANT_APPROVAL_ABOVE: optional.pipe(
    z
      .string()
      .regex(/^\d{1,15}(\.\d{1,8})?$/, "must be an amount like 1000 or 250.50")
      .optional(),
  ),
  BACKGROUND_JOBS: optionalBoolean,
  SANDBOX_OIDC: optionalBoolean,
  OIDC_ISSUER: optional.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  TELEGRAM_BOT_TOKEN: optional,
  SANDBOX_CHAIN: optionalBoolean,
  CRYPTO_XPUBS: optional,
  CRYPTO_CONFIRMATIONS: optional,
  CRYPTO_BITCOIN_NETWORK: z.enum(["mainnet", "testnet", "regtest"]).default("mainnet"),
});

/** Argon2id floor (OWASP): production refuses weaker settings; tests may go lower for speed. */
export const PASSWORD_HASH_MINIMUM = Object.freeze({ memoryKiB: 19_456, timeCost: 2 });

export interface Secrets {
  jwtSecret: string;
  webhookSecret: string;
  /** HMAC key of the in-house game provider's wallet calls (GAME_PROVIDER_SECRETS "originals"). */
  gameSandboxSecret: string;
  /** Seals secrets the database keeps: provider wallet keys (SECRETS_ENCRYPTION_KEY). */
  encryptionKey: string;
  /** The demo's operator root key when OPERATOR_API_TOKEN is unset (DEMO only). */
  demoOperatorToken: string;
}

const SECRET_NAMES = [
  "jwtSecret",
  "webhookSecret",
  "gameSandboxSecret",
  "encryptionKey",
  "demoOperatorToken",
] as const;

/** The in-house game provider, whose wallet key is generated when not configured. */
export const IN_HOUSE_GAME_PROVIDER = "originals";

/** The seeded outside studios whose game client is the sandbox game studio (/sandbox/games). */
export const SANDBOX_GAME_PROVIDERS = ["sandbox-slots", "sandbox-live"] as const;
/** The sandbox sportsbook's provider (modules/sportsbook), on with SANDBOX_GAMES. */
export const SANDBOX_SPORTSBOOK_PROVIDER = "sandbox-sportsbook";

export interface Config {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  databasePreparedStatements: boolean;
  redisUrl: string | null;
  countryHeader: string | null;
  trustProxy: boolean | number | string;
  defaultCountry: string | null;
  contentDir: string;
  webBuildDir: string;
  logLevel: string;
  cspExtraSources: string[];
  auth: AuthConfig;
  mail: {
    smtpUrl: string | null;
    from: string;
    /** Recipient of contact-form messages (modules/notification). */
    operatorMailbox: string;
  };
  devOutbox: boolean;
  /** The in-process sandbox payment processor. */
  sandboxPayments: boolean;
  /** The sandbox game studio (/sandbox/games) for the providers in SANDBOX_GAME_PROVIDERS. */
  sandboxGames: boolean;
  /** DEMO: the demo site (npm start), sandboxes and the dev outbox on by default. */
  demo: boolean;
  /** DEMO_PUBLIC: the demo may listen on a non-loopback HOST (main.ts). */
  demoPublic: boolean;
  /** URLs the server calls that operators or providers set (lib/outbound-url.ts). */
  outbound: { httpsOnly: boolean; allowPrivate: boolean };
  /** Origins besides PUBLIC_URL's that client-sent return addresses may name (lib/return-url.ts). */
  returnUrlOrigins: string[];
  /** Serve /api/docs (the OpenAPI description and viewer). */
  apiDocs: boolean;
  payments: {
    /** Base-currency amount (major units) above which a withdrawal waits for approval; null: never. */
    withdrawalApprovalAbove: string | null;
  };
  /** Identity verification (modules/player/verification). */
  verification: {
    /** The in-process sandbox provider, named "sandbox". */
    sandbox: boolean;
    /** Base-currency amount (major units) above which a withdrawal needs a verified player; null: never. */
    requiredAbove: string | null;
  };
  /** Player documents (modules/player/documents): size limit and the local storage folder. */
  documents: { maxBytes: number; uploadsDir: string };
  /** The live chat (modules/chat): staff presence window and when a player counts as away. */
  chat: { staffOnlineSeconds: number; playerAwaySeconds: number; appendBatch: number };
  /** Bearer token of the operator API; null turns it off. */
  operatorApiToken: string | null;
  /** Operator users with any of these scopes must have a second factor to get a working session. */
  operatorSecondFactorScopes: readonly OperatorScope[];
  /**
   * Operator bonus grants worth more than this (base currency, major units) wait for a second
   * operator; null: none do.
   */
  operatorGrantApprovalAbove: string | null;
  /** Run background jobs (payment recovery, sandbox redelivery) in this process. */
  backgroundJobs: boolean;
  social: SocialConfig;
  /** Crypto deposit addresses and the chain watcher (modules/crypto, docs/crypto-deposits.md). */
  crypto: CryptoConfig;
  /** Public settings set per deployment; they win over the site_settings rows. */
  publicSettingOverrides: PublicSettingValues;
  secrets: Secrets;
  /** Earlier SECRETS_ENCRYPTION_KEYs: what they sealed still opens (sealed again by a job). */
  previousEncryptionKeys: string[];
  /** HMAC keys of the provider wallet API by provider slug (the in-house one always has one). */
  gameProviderSecrets: Record<string, string>;
  /** The in-house studio (modules/studio): the platform it calls; null: this app in-process. */
  studio: { platformUrl: string | null };
  /** The sandbox sportsbook (modules/sportsbook): its seed and console secret. */
  sportsbook: { seed: string; consoleSecret: string | null };
  /** Open rounds older than this are closed by the round-timeout job. */
  gameRoundTimeoutHours: number;
  /** Provider wallet bets and wins per batch transaction at most (1: each alone). */
  gameWalletBatch: number;
  /** Items of a bulk settlement per batch transaction at most. */
  gameWalletBulkBatch: number;
  /** Bulk settlement batches in flight at once (they yield to the casino's calls). */
  gameWalletBulkInFlight: number;
}

export interface AuthConfig {
  accessTokenTtlSeconds: number;
  /** A session unused this long ends (no refresh, no authenticated request). */
  sessionIdleSeconds: number;
  /** A session ends this long after its sign-in, however active. */
  sessionMaxAgeSeconds: number;
  /** How long a rotated-out session token still refreshes (two tabs at once). */
  sessionRotationGraceSeconds: number;
  passwordHash: { memoryKiB: number; timeCost: number; parallelism: 1 };
  otpTtlSeconds: number;
  otpResendSeconds: number;
  otpMaxPerHour: number;
  /** Multiplier on every abuse limit's allowance. */
  rateLimitScale: number;
  /** Where the abuse limits count: the database (every node) or this process's memory. */
  rateLimitStore: "memory" | "database";
  /** Failed sign-ins on one account from every address, per window (RATE_LIMITS.loginAccount). */
  loginAccountLimit: { points: number; seconds: number };
}

/** Social login settings; parsed here, used by modules/player/social. */
export interface SocialConfig {
  sandboxOidc: boolean;
  oidcIssuer: string | null;
  oidcClientId: string | null;
  oidcClientSecret: string | null;
  telegramBotToken: string | null;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join("\n  ")}`);
    this.name = "ConfigError";
  }
}

export interface LoadConfigOptions {
  /** Where secrets.json may be written; false keeps generated secrets in memory only (tests). */
  persistSecrets?: boolean;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  options: LoadConfigOptions = {},
): Config {
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join(".")}: ${issue.message}`);
    }
  }

  const overrides: PublicSettingValues = {};
  for (const def of publicSettingDefs) {
    const raw = env[def.env];
    if (raw === undefined) continue;
    try {
      overrides[def.key] = def.fromEnv(raw);
    } catch (error) {
      const message =
        error instanceof z.ZodError
          ? error.issues.map((issue) => issue.message).join("; ")
          : (error as Error).message;
      problems.push(`${def.env}: ${message}`);
    }
  }

  if (parsed.success && parsed.data.NODE_ENV === "production") {
    const e = parsed.data;
    if (e.PASSWORD_HASH_MEMORY_KIB < PASSWORD_HASH_MINIMUM.memoryKiB) {
      problems.push(
        `PASSWORD_HASH_MEMORY_KIB: at least ${PASSWORD_HASH_MINIMUM.memoryKiB} in production`,
      );
    }
    if (e.PASSWORD_HASH_TIME_COST < PASSWORD_HASH_MINIMUM.timeCost) {
      problems.push(
        `PASSWORD_HASH_TIME_COST: at least ${PASSWORD_HASH_MINIMUM.timeCost} in production`,
      );
    }
  }
  const crypto = parsed.success ? cryptoConfig(parsed.data, problems) : null;
  const previousEncryptionKeys = (env.SECRETS_ENCRYPTION_KEY_PREVIOUS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key !== "");
  if (previousEncryptionKeys.some((key) => key.length < 32)) {
    problems.push("SECRETS_ENCRYPTION_KEY_PREVIOUS: each key needs at least 32 characters");
  }
  const gameSecrets = parseGameProviderSecrets(
    parsed.success ? parsed.data.GAME_PROVIDER_SECRETS : undefined,
    problems,
  );
  if (!parsed.success || !crypto || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = resolveSecrets(
    dataDir,
    {
      jwtSecret: e.JWT_SECRET,
      webhookSecret: e.WEBHOOK_SECRET,
      gameSandboxSecret: gameSecrets[IN_HOUSE_GAME_PROVIDER],
      encryptionKey: e.SECRETS_ENCRYPTION_KEY,
      demoOperatorToken: undefined,
    },
    options.persistSecrets ?? true,
  );
  const cspExtraSources = (e.CSP_EXTRA_SOURCES ?? "").split(/\s+/).filter(Boolean);
  const returnUrlOrigins = returnOrigins(e.RETURN_URL_ORIGINS, problems);
  const outbound = {
    httpsOnly: e.OUTBOUND_HTTPS_ONLY ?? e.NODE_ENV === "production",
    allowPrivate: e.OUTBOUND_PRIVATE_ADDRESSES ?? e.NODE_ENV !== "production",
  };
  const issuerProblem =
    e.OIDC_ISSUER === undefined
      ? null
      : outboundUrlProblem(e.OIDC_ISSUER, { ...outbound, publicUrl: "" });
  if (issuerProblem !== null) problems.push(`OIDC_ISSUER: ${issuerProblem}`);
  if (problems.length > 0) throw new ConfigError(problems);
  // Sandboxes and the dev outbox: on in development, tests and the demo (DEMO, npm start).
  const sandboxDefault = e.NODE_ENV !== "production" || (e.DEMO ?? false);
  const sandboxGames = e.SANDBOX_GAMES ?? sandboxDefault;
  const publicUrl = (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, "");
  // With the sandboxes on, /betting shows the sandbox sportsbook unless BETTING_CLIENT_HOST or
  // BETTING_CLIENT_ID say otherwise (an empty value turns /betting off); docs/sportsbook.md.
  if (sandboxGames) {
    if (!("betting.clientHost" in overrides)) {
      overrides["betting.clientHost"] = `${publicUrl}/sportsbook`;
    }
    if (!("betting.clientId" in overrides)) overrides["betting.clientId"] = "sandbox";
  }

  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS ?? true,
    redisUrl: e.REDIS_URL ?? null,
    countryHeader: e.COUNTRY_HEADER ?? null,
    trustProxy: e.TRUST_PROXY,
    defaultCountry: e.DEFAULT_COUNTRY ?? null,
    contentDir: path.resolve(e.CONTENT_DIR ?? path.join(repoRoot, "content")),
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(repoRoot, "apps/web/build")),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    cspExtraSources,
    auth: {
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      sessionIdleSeconds: e.SESSION_IDLE_TIMEOUT_SECONDS,
      sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
      sessionRotationGraceSeconds: e.SESSION_ROTATION_GRACE_SECONDS,
      passwordHash: {
        memoryKiB: e.PASSWORD_HASH_MEMORY_KIB,
        timeCost: e.PASSWORD_HASH_TIME_COST,
        parallelism: 1,
      },
      otpTtlSeconds: e.OTP_TTL_SECONDS,
      otpResendSeconds: e.OTP_RESEND_SECONDS,
      otpMaxPerHour: e.OTP_MAX_PER_HOUR,
      rateLimitScale: e.RATE_LIMIT_SCALE,
      rateLimitStore: e.RATE_LIMIT_STORE ?? (e.DATABASE_URL ? "database" : "memory"),
      loginAccountLimit: {
        points: e.LOGIN_ACCOUNT_MAX_FAILURES,
        seconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
      },
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? "Casino <no-reply@localhost>",
      operatorMailbox: e.OPERATOR_MAILBOX ?? "support@localhost",
    },
    devOutbox: e.DEV_OUTBOX ?? sandboxDefault,
    sandboxPayments: e.SANDBOX_PAYMENTS ?? sandboxDefault,
    sandboxGames,
    demo: e.DEMO ?? false,
    demoPublic: e.DEMO_PUBLIC ?? false,
    outbound,
    returnUrlOrigins,
    apiDocs: e.API_DOCS ?? sandboxDefault,
    payments: { withdrawalApprovalAbove: e.WITHDRAWAL_APPROVAL_ABOVE ?? null },
    verification: {
      sandbox: e.SANDBOX_VERIFICATION ?? sandboxDefault,
      requiredAbove: e.VERIFICATION_REQUIRED_ABOVE ?? null,
    },
    documents: { maxBytes: e.DOCUMENTS_MAX_BYTES, uploadsDir: path.join(dataDir, "uploads") },
    chat: {
      staffOnlineSeconds: e.CHAT_STAFF_ONLINE_SECONDS,
      playerAwaySeconds: e.CHAT_PLAYER_AWAY_SECONDS,
      appendBatch: e.CHAT_APPEND_BATCH,
    },
    // The demo has the operator API (and the back office) on out of the box.
    operatorApiToken: e.OPERATOR_API_TOKEN ?? (e.DEMO ? secrets.demoOperatorToken : null),
    operatorSecondFactorScopes: e.OPERATOR_SECOND_FACTOR_SCOPES ?? [
      "payments",
      "access",
      "promotions",
      "games",
    ],
    operatorGrantApprovalAbove: e.OPERATOR_GRANT_APPROVAL_ABOVE ?? null,
    backgroundJobs: e.BACKGROUND_JOBS ?? e.NODE_ENV !== "test",
    social: {
      sandboxOidc: e.SANDBOX_OIDC ?? sandboxDefault,
      oidcIssuer: e.OIDC_ISSUER ?? null,
      oidcClientId: e.OIDC_CLIENT_ID ?? null,
      oidcClientSecret: e.OIDC_CLIENT_SECRET ?? null,
      telegramBotToken: e.TELEGRAM_BOT_TOKEN ?? null,
    },
    crypto,
    publicSettingOverrides: overrides,
    secrets,
    previousEncryptionKeys,
    gameProviderSecrets: {
      // The sandbox studios' keys, derived from the in-house one unless set.
      ...(sandboxGames
        ? Object.fromEntries(
            SANDBOX_GAME_PROVIDERS.map((slug) => [
              slug,
              createHmac("sha256", secrets.gameSandboxSecret)
                .update(`sandbox-game-provider:${slug}`)
                .digest("base64url"),
            ]),
          )
        : {}),
      ...(sandboxGames
        ? {
            [SANDBOX_SPORTSBOOK_PROVIDER]: createHmac("sha256", secrets.gameSandboxSecret)
              .update(`sandbox-game-provider:${SANDBOX_SPORTSBOOK_PROVIDER}`)
              .digest("base64url"),
          }
        : {}),
      ...gameSecrets,
      [IN_HOUSE_GAME_PROVIDER]: gameSecrets[IN_HOUSE_GAME_PROVIDER] ?? secrets.gameSandboxSecret,
    },
    studio: { platformUrl: e.STUDIO_PLATFORM_URL?.replace(/\/$/, "") ?? null },
    sportsbook: {
      seed: e.SPORTSBOOK_SEED ?? "sandbox",
      consoleSecret: e.SPORTSBOOK_CONSOLE_SECRET ?? null,
    },
    gameRoundTimeoutHours: e.GAME_ROUND_TIMEOUT_HOURS,
    gameWalletBatch: e.GAME_WALLET_BATCH,
    gameWalletBulkBatch: e.GAME_WALLET_BULK_BATCH,
    gameWalletBulkInFlight: e.GAME_WALLET_BULK_IN_FLIGHT,
  };
}

/** RETURN_URL_ORIGINS: http(s) origins, space- or comma-separated (a path or more is a problem). */
function returnOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? "").split(/[\s,]+/).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, "")) {
      problems.push(`RETURN_URL_ORIGINS: ${item} is not an origin like https://pay.example.com`);
    } else {
      origins.push(url.origin);
    }
  }
  return origins;
}

/** GAME_PROVIDER_SECRETS: "slug=secret,slug=secret"; each secret at least 32 characters. */
function parseGameProviderSecrets(
  raw: string | undefined,
  problems: string[],
): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const item of (raw ?? "").split(",").filter((part) => part.trim() !== "")) {
    const at = item.indexOf("=");
    const slug = item.slice(0, Math.max(0, at)).trim();
    const secret = item.slice(at + 1).trim();
    if (at <= 0 || !/^[a-z0-9-]+$/.test(slug)) {
      problems.push("GAME_PROVIDER_SECRETS: each item is slug=secret with a provider slug");
    } else if (secret.length < 32) {
      problems.push(`GAME_PROVIDER_SECRETS: ${slug}: the secret needs at least 32 characters`);
    } else {
      secrets[slug] = secret;
    }
  }
  return secrets;
}

/**
 * The crypto settings: keys are checked here (public, account level, a known network) so a bad
 * one stops the start with its reason. The public test keys are used only with the sandbox chain:
 * with a real chain, anyone holding the test mnemonic could spend the deposits.
 */
function cryptoConfig(e: z.infer<typeof EnvSchema>, problems: string[]): CryptoConfig {
  const sandboxChain = e.SANDBOX_CHAIN ?? (e.NODE_ENV !== "production" || (e.DEMO ?? false));
  const known = CHAIN_NETWORKS.map((network) => network.id).join(", ");
  const xpubs = parseNetworkList("CRYPTO_XPUBS", e.CRYPTO_XPUBS, problems);
  for (const [id, key] of Object.entries(xpubs)) {
    const network = chainNetwork(id);
    if (!network) {
      problems.push(`CRYPTO_XPUBS: unknown network ${id} (known: ${known})`);
      continue;
    }
    try {
      parseAccountKey(key);
    } catch (error) {
      if (!(error instanceof AccountKeyError)) throw error;
      problems.push(`CRYPTO_XPUBS: ${id}: ${error.message}`);
      continue;
    }
    if (!sandboxChain && key === network.devKey) {
      problems.push(
        `CRYPTO_XPUBS: ${id} is the public test mnemonic's key; anyone could spend its deposits`,
      );
    }
  }
  const confirmations: Record<string, number> = {};
  for (const [id, value] of Object.entries(
    parseNetworkList("CRYPTO_CONFIRMATIONS", e.CRYPTO_CONFIRMATIONS, problems),
  )) {
    if (!chainNetwork(id)) {
      problems.push(`CRYPTO_CONFIRMATIONS: unknown network ${id} (known: ${known})`);
    } else if (!/^\d{1,4}$/.test(value) || Number(value) < 1) {
      problems.push(`CRYPTO_CONFIRMATIONS: ${id} needs a whole number from 1 to 9999`);
    } else {
      confirmations[id] = Number(value);
    }
  }
  return { sandboxChain, xpubs, confirmations, bitcoinNetwork: e.CRYPTO_BITCOIN_NETWORK };
}

/**
 * Secrets come from the environment; a missing one is generated once and kept in
 * DATA_DIR/secrets.json (0600) so restarts keep issued tokens valid. Nothing secret is committed.
 */
function resolveSecrets(
  dataDir: string,
  fromEnv: { [name in keyof Secrets]: string | undefined },
  persist: boolean,
): Secrets {
  const generate = () => randomBytes(32).toString("base64url");
  let stored: Partial<Secrets> = {};
  if (persist && SECRET_NAMES.some((name) => !fromEnv[name])) {
    try {
      stored = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        throw new ConfigError([
          `${path.join(dataDir, "secrets.json")}: ${(error as Error).message}`,
        ]);
      }
    }
  }
  const secrets = Object.fromEntries(
    SECRET_NAMES.map((name) => [name, fromEnv[name] ?? stored[name] ?? generate()]),
  ) as unknown as Secrets;
  const generated = SECRET_NAMES.filter((name) => !fromEnv[name] && !stored[name]);
  if (persist && generated.length > 0) {
    mkdirSync(dataDir, { recursive: true });
    // Only generated secrets are written; ones from the environment never touch the disk.
    const toStore: Partial<Secrets> = { ...stored };
    for (const name of generated) toStore[name] = secrets[name];
    const file = path.join(dataDir, "secrets.json");
    writeFileSync(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}
