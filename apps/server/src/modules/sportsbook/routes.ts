// The sandbox sportsbook (docs/sportsbook.md "The sandbox"), mounted under /sportsbook like an
// outside sportsbook would be hosted: its SDK script (/sportsbook/sdk.js), its front end
// (apps/sportsbook, built to apps/sportsbook/build, at /sportsbook/app/ and /sportsbook/console),
// its JSON API (/sportsbook/api/...) and its own tables. It reaches the platform only through the
// signed provider wallet API over HTTP (in-process by default, or STUDIO_PLATFORM_URL), as the
// in-house studio does. On with SANDBOX_GAMES.
import { timingSafeEqual } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ErrorBody } from "@casino/contract/errors";
import {
  SPORTSBOOK_CONSOLE_HEADER,
  SportsbookBetParams,
  SportsbookBetsAnswer,
  SportsbookBetsQuery,
  SportsbookCashOutAnswer,
  SportsbookCashOutBody,
  SportsbookConsoleAnswer,
  SportsbookConsoleBetsAnswer,
  SportsbookConsoleBetsQuery,
  SportsbookConsoleStatusAnswer,
  SportsbookError,
  SportsbookEventAnswer,
  SportsbookEventParams,
  SportsbookEventsAnswer,
  SportsbookEventsQuery,
  SportsbookMarketParams,
  SportsbookOddsChangedBody,
  SportsbookOpenSessionAnswer,
  SportsbookOpenSessionBody,
  SportsbookPlaceBetAnswer,
  SportsbookPlaceBetBody,
  SportsbookSessionAnswer,
  SportsbookSettleMarketBody,
  SportsbookSportsAnswer,
  SportsbookStreamQuery,
} from "@casino/contract/sportsbook-sandbox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { repoRoot, SANDBOX_SPORTSBOOK_PROVIDER } from "../../config";
import type { AppContext } from "../../context";
import { AppError, sendNotFound } from "../../infra/errors";
import { injectFetch } from "../../lib/inject-fetch";
import { serveSpa } from "../../lib/spa";
import {
  authenticate,
  betViews,
  currentBalance,
  OddsChangedError,
  openSession,
  placeBet,
  toMinor,
} from "./bets";
import {
  type Book,
  detailView,
  listedSnapshots,
  snapshotById,
  sportsView,
  summaryView,
} from "./catalogue";
import { eventById } from "./engine";
import { createPlatformClient, type PlatformClient } from "./platform-client";
import { bookRepository, type SessionRecord } from "./repository";
import { seedSportsbook } from "./seed";
import { cashOut, finishPlacements, resettleMarket, settleDue } from "./settlement";
import { openStream, parseStreamEvents } from "./stream";

/** The book's front end build (apps/sportsbook: npm run build -w @casino/sportsbook). */
export const sportsbookBuildDir = path.join(repoRoot, "apps/sportsbook/build");
const sdkFiles = [
  path.join(sportsbookBuildDir, "sdk.js"),
  path.join(repoRoot, "apps/sportsbook/public/sdk.js"),
];

export interface SportsbookHandle {
  platform: PlatformClient;
  book: Book;
  /** The settlement job's work, callable by hand (tests). */
  settleDue(): Promise<{ settled: number; pending: number }>;
}

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
} as const;

function noStore(reply: { header: (name: string, value: string) => unknown }) {
  reply.header("cache-control", "no-store");
}

/**
 * Who may use the console: with SPORTSBOOK_CONSOLE_SECRET, whoever sends it; without, nobody
 * on a production server that is not the demo, nor on a demo that listens publicly.
 */
