// The in-house studio (README "In-house studio"), mounted under /studio like an outside studio
// would be hosted: its own API (/studio/api/...), its own front end (apps/studio, built to
// apps/studio/build) and its own tables. It reaches the platform only through the signed
// provider wallet API over HTTP: in-process by default (injectFetch), or STUDIO_PLATFORM_URL.
import path from "node:path";
import { ErrorBody } from "@casino/contract/errors";
import {
  StudioClientSeedBody,
  StudioFreeSpinsGrantAnswer,
  StudioFreeSpinsGrantBody,
  StudioOpenSessionAnswer,
  StudioOpenSessionBody,
  StudioPlayAnswer,
  StudioPlayBody,
  StudioRoundAnswer,
  StudioRoundParams,
  StudioSeedsAnswer,
  StudioSessionAnswer,
} from "@casino/contract/studio";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IN_HOUSE_GAME_PROVIDER, repoRoot } from "../../config";
import type { AppContext } from "../../context";
import { AppError, sendNotFound } from "../../infra/errors";
import { injectFetch } from "../../lib/inject-fetch";
import { serveSpa } from "../../lib/spa";
import { finishUnfinishedRounds } from "./advance-round";
import { grantFreeSpins, verifyPlatformSignature } from "./free-spins";
import { createPlatformClient, type PlatformClient } from "./platform-client";
import { playStudioRound, toRoundView } from "./play-round";
import { type StudioSessionRecord, studioRepository } from "./repository";
import { currentFairness, rotateSeeds } from "./seeds";
import { authenticate, openSession, sessionView } from "./sessions";
import type { Studio } from "./studio";

/** The studio's front end build (apps/studio: npm run build -w @casino/studio). */
export const studioBuildDir = path.join(repoRoot, "apps/studio/build");

