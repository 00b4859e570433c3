import { mkdirSync } from "node:fs";
import path from "node:path";
import pino from "pino";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./infra/db";
import { migrate } from "./infra/migrate";
import { demoExposures, demoListenRefusal, isLoopbackHost } from "./lib/listen-guard";
import { seed } from "./seed";

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The demo on a public interface approves payments and shows codes to anyone: say why, stop.
  const refusal = demoListenRefusal(config);
  if (refusal !== null) {
    console.error(refusal);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  if (config.demoPublic && demoExposures(config).length > 0 && !isLoopbackHost(config.host)) {
    log.warn(
      { host: config.host, exposed: demoExposures(config) },
      "DEMO_PUBLIC: the demo listens on a public interface on purpose",
    );
  }
  if (config.isProduction && config.demo) {
    log.warn(
      "DEMO is on (npm start): sandbox payments, games, verification, sign-in and chain and the dev outbox are served; run main.ts without DEMO for real money",
    );
  }

  mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(config);
  log.info({ database: db.kind }, "database open");
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ applied }, "migrations applied");
  if (await seed(db)) log.info("empty database seeded");

  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`listening on ${config.publicUrl} (${config.nodeEnv})`);
  if (config.operatorApiToken && config.operatorApiToken === config.secrets.demoOperatorToken) {
    app.log.info(
      `back office: ${config.publicUrl}/backoffice (the demo's operator key is "demoOperatorToken" in ${path.join(config.dataDir, "secrets.json")})`,
    );
  }

  const started = performance.now();
  app.geoIp
    .warm()
    .then(() =>
      app.log.info({ ms: Math.round(performance.now() - started) }, "GeoIP tables loaded"),
    )
    .catch((error: unknown) => app.log.error({ err: error }, "GeoIP tables failed to load"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
