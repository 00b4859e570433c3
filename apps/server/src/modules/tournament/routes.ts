import { ErrorBody } from "@casino/contract/errors";
import {
  CreateTournamentBody,
  OperatorTournamentDetailResponse,
  OperatorTournamentList,
  OperatorTournamentParams,
  OperatorTournamentResponse,
  PatchOperatorTournamentBody,
  TournamentList,
  TournamentListQuery,
  TournamentParams,
  TournamentResponse,
} from "@casino/contract/tournament";
import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import type { DomainEvent, DomainEventHandler } from "../../infra/domain-events";
import { cachePrivate, errorResponses } from "../../lib/http";
import { operatorErrors, operatorGuard } from "../../lib/operator-api";
import { playerOf, requirePlayer } from "../player/authenticate";
import {
  COMPLETION_JOB_INTERVAL_MS,
  completeDueTournaments,
  TOURNAMENTS_CONSUMER,
} from "./complete-tournaments";
import { createTournament } from "./create-tournament";
import { joinTournament } from "./join-tournament";
import {
  getOperatorTournament,
  listOperatorTournaments,
  patchOperatorTournament,
} from "./operator-tournaments";
import { getTournament, listTournaments } from "./read-tournaments";
import { refundCountedBet } from "./refund-bet";
import { scoreSettledBet, scoreSettledBets } from "./score-bet";
import { seedDemoTournaments } from "./seed-tournaments";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const BASE = "/api/retention/tournaments";

/**
 * Tournaments (issue 8; TN-01, TN-02, BE-39): the list and detail (guests too; `isJoined` and
 * `me` for a signed-in player), opt-in, the settled-bet consumer that keeps the scores, and the
 * completion job that pays the prizes. The demo tournaments are seeded on the first start.
 */
export async function tournamentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);
  // Signed in when a token is sent (a bad one is still a 401, so the client refreshes it).
  const optionalPlayer: preHandlerAsyncHookHandler = async function (request, reply) {
    if (request.headers.authorization) await preHandler.call(this, request, reply);
  };

  await seedDemoTournaments(ctx.db, ctx.now());
  const betEvent: DomainEventHandler = (tx, event) =>
    event.type === "game.bet.refunded"
      ? refundCountedBet(ctx, tx, event)
      : scoreSettledBet(ctx, tx, event);
  ctx.domainEvents.subscribe(
    TOURNAMENTS_CONSUMER,
    ["game.bet.settled", "game.bet.refunded"],
    betEvent,
    {
      // Settled rounds set-based (only participants' rounds score); a refund (rare) in its place
      // in the log, after the rounds before it.
      handleBatch: async (tx, events) => {
        let settled: DomainEvent[] = [];
        for (const event of events) {
          if (event.type !== "game.bet.refunded") {
            settled.push(event);
            continue;
          }
          await scoreSettledBets(ctx, tx, settled);
          settled = [];
          await refundCountedBet(ctx, tx, event);
        }
        await scoreSettledBets(ctx, tx, settled);
      },
    },
  );
  ctx.jobs.add({
    name: "tournament-completion",
    everyMs: COMPLETION_JOB_INTERVAL_MS,
    run: () => completeDueTournaments(ctx),
  });

  api.get(
    BASE,
    {
      preHandler: optionalPlayer,
      schema: {
        tags: ["retention"],
        summary: "Tournaments: running, upcoming and finished, or those of one state",
        querystring: TournamentListQuery,
        response: { 200: TournamentList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const data = await listTournaments(
        ctx,
        request.player?.profileId ?? null,
        request.query.state,
      );
      return { data };
    },
  );

  api.get(
    `${BASE}/:identity`,
    {
      preHandler: optionalPlayer,
      schema: {
        tags: ["retention"],
        summary: "One tournament: prizes, rules, leaderboard and the player's own entry (me)",
        params: TournamentParams,
        response: { 200: TournamentResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const data = await getTournament(
        ctx,
        request.params.identity,
        request.player?.profileId ?? null,
      );
      return { data };
    },
  );

  api.put(
    `${BASE}/:identity/join`,
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary:
          "Join a tournament: bets settled from now on count (idempotent; 409 when finished)",
        params: TournamentParams,
        response: { 200: TournamentResponse, 409: ErrorBody, ...authErrors },
      },
    },
    async (request) => ({
      data: await joinTournament(ctx, request.params.identity, playerOf(request).profileId),
    }),
  );

  // The operator's API (OPERATOR_API_TOKEN): tournaments as data.
  if (ctx.config.operatorApiToken) {
    api.post(
      "/api/operator/tournaments",
      {
        ...operatorGuard(ctx, "promotions"),
        schema: {
          tags: ["operator"],
          summary:
            "Define a tournament: window, scoring, games, minimum bet, currency and prizes; 200 on a replayed key",
          body: CreateTournamentBody,
          response: { 200: TournamentResponse, 201: TournamentResponse, ...operatorErrors },
        },
      },
      async (request, reply) => {
        const { data, replay } = await createTournament(ctx, request.body);
        return reply.code(replay ? 200 : 201).send({ data });
      },
    );

    api.get(
      "/api/operator/tournaments",
      {
        ...operatorGuard(ctx, "promotions"),
        schema: {
          tags: ["operator"],
          summary: "Every tournament, switched-off ones too, with its state and participants",
          response: { 200: OperatorTournamentList, ...operatorErrors },
        },
      },
      async (_request, reply) => {
        cachePrivate(reply);
        return { data: await listOperatorTournaments(ctx) };
      },
    );

    api.get(
      "/api/operator/tournaments/:id",
      {
        ...operatorGuard(ctx, "promotions"),
        schema: {
          tags: ["operator"],
          summary:
            "One tournament, switched off too, with its rules, prizes and the top of its leaderboard",
          params: OperatorTournamentParams,
          response: { 200: OperatorTournamentDetailResponse, ...operatorErrors },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        return { data: await getOperatorTournament(ctx, request.params.id) };
      },
    );

    api.patch(
      "/api/operator/tournaments/:id",
      {
        ...operatorGuard(ctx, "promotions"),
        schema: {
          tags: ["operator"],
          summary:
            "Change a tournament's text, order or switch, or move its window ahead (409 once started or completed)",
          params: OperatorTournamentParams,
          body: PatchOperatorTournamentBody,
          response: { 200: OperatorTournamentResponse, 409: ErrorBody, ...operatorErrors },
        },
      },
      async (request) => ({
        data: await patchOperatorTournament(ctx, request.params.id, request.body),
      }),
    );
  }
}