export function consoleGuard(ctx: AppContext, options: { statusOnly?: boolean } = {}) {
  const secret = ctx.config.sportsbook.consoleSecret;
  const openWithoutSecret = (!ctx.config.isProduction || ctx.config.demo) && !ctx.config.demoPublic;
  return async (request: FastifyRequest) => {
    // The status tells the console page whether to ask for the secret.
    if (secret && options.statusOnly) return;
    if (secret) {
      const sent = request.headers[SPORTSBOOK_CONSOLE_HEADER];
      const given = Buffer.from(typeof sent === "string" ? sent : "");
      const wanted = Buffer.from(secret);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
        throw new AppError(
          401,
          SportsbookError.ConsoleLocked,
          "The console secret is missing or wrong",
        );
      }
      return;
    }
    if (!openWithoutSecret) throw AppError.notFound();
  };
}

export async function registerSportsbook(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.sandboxGames) return;
  const secret = ctx.config.gameProviderSecrets[SANDBOX_SPORTSBOOK_PROVIDER];
  if (!secret) throw new Error("sportsbook: the sandbox sportsbook has no wallet secret");
  await seedSportsbook(ctx.db);
  const platformUrl = ctx.config.studio.platformUrl;
  const platform = createPlatformClient({
    baseUrl: platformUrl ?? ctx.config.publicUrl,
    provider: SANDBOX_SPORTSBOOK_PROVIDER,
    secret,
    fetch: platformUrl ? fetch : injectFetch(app),
    now: ctx.now,
  });
  const book: Book = { ctx, platform, seed: ctx.config.sportsbook.seed };
  const handle: SportsbookHandle = { platform, book, settleDue: () => settleDue(book) };
  app.decorate("sportsbook", handle);
  ctx.jobs.add({
    name: "sportsbook-settlement",
    everyMs: 5_000,
    run: async () => {
      await finishPlacements(book);
      await settleDue(book);
    },
  });

  const tags = ["sportsbook"];
  const sessions = new WeakMap<FastifyRequest, SessionRecord>();
  const preValidation = async (request: FastifyRequest) => {
    sessions.set(request, await authenticate(book, request));
  };
  const session = (request: FastifyRequest) => {
    const found = sessions.get(request);
    if (!found) throw new Error("sportsbook: route without its session check");
    return found;
  };
  const consoleCheck = consoleGuard(ctx);
  const oddsChanged = (reply: FastifyReply, error: OddsChangedError) =>
    reply.code(409).send({
      error: { code: error.code, message: error.message, changes: error.changes },
    });

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get(
      "/sportsbook/api/sports",
      {
        schema: {
          tags,
          summary: "Sportsbook: sports and leagues with their event counts",
          response: { 200: SportsbookSportsAnswer, ...errors },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return { data: sportsView(await listedSnapshots(book)) };
      },
    );
    api.get(
      "/sportsbook/api/events",
      {
        schema: {
          tags,
          summary: "Sportsbook: live and upcoming events with their main market",
          querystring: SportsbookEventsQuery,
          response: { 200: SportsbookEventsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { sport, league, live, limit } = request.query;
        const snaps = (await listedSnapshots(book)).filter(
          (snap) =>
            (snap.state.status === "live" || snap.state.status === "upcoming") &&
            (!sport || snap.event.sport === sport) &&
            (!league || snap.event.league.id === league) &&
            (live === undefined || (snap.state.status === "live") === (live === "true")),
        );
        // Live first, then by start.
        snaps.sort(
          (a, b) =>
            Number(b.state.status === "live") - Number(a.state.status === "live") ||
            a.event.startsAt - b.event.startsAt,
        );
        return { data: snaps.slice(0, limit).map(summaryView) };
      },
    );
    api.get(
      "/sportsbook/api/events/:id",
      {
        schema: {
          tags,
          summary: "Sportsbook: an event with all its markets",
          params: SportsbookEventParams,
          response: { 200: SportsbookEventAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const snap = await snapshotById(book, request.params.id);
        if (!snap) throw AppError.notFound("No such event");
        return { data: detailView(snap) };
      },
    );
    api.get(
      "/sportsbook/api/stream",
      {
        schema: {
          tags,
          summary: "Sportsbook: live odds (Server-Sent Events, `odds` messages)",
          querystring: SportsbookStreamQuery,
        },
      },
      async (request, reply) => {
        openStream(book, request, reply, parseStreamEvents(request.query.events));
        return reply;
      },
    );
    api.post(
      "/sportsbook/api/sessions",
      {
        schema: {
          tags,
          summary: "Sportsbook: open a session from the platform's game session token",
          body: SportsbookOpenSessionBody,
          response: { 201: SportsbookOpenSessionAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return reply.code(201).send({ data: await openSession(book, request.body.token) });
      },
    );
    api.get(
      "/sportsbook/api/session",
      {
        preValidation,
        schema: {
          tags,
          summary: "Sportsbook: the session's currency and balance",
          response: { 200: SportsbookSessionAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const current = session(request);
        return {
          data: { currency: current.currency, balance: await currentBalance(book, current) },
        };
      },
    );
    api.post(
      "/sportsbook/api/bets",
      {
        preValidation,
        schema: {
          tags,
          summary: "Sportsbook: place a bet (single, multiple or system) through the wallet API",
          body: SportsbookPlaceBetBody,
          response: {
            ...errors,
            201: SportsbookPlaceBetAnswer,
            409: SportsbookOddsChangedBody.or(ErrorBody),
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        try {
          return reply
            .code(201)
            .send({ data: await placeBet(book, session(request), request.body) });
        } catch (error) {
          if (error instanceof OddsChangedError) return oddsChanged(reply, error);
          throw error;
        }
      },
    );
    api.get(
      "/sportsbook/api/bets",
      {
        preValidation,
        schema: {
          tags,
          summary:
            "Sportsbook: the player's open or settled bets (open ones with a cash-out offer)",
          querystring: SportsbookBetsQuery,
          response: { 200: SportsbookBetsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const bets = await bookRepository(ctx.db).playerBets(
          session(request).playerId,
          request.query.status === "settled",
          request.query.limit,
        );
        return { data: await betViews(book, bets) };
      },
    );
    api.post(
      "/sportsbook/api/bets/:id/cash-out",
      {
        preValidation,
        schema: {
          tags,
          summary: "Sportsbook: cash a bet out at the offer the player saw",
          params: SportsbookBetParams,
          body: SportsbookCashOutBody,
          response: { 200: SportsbookCashOutAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const current = session(request);
        const bet = await bookRepository(ctx.db).findBet(request.params.id);
        if (!bet || bet.playerId !== current.playerId) throw AppError.notFound("No such bet");
        const accepted = toMinor(request.body.amount, bet.decimals, "amount");
        const after = await cashOut(book, bet, accepted);
        const [view] = await betViews(book, [after]);
        return { data: { bet: view!, balance: await currentBalance(book, current) } };
      },
    );

    // ---- console ----
    const consoleOptions = { preValidation: consoleCheck };
    api.get(
      "/sportsbook/api/console/status",
      {
        preValidation: consoleGuard(ctx, { statusOnly: true }),
        schema: {
          tags,
          summary: "Sportsbook console: is it open here, and does it need the secret",
          response: { 200: SportsbookConsoleStatusAnswer, ...errors },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return { data: { secretRequired: ctx.config.sportsbook.consoleSecret !== null } };
      },
    );
    api.get(
      "/sportsbook/api/console/bets",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: bets of every player (by event, status)",
          querystring: SportsbookConsoleBetsQuery,
          response: { 200: SportsbookConsoleBetsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const bets = await bookRepository(ctx.db).consoleBets(request.query);
        const views = await betViews(book, bets);
        return { data: views.map((view, index) => ({ ...view, playerId: bets[index]!.playerId })) };
      },
    );
    const knownEvent = (id: string) => {
      if (!eventById(book.seed, id)) throw AppError.notFound("No such event");
    };
    const knownMarket = async (id: string, marketId: string, selectionId: string | null) => {
      const snap = await snapshotById(book, id);
      if (!snap) throw AppError.notFound("No such event");
      const market = snap.markets.find((m) => m.id === marketId);
      if (!market) throw AppError.notFound("No such market");
      if (selectionId !== null && !market.selections.some((s) => s.id === selectionId)) {
        throw AppError.unprocessable({ selectionId: ["No such selection in this market"] });
      }
    };
    api.post(
      "/sportsbook/api/console/events/:id/finish",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: fast-forward an event to its end and settle its bets",
          params: SportsbookEventParams,
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        knownEvent(request.params.id);
        await bookRepository(ctx.db).endEvent(request.params.id, ctx.now());
        return { data: await settleDue(book, { eventIds: [request.params.id] }) };
      },
    );
    api.post(
      "/sportsbook/api/console/events/:id/void",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: void an event (postponed: stakes back)",
          params: SportsbookEventParams,
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        knownEvent(request.params.id);
        await bookRepository(ctx.db).voidEvent(request.params.id, ctx.now());
        return { data: await settleDue(book, { eventIds: [request.params.id] }) };
      },
    );
    api.post(
      "/sportsbook/api/console/events/:id/markets/:marketId/settle",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: settle a market with a result (null: void)",
          params: SportsbookMarketParams,
          body: SportsbookSettleMarketBody,
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { id, marketId } = request.params;
        await knownMarket(id, marketId, request.body.selectionId);
        await bookRepository(ctx.db).setResult(id, marketId, request.body.selectionId, ctx.now());
        return { data: await settleDue(book, { eventIds: [id] }) };
      },
    );
    api.post(
      "/sportsbook/api/console/events/:id/markets/:marketId/resettle",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: correct a market's result; settled bets are resettled",
          params: SportsbookMarketParams,
          body: SportsbookSettleMarketBody,
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { id, marketId } = request.params;
        await knownMarket(id, marketId, request.body.selectionId);
        return { data: await resettleMarket(book, id, marketId, request.body.selectionId) };
      },
    );
    api.post(
      "/sportsbook/api/console/bets/:id/cash-out",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: cash a bet out at the current offer",
          params: SportsbookBetParams,
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const bet = await bookRepository(ctx.db).findBet(request.params.id);
        if (!bet) throw AppError.notFound("No such bet");
        const after = await cashOut(book, bet, null);
        const taken = after.status === "cashed_out" ? 1 : 0;
        return { data: { settled: taken, pending: 1 - taken } };
      },
    );
    api.post(
      "/sportsbook/api/console/settle",
      {
        ...consoleOptions,
        schema: {
          tags,
          summary: "Sportsbook console: run the settlement job now",
          response: { 200: SportsbookConsoleAnswer, ...errors },
        },
      },
      async (_request, reply) => {
        noStore(reply);
        return { data: await settleDue(book) };
      },
    );
  });
  app.all("/sportsbook/api/*", { schema: { hide: true } }, async (_request, reply) =>
    sendNotFound(reply),
  );

  // The SDK script the site loads from {clientHost}/sdk.js.
  app.get("/sportsbook/sdk.js", { schema: { hide: true } }, async (_request, reply) => {
    const file = sdkFiles.find((candidate) => existsSync(candidate));
    if (!file) {
      return reply
        .code(404)
        .type("text/plain")
        .send("The sportsbook SDK is missing: npm run build -w @casino/sportsbook");
    }
    return reply
      .header("cache-control", "no-cache")
      .header("access-control-allow-origin", "*")
      .type("text/javascript; charset=utf-8")
      .send(await readFile(file, "utf8"));
  });
  // The front end: hashed assets, and the one page for every book path and the console.
  await serveSpa(app, {
    buildDir: sportsbookBuildDir,
    prefix: "/sportsbook/app",
    pages: ["/sportsbook/app", "/sportsbook/app/*", "/sportsbook/console"],
    notBuilt: "The sportsbook's front end is not built: npm run build -w @casino/sportsbook",
    // The player site's /betting page frames it.
    framedBySite: true,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    sportsbook: SportsbookHandle;
  }
}
