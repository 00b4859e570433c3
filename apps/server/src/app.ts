import { randomUUID } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import fastifyCompress from "@fastify/compress";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import type { DestinationStream } from "pino";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { tablesWatcher, withCommitHooks } from "./infra/commit-hooks";
import type { Db, Queryable } from "./infra/db";
import {
  DOMAIN_EVENT_SOURCES,
  DomainEvents,
  type DomainEventsOptions,
} from "./infra/domain-events";
import { registerErrorHandling, sendNotFound } from "./infra/errors";
import { createCountryResolver, GeoIp } from "./infra/geo";
import { clientErrorHandler, registerMethodGuard } from "./infra/http-methods";
import { createJobRunner, type JobRunner } from "./infra/jobs";
import { registerLoopbackAliasRedirect } from "./infra/local-address";
import { createMailPort, type MailPort } from "./infra/mail";
import { createPasswordHasher } from "./infra/passwords";
import { createMemoryRateLimiter, type RateLimitPort } from "./infra/rate-limit";
import { createDatabaseRateLimiter } from "./infra/rate-limit-db";
import { registerSecurityHeaders } from "./infra/security-headers";
import { createOutboxSmsPort, type SmsPort } from "./infra/sms";
import { redactUrl } from "./lib/log-redaction";
import { requireDeclaredOperatorScopes } from "./lib/operator-api";
import { parseQueryString } from "./lib/querystring";
import { registerBackoffice } from "./modules/backoffice/routes";
import { bonusRoutes } from "./modules/bonus/routes";
import { chatRoutes } from "./modules/chat/routes";
import { contentRoutes } from "./modules/content/routes";
import { registerCrypto } from "./modules/crypto/setup";
import { devRoutes } from "./modules/dev/routes";
import { launchOrigins, refreshLaunchOrigins } from "./modules/game/launch-origins";
import { gameRoutes } from "./modules/game/routes";
import { healthRoutes } from "./modules/health/routes";
import { notificationRoutes } from "./modules/notification/routes";
import { operatorRoutes } from "./modules/operator/routes";
import { paymentRoutes } from "./modules/payment/routes";
import { registerPlayerAuth } from "./modules/player/authenticate";
import { documentRoutes } from "./modules/player/documents/routes";
import { pageSession } from "./modules/player/page-session";
import { playerRoutes } from "./modules/player/routes";
import { socialRoutes } from "./modules/player/social/routes";
import { setUpSocial, withSandboxSocialDefaults } from "./modules/player/social/setup";
import { verificationRoutes } from "./modules/player/verification/routes";
import { outboxWatcher } from "./modules/realtime/commit-hook";
import { realtimeRoutes } from "./modules/realtime/routes";
import { type RealtimeSettings, setUpRealtime } from "./modules/realtime/setup";
import { reportRoutes } from "./modules/reports/routes";
import { retentionRoutes } from "./modules/retention/routes";
import { riskRoutes } from "./modules/risk/routes";
import { settingsRoutes } from "./modules/settings/routes";
import { sportRoutes } from "./modules/sport/routes";
import { registerSportsbook } from "./modules/sportsbook/routes";
import { registerStudio } from "./modules/studio/routes";
import { tournamentRoutes } from "./modules/tournament/routes";
import { walletRoutes } from "./modules/wallet/routes";
import { registerSsr } from "./web/ssr";

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Shared across apps in tests so the GeoIP tables load once per process. */
  geoIp?: GeoIp;
  /** Mount the web app's SSR build when it exists (default true). */
  ssr?: boolean;
  /** The clock (tests move it instead of sleeping); default the real one. */
  now?: () => Date;
  /** Port replacements (tests). */
  mail?: MailPort;
  sms?: SmsPort;
  rateLimits?: RateLimitPort;
  /** Realtime tuning (tests: faster pings, a given pub/sub port, no publisher). */
  realtime?: RealtimeSettings;
  /** Domain-event dispatch (tests: autoStart false to hand deliveries over by hand). */
  domainEvents?: Partial<DomainEventsOptions> & { autoStart?: boolean };
  /** Where the log lines go (tests read them); default standard output. */
  logStream?: DestinationStream;
}