export interface StudioHandle {
  platform: PlatformClient;
  /** The retry job's work, callable by hand (tests). */
  finishUnfinishedRounds(options?: { graceMs?: number }): Promise<number>;
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

export async function registerStudio(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const platformUrl = ctx.config.studio.platformUrl;
  const secret = ctx.config.gameProviderSecrets[IN_HOUSE_GAME_PROVIDER];
  if (!secret) throw new Error("studio: the in-house provider has no wallet secret");
  const platform = createPlatformClient({
    baseUrl: platformUrl ?? ctx.config.publicUrl,
    provider: IN_HOUSE_GAME_PROVIDER,
    secret,
    fetch: platformUrl ? fetch : injectFetch(app),
    now: ctx.now,
  });
  const studio: Studio = { ctx, platform };
  const handle: StudioHandle = {
    platform,
    finishUnfinishedRounds: (options) => finishUnfinishedRounds(studio, options),
  };
  app.decorate("studio", handle);
  ctx.jobs.add({
    name: "studio-round-retry",
    everyMs: 5_000,
    run: () => handle.finishUnfinishedRounds(),
  });

  const tags = ["studio"];
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // The session is checked before the body: an unknown caller learns nothing about it.
    const sessions = new WeakMap<FastifyRequest, StudioSessionRecord>();
    const preValidation = async (request: FastifyRequest) => {
      sessions.set(request, await authenticate(studio, request));
    };
    const session = async (request: FastifyRequest) => {
      const found = sessions.get(request);
      if (!found) throw new Error("studio: route without its session check");
      return found;
    };

    api.post(
      "/studio/api/sessions",
      {
        schema: {
          tags,
          summary: "Studio: open a session from a launch token (real) or for demo play",
          body: StudioOpenSessionBody,
          response: { 201: StudioOpenSessionAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return reply.code(201).send({ data: await openSession(studio, request.body) });
      },
    );
    api.get(
      "/studio/api/session",
      {
        preValidation,
        schema: {
          tags,
          summary: "Studio: the session (balance, seeds, free spins)",
          response: { 200: StudioSessionAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return { data: await sessionView(studio, await session(request)) };
      },
    );
    api.get(
      "/studio/api/seeds",
      {
        preValidation,
        schema: {
          tags,
          summary: "Studio: the seed pair (server seed hash, client seed, nonce)",
          response: { 200: StudioSeedsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { playerRef } = await session(request);
        return { data: { fairness: await currentFairness(studio, playerRef), revealed: null } };
      },
    );
    api.put(
      "/studio/api/seeds/client-seed",
      {
        preValidation,
        schema: {
          tags,
          summary:
            "Studio: choose a client seed (starts a new pair: the old server seed is revealed)",
          body: StudioClientSeedBody,
          response: { 200: StudioSeedsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { playerRef } = await session(request);
        return { data: await rotateSeeds(studio, playerRef, request.body.clientSeed) };
      },
    );
    api.post(
      "/studio/api/seeds/rotate",
      {
        preValidation,
        schema: {
          tags,
          summary: "Studio: reveal the server seed and start the next pair",
          response: { 200: StudioSeedsAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { playerRef } = await session(request);
        return { data: await rotateSeeds(studio, playerRef) };
      },
    );
    api.post(
      "/studio/api/rounds",
      {
        preValidation,
        schema: {
          tags,
          summary: "Studio: play a round (bet and win through the provider wallet API)",
          body: StudioPlayBody,
          response: { 200: StudioPlayAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return { data: await playStudioRound(studio, await session(request), request.body) };
      },
    );
    api.get(
      "/studio/api/rounds",
      {
        preValidation,
        schema: {
          tags,
          summary: "Studio: the session player's latest rounds",
          response: { 200: z.object({ data: z.array(StudioRoundAnswer.shape.data) }), ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const current = await session(request);
        const rounds = await studioRepository(ctx.db).listRounds(current.playerRef, 20);
        return { data: rounds.map((round) => toRoundView(round, current.decimals)) };
      },
    );
    api.get(
      "/studio/api/rounds/:id",
      {
        schema: {
          tags,
          summary: "Studio: a round for the verifier (its server seed once revealed)",
          params: StudioRoundParams,
          response: { 200: StudioRoundAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const repo = studioRepository(ctx.db);
        const round = await repo.findRound(request.params.id);
        if (!round) throw AppError.notFound("No such round");
        const owner = await repo.findSession(round.sessionHash);
        return { data: toRoundView(round, owner?.decimals ?? 2) };
      },
    );
  });

  // The platform's calls to the studio: signed over the exact bytes, like the wallet calls.
  const rawBodies = new WeakMap<FastifyRequest, string>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (request, body, done) => {
        const text = String(body);
        rawBodies.set(request, text);
        try {
          done(null, text === "" ? {} : JSON.parse(text));
        } catch {
          done(new AppError(400, 400, "The body is not JSON"), undefined);
        }
      },
    );
    scope.addHook("preValidation", async (request) => {
      verifyPlatformSignature({
        secret,
        headers: request.headers,
        rawBody: rawBodies.get(request) ?? "",
        now: ctx.now(),
      });
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/studio/api/platform/free-spins",
      {
        schema: {
          tags,
          summary: "Studio: the platform grants free spins (signed; idempotent by externalId)",
          body: StudioFreeSpinsGrantBody,
          response: { 200: StudioFreeSpinsGrantAnswer, ...errors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return { data: await grantFreeSpins(studio, request.body) };
      },
    );
  });
  app.all("/studio/api/*", { schema: { hide: true } }, async (_request, reply) =>
    sendNotFound(reply),
  );

  // The front end: hashed assets, and the one page for every studio path.
  await serveSpa(app, {
    buildDir: studioBuildDir,
    prefix: "/studio",
    pages: ["/studio/play/:gameCode", "/studio/verify"],
    notBuilt: "The studio's front end is not built: npm run build -w @casino/studio",
    // The player site's game page frames the play page.
    framedBySite: true,
  });
}

declare module "fastify" {
  interface FastifyInstance {
    studio: StudioHandle;
  }
}
