import { mkdtemp, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, configDocs, configDocsMarkdown, loadConfig, repoRoot } from "./config";
import { publicSettingDefs } from "./modules/settings/public-settings";

const secrets = { JWT_SECRET: "j".repeat(32), WEBHOOK_SECRET: "w".repeat(32) };

describe("config", () => {
  it("has development defaults", () => {
    const config = loadConfig({ ...secrets });
    expect(config).toMatchObject({
      nodeEnv: "development",
      port: 3000,
      host: "127.0.0.1",
      publicUrl: "http://127.0.0.1:3000",
      dataDir: path.resolve("data"),
      databaseUrl: null,
      redisUrl: null,
      countryHeader: null,
      trustProxy: false,
      defaultCountry: null,
      contentDir: path.join(repoRoot, "content"),
      logLevel: "info",
      publicSettingOverrides: {},
    });
  });

  it("reads and normalises the environment", () => {
    const config = loadConfig({
      ...secrets,
      NODE_ENV: "production",
      PORT: "8080",
      DATABASE_URL: "postgres://u@db/casino",
      COUNTRY_HEADER: "CF-IPCountry",
      DEFAULT_COUNTRY: "de",
      TRUST_PROXY: "2",
      LOYALTY_ENABLED: "no",
      SOCIAL_PROVIDERS: "google,,facebook ",
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      publicUrl: "http://127.0.0.1:8080",
      databaseUrl: "postgres://u@db/casino",
      countryHeader: "cf-ipcountry",
      defaultCountry: "DE",
      trustProxy: 2,
      publicSettingOverrides: {
        "loyalty.enabled": false,
        "social.providers": ["google", "facebook"],
      },
    });
    expect(loadConfig({ ...secrets, TRUST_PROXY: "10.0.0.0/8, 127.0.0.1" }).trustProxy).toBe(
      "10.0.0.0/8, 127.0.0.1",
    );
  });

  it("production turns the sandboxes and the dev outbox off unless DEMO (npm start) turns them on", () => {
    const sandboxes = (config: ReturnType<typeof loadConfig>) => [
      config.devOutbox,
      config.sandboxPayments,
      config.sandboxGames,
      config.verification.sandbox,
      config.social.sandboxOidc,
      config.crypto.sandboxChain,
    ];
    const production = { ...secrets, NODE_ENV: "production", PASSWORD_HASH_MEMORY_KIB: "19456" };
    expect(sandboxes(loadConfig(production, { persistSecrets: false }))).toEqual(
      Array(6).fill(false),
    );
    expect(
      sandboxes(loadConfig({ ...production, DEMO: "true" }, { persistSecrets: false })),
    ).toEqual(Array(6).fill(true));
    // Each can still be set alone.
    expect(
      loadConfig({ ...production, DEMO: "true", SANDBOX_GAMES: "false" }, { persistSecrets: false })
        .sandboxGames,
    ).toBe(false);
    expect(sandboxes(loadConfig({ ...secrets }, { persistSecrets: false }))).toEqual(
      Array(6).fill(true),
    );
  });

  it("the sandbox studios' wallet keys derive from the in-house one unless GAME_PROVIDER_SECRETS sets them", () => {
    const base = { ...secrets, GAME_PROVIDER_SECRETS: `originals=${"o".repeat(32)}` };
    const keys = loadConfig(base, { persistSecrets: false }).gameProviderSecrets;
    expect(keys["sandbox-slots"]).toMatch(/^[\w-]{43}$/);
    expect(keys["sandbox-sportsbook"]).toMatch(/^[\w-]{43}$/);
    expect(new Set(Object.values(keys)).size).toBe(4);
    // Stable: the same in-house key gives the same keys.
    expect(loadConfig(base, { persistSecrets: false }).gameProviderSecrets).toEqual(keys);
    const set = loadConfig(
      {
        ...base,
        GAME_PROVIDER_SECRETS: `${base.GAME_PROVIDER_SECRETS},sandbox-slots=${"s".repeat(32)}`,
      },
      { persistSecrets: false },
    ).gameProviderSecrets;
    expect(set["sandbox-slots"]).toBe("s".repeat(32));
    const off = loadConfig({ ...base, SANDBOX_GAMES: "false" }, { persistSecrets: false });
    expect(Object.keys(off.gameProviderSecrets)).toEqual(["originals"]);
  });

  it("refuses bad values at start, naming each variable", () => {
    try {
      loadConfig({
        ...secrets,
        PORT: "eighty",
        DEFAULT_COUNTRY: "Germany",
        SIGN_IN_TABS: "sms",
        LOYALTY_ENABLED: "perhaps",
        AFFILIATE_TAG_EXPIRATION_DAYS: "0",
        DATABASE_URL: "mysql://x",
        JWT_SECRET: "short",
        SECRETS_ENCRYPTION_KEY: "short",
        SECRETS_ENCRYPTION_KEY_PREVIOUS: `${"k".repeat(40)},short`,
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).problems.join("\n");
      for (const name of [
        "PORT",
        "DEFAULT_COUNTRY",
        "SIGN_IN_TABS",
        "LOYALTY_ENABLED",
        "AFFILIATE_TAG_EXPIRATION_DAYS",
        "DATABASE_URL",
        "JWT_SECRET",
        "SECRETS_ENCRYPTION_KEY",
        "SECRETS_ENCRYPTION_KEY_PREVIOUS",
      ]) {
        expect(text).toContain(name);
      }
    }
  });

  it("the operator API is off without OPERATOR_API_TOKEN, except in the demo, which generates its key", () => {
    const options = { persistSecrets: false };
    expect(loadConfig({ ...secrets }, options).operatorApiToken).toBeNull();
    const demo = loadConfig({ ...secrets, DEMO: "true" }, options);
    expect(demo.operatorApiToken).toBe(demo.secrets.demoOperatorToken);
    expect(demo.operatorApiToken?.length).toBeGreaterThanOrEqual(43);
    const chosen = loadConfig(
      { ...secrets, DEMO: "true", OPERATOR_API_TOKEN: "t".repeat(32) },
      options,
    );
    expect(chosen.operatorApiToken).toBe("t".repeat(32));
  });

  it("operator users with payments, access, promotions or games need a second factor unless OPERATOR_SECOND_FACTOR_SCOPES says otherwise", () => {
    const options = { persistSecrets: false };
    const scopesOf = (value?: string) =>
      loadConfig(
        { ...secrets, ...(value === undefined ? {} : { OPERATOR_SECOND_FACTOR_SCOPES: value }) },
        options,
      ).operatorSecondFactorScopes;
    expect(scopesOf()).toEqual(["payments", "access", "promotions", "games"]);
    expect(scopesOf("none")).toEqual([]);
    expect(scopesOf(" players , content ")).toEqual(["players", "content"]);
    expect(() => scopesOf("payments,everything")).toThrow(/OPERATOR_SECOND_FACTOR_SCOPES/);
  });

  it("generates missing secrets once into DATA_DIR/secrets.json with mode 0600", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "casino-config-"));
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, "secrets.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.jwtSecret).not.toBe(first.secrets.webhookSecret);
    expect(first.secrets.encryptionKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secrets).toEqual(first.secrets);
    // A secret from the environment wins and is never written to disk.
    const fromEnv = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "e".repeat(40) });
    expect(fromEnv.secrets.jwtSecret).toBe("e".repeat(40));
    expect(await readFile(file, "utf8")).not.toContain("e".repeat(40));
  });

  it("documents every variable it reads, including each public-setting override", () => {
    const names = configDocs.map((doc) => doc.name);
    expect(new Set(names).size).toBe(names.length);
    for (const def of publicSettingDefs) expect(names).toContain(def.env);
    for (const name of ["PORT", "HOST", "DATABASE_URL", "COUNTRY_HEADER", "TRUST_PROXY"]) {
      expect(names).toContain(name);
    }
    const table = configDocsMarkdown();
    expect(table.split("\n")).toHaveLength(configDocs.length + 2);
    expect(table).toContain("| `SIGN_IN_TABS` | both |");
  });
});