const DOCS_PREFIX = "/api/docs";
/** JSON bodies of this API are small forms; anything bigger is a mistake or an attack. */
const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = withSandboxSocialDefaults(options.config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie"],
      // The request line without the secrets a path or query can carry (lib/log-redaction.ts).
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Requests the HTTP parser refused answer the shared error body (an unknown method: 405).
    clientErrorHandler,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT,
    // A caller's id lets one request be followed across services; anything odd gets a fresh one.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    // The router's own refusals (a path segment that is not valid percent-encoding, or longer
    // than 100 characters) answer the shared error body too, not Fastify's.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
      void (reply as FastifyReply).code(tooLong ? 414 : 400).send({
        error: {
          code: ErrorCode.BadRequest,
          message: tooLong ? "A part of the path is too long" : "The path is not valid",
        },
      });
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // The studios' origins the pages may frame, read through the context's handle (set below),
  // the one the operator's catalogue writes refresh them through.
  let catalogueDb: Queryable = options.db;
  const securityHeaders = registerSecurityHeaders(
    app,
    {
      publicUrl: config.publicUrl,
      extraSources: [
        ...config.cspExtraSources,
        ...originOf(config.publicSettingOverrides["betting.clientHost"]),
        ...originOf(config.publicSettingOverrides["chat.widgetUrl"]),
        ...originOf(config.publicSettingOverrides["tagManager.scriptUrl"]),
      ],
    },
    () => launchOrigins(catalogueDb),
  );
  registerLoopbackAliasRedirect(app, config.publicUrl);
  registerMethodGuard(app);
  app.addHook("onRequest", async (request, reply) => {
    reply.raw.setHeader("x-request-id", request.id);
  });

  // gzip/brotli for API answers and static assets (the SSR handler compresses its own stream).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  // Realtime: the pub/sub port, this node's WebSocket hub and the outbox publisher, which the
  // context's database handle nudges after every commit that wrote to event_outbox.
  const realtime = await setUpRealtime({
    db: options.db,
    redisUrl: config.redisUrl,
    log: app.log,
    settings: options.realtime,
  });
  app.decorate("realtime", realtime);
  // Domain events (ADR 0009): modules subscribe at registration; the dispatcher starts once
  // every module has, and is nudged after commits to the tables whose triggers raise events.
  const domainEvents = new DomainEvents(app.log, options.domainEvents);
  app.decorate("domainEvents", domainEvents);
  const db = withCommitHooks(options.db, [
    outboxWatcher(() => realtime.publisher.nudge()),
    tablesWatcher(DOMAIN_EVENT_SOURCES, () => domainEvents.nudge()),
  ]);
  catalogueDb = db;
  await refreshLaunchOrigins(db);

  const geoIp = options.geoIp ?? new GeoIp();
  const now = options.now ?? (() => new Date());
  // The abuse limits: in the database (every node counts against one allowance) or in memory.
  const limitSettings = {
    scale: config.auth.rateLimitScale,
    limits: { loginAccount: config.auth.loginAccountLimit },
  };
  const databaseLimits =
    config.auth.rateLimitStore === "database"
      ? createDatabaseRateLimiter({ db, ...limitSettings })
      : null;
  const rateLimits = databaseLimits ?? createMemoryRateLimiter(limitSettings);
  const ctx: AppContext = {
    config,
    db,
    resolveCountry: createCountryResolver({
      countryHeader: config.countryHeader,
      defaultCountry: config.defaultCountry,
      geoIp,
    }),
    now,
    mail:
      options.mail ??
      createMailPort({
        db,
        now,
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        onDeliveryError: (error) => app.log.error({ err: error }, "SMTP delivery failed"),
      }),
    sms: options.sms ?? createOutboxSmsPort({ db, now }),
    rateLimits: options.rateLimits ?? rateLimits,
    passwords: createPasswordHasher(config.auth.passwordHash),
    jobs: createJobRunner({ enabled: config.backgroundJobs, log: app.log }),
    domainEvents,
  };
  // Jobs start with the server (a first run catches up on what a crash left) and stop before
  // the database closes.
  app.addHook("onReady", async () => {
    if (ctx.jobs.enabled) void ctx.jobs.runAllOnce();
  });
  app.decorate("jobs", ctx.jobs);
  app.addHook("onClose", async () => {
    await ctx.jobs.stop();
  });
  app.decorate("geoIp", geoIp);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Casino platform API",
        description: "The player site's API. Errors share one body: see ErrorBody.",
        version: "0.1.0",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: createJsonSchemaTransform({
      skipList: [`${DOCS_PREFIX}/*`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, "/api/*"],
    }),
    transformObject: jsonSchemaTransformObject,
  });
  // API_DOCS=false (production's default) leaves /api/docs to the API's JSON 404.
  if (config.apiDocs) {
    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { validatorUrl: null },
    });
  }

  // request.player for every route that calls requirePlayer (modules/player/authenticate.ts).
  registerPlayerAuth(app);
  // Every /api/operator route declares who may call it, or the app does not start.
  requireDeclaredOperatorScopes(app);

  await app.register(async (scope) => {
    await healthRoutes(scope, ctx);
    await settingsRoutes(scope, ctx);
    await playerRoutes(scope, ctx);
    await gameRoutes(scope, ctx);
    await bonusRoutes(scope, ctx);
    await retentionRoutes(scope, ctx);
    await contentRoutes(scope, ctx);
    // A plain route, so it wins over the SSR catch-all; it answers 404 when DEV_OUTBOX is off.
    await devRoutes(scope, ctx);
    await socialRoutes(scope, ctx, await setUpSocial(scope, config));
    await walletRoutes(scope, ctx);
    await riskRoutes(scope, ctx);
    await verificationRoutes(scope, ctx);
    await documentRoutes(scope, ctx);
    await paymentRoutes(scope, ctx);
    await notificationRoutes(scope, ctx);
    await chatRoutes(scope, ctx);
    await tournamentRoutes(scope, ctx);
    await reportRoutes(scope, ctx);
    await sportRoutes(scope, ctx);
    await operatorRoutes(scope, ctx);
    await realtimeRoutes(scope, ctx, realtime);
  });
  // Crypto deposits: chain sources, the watcher and the sandbox chain's page (app.crypto).
  await registerCrypto(app, ctx);
  // The in-house game studio under /studio: talks to the platform only through the wallet API.
  await registerStudio(app, ctx);
  // The sandbox sportsbook under /sportsbook (SANDBOX_GAMES): an outside provider in-process.
  await registerSportsbook(app, ctx);
  // The operator's back office under /backoffice: a client of the operator API.
  await registerBackoffice(app, ctx);
  await domainEvents.persist(db);
  if (databaseLimits) {
    ctx.jobs.add({
      name: "rate-limit-sweep",
      everyMs: 10 * 60 * 1000,
      run: async () => {
        await databaseLimits.sweep();
      },
    });
  }
  ctx.jobs.add({
    name: "domain-events-retention",
    everyMs: 60 * 60 * 1000,
    run: () => domainEvents.cleanUp(db),
  });
  if (options.domainEvents?.autoStart ?? true) domainEvents.start();
  app.addHook("preClose", async () => {
    await domainEvents.stop();
  });

  // Unknown API paths answer JSON here, so they never fall through to the SSR catch-all (BE-43).
  for (const url of ["/api", "/api/*"]) {
    app.all(url, { schema: { hide: true } }, async (_request, reply) => sendNotFound(reply));
  }
  app.setNotFoundHandler(async (_request, reply) => sendNotFound(reply));

  if (options.ssr ?? true) {
    const mounted = await registerSsr(app, {
      buildDir: config.webBuildDir,
      countryHeader: config.countryHeader,
      pageSession: (headers) => pageSession(ctx, headers),
      pagePolicy: securityHeaders.pagePolicy,
    });
    if (!mounted) {
      const hint = `No web build at ${config.webBuildDir}: pages answer 404. Run \`npm run build -w @casino/web\`, or \`npm run dev -w @casino/web\` for Vite (it proxies /api here).`;
      if (config.nodeEnv === "production") app.log.error(hint);
      else if (config.nodeEnv === "development") app.log.warn(hint);
    }
  }

  return app;
}

/** A hop count trusts that many proxies nearest the server (proxy-addr's own rule). */
function trustProxyOption(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

function originOf(value: unknown): string[] {
  if (typeof value !== "string" || value === "") return [];
  try {
    return [new URL(value.includes("://") ? value : `https://${value}`).origin];
  } catch {
    return [];
  }
}

declare module "fastify" {
  interface FastifyInstance {
    geoIp: GeoIp;
    jobs: JobRunner;
    /** The domain-event dispatcher (tests: `await app.domainEvents.drain()`). */
    domainEvents: DomainEvents;
  }
}
