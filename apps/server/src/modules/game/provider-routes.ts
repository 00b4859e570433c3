// The provider wallet API (docs/provider-wallet-api.md): POST /api/game/wallet/{provider}/
// balance | bet | win | rollback | resettle | bulk, signed with one of the provider's HMAC keys (provider-keys.ts)
// over the raw body.
import {
  ProviderBalanceBody,
  ProviderBetBody,
  ProviderBulkAnswer,
  ProviderBulkBody,
  ProviderResettleBody,
  ProviderRollbackBody,
  ProviderWalletAnswer,
  ProviderWalletErrorBody,
  ProviderWinBody,
} from "@casino/contract/game";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { cachePrivate } from "../../lib/http";
import { resealWalletKeys, type WalletProvider, walletProviders } from "./provider-keys";
import { invalidSignature, signatureProblem } from "./provider-signature";
import { ProviderWalletFailure, ReplayedAnswer } from "./provider-wallet";
import { walletBalance } from "./wallet-balance";
import { GameWalletBatcher } from "./wallet-batch";
import { walletBulk } from "./wallet-bulk";
import { prepareCall } from "./wallet-calls";
import type { StoredAnswer } from "./wallet-repository";
import { walletResettle } from "./wallet-resettle";
import { walletRollback } from "./wallet-rollback";

const PROVIDER_SLUG = /^[a-z0-9-]{1,64}$/;
const ProviderParams = z.object({
  provider: z.string().regex(PROVIDER_SLUG, "Must be a provider slug"),
});

const responses = {
  200: ProviderWalletAnswer,
  400: ProviderWalletErrorBody,
  401: ProviderWalletErrorBody,
  403: ProviderWalletErrorBody,
  404: ProviderWalletErrorBody,
  409: ProviderWalletErrorBody,
  415: ProviderWalletErrorBody,
  422: ProviderWalletErrorBody,
  500: ProviderWalletErrorBody,
} as const;

const rawBodies = new WeakMap<FastifyRequest, string>();
/** The provider whose key verified the request (null: no provider has the slug). */
const signedBy = new WeakMap<FastifyRequest, WalletProvider | null>();

async function send(reply: FastifyReply, run: () => Promise<StoredAnswer>) {
  cachePrivate(reply);
  try {
    const answer = await run();
    return reply.code(answer.status).send(answer.body);
  } catch (error) {
    if (error instanceof ReplayedAnswer) {
      return reply.code(error.answer.status).send(error.answer.body);
    }
    if (error instanceof ProviderWalletFailure) {
      const answer = error.answer();
      return reply.code(answer.status).send(answer.body);
    }
    throw error;
  }
}

export async function providerWalletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const providers = walletProviders(ctx);
  // Wallet keys sealed under a previous SECRETS_ENCRYPTION_KEY are sealed again under the new one.
  ctx.jobs.add({
    name: "wallet-keys-reseal",
    everyMs: 60 * 60_000,
    run: () => resealWalletKeys(ctx),
  });
  // Bets and wins of different players share transactions (wallet-batch.ts).
  const batcher = new GameWalletBatcher(ctx, {
    maxBatch: ctx.config.gameWalletBatch,
    maxInFlight: ctx.db.kind === "pglite" ? 1 : 2,
  });
  // Bulk settlements (a match ended: thousands at once) get batches of their own, larger ones
  // (GAME_WALLET_BULK_BATCH), and yield to the casino's calls: a bulk batch starts only while
  // no casino call waits and at most one casino batch is in flight, so the tables do not queue
  // behind a match. Players are locked in id order by both, so the two never wait on each other
  // in a cycle.
  const bulkBatcher = new GameWalletBatcher(ctx, {
    maxBatch: ctx.config.gameWalletBulkBatch,
    maxInFlight: ctx.db.kind === "pglite" ? 1 : ctx.config.gameWalletBulkInFlight,
    yieldTo: batcher,
    yieldAbove: 1,
  });
  await app.register(async (scope) => {
    // The signature is over the exact bytes: keep them, then parse.
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
    // Before the body is validated: an unsigned request learns nothing about the schema.
    scope.addHook("preValidation", async (request) => {
      const params = request.params as { provider?: string };
      // Checked before the lookup (params are validated only after this hook): anything else is
      // no provider, so the call is refused as unsigned.
      const slug =
        typeof params.provider === "string" && PROVIDER_SLUG.test(params.provider)
          ? params.provider
          : "";
      const check = (provider: WalletProvider | null) =>
        signatureProblem({
          keys: provider?.verifyingKeys ?? providers.environmentKeys(slug),
          headers: request.headers,
          rawBody: rawBodies.get(request) ?? "",
          now: ctx.now(),
        });
      let provider = await providers.find(slug);
      let problem = check(provider);
      if (problem?.keyMismatch) {
        // Perhaps a key issued since the provider was read (on another server).
        provider = await providers.reload(slug);
        problem = check(provider);
      }
      if (problem) throw invalidSignature(problem);
      signedBy.set(request, provider);
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const provider = (request: FastifyRequest): WalletProvider => {
      const found = signedBy.get(request);
      if (!found) throw AppError.notFound("Unknown game provider");
      return found;
    };
    const tags = ["provider wallet"];

    api.post(
      "/api/game/wallet/:provider/balance",
      {
        schema: {
          tags,
          summary: "Provider wallet: the game session's balance (real + bonus)",
          params: ProviderParams,
          body: ProviderBalanceBody,
          response: responses,
        },
      },
      async (request, reply) =>
        send(reply, async () => walletBalance(ctx, provider(request), request.body)),
    );
    api.post(
      "/api/game/wallet/:provider/bet",
      {
        schema: {
          tags,
          summary: "Provider wallet: take a bet (idempotent by transactionId)",
          params: ProviderParams,
          body: ProviderBetBody,
          response: responses,
        },
      },
      async (request, reply) =>
        send(reply, async () =>
          batcher.run(await prepareCall(ctx, provider(request), request.body, "bet")),
        ),
    );
    api.post(
      "/api/game/wallet/:provider/win",
      {
        schema: {
          tags,
          summary: "Provider wallet: credit a win, optionally closing the round",
          params: ProviderParams,
          body: ProviderWinBody,
          response: responses,
        },
      },
      async (request, reply) =>
        send(reply, async () =>
          batcher.run(await prepareCall(ctx, provider(request), request.body, "win")),
        ),
    );
    api.post(
      "/api/game/wallet/:provider/rollback",
      {
        schema: {
          tags,
          summary: "Provider wallet: roll a bet back (tombstone when unknown)",
          params: ProviderParams,
          body: ProviderRollbackBody,
          response: responses,
        },
      },
      async (request, reply) =>
        send(reply, async () => walletRollback(ctx, provider(request), request.body)),
    );
    api.post(
      "/api/game/wallet/:provider/resettle",
      {
        schema: {
          tags,
          summary: "Provider wallet: correct a settled sports bet (credit or debit the difference)",
          params: ProviderParams,
          body: ProviderResettleBody,
          response: responses,
        },
      },
      async (request, reply) =>
        send(reply, async () => walletResettle(ctx, provider(request), request.body)),
    );
    api.post(
      "/api/game/wallet/:provider/bulk",
      {
        // Up to 1000 items: this route alone takes a body up to 1 MiB.
        bodyLimit: 1024 * 1024,
        schema: {
          tags,
          summary: "Provider wallet: up to 1000 win, rollback and resettle calls, one result each",
          params: ProviderParams,
          body: ProviderBulkBody,
          response: { ...responses, 200: ProviderBulkAnswer },
        },
      },
      async (request, reply) => {
        cachePrivate(reply);
        const results = await walletBulk(
          ctx,
          provider(request),
          bulkBatcher,
          request.body,
          (error) => request.log.error({ err: error }, "provider wallet bulk item failed"),
        );
        return reply.code(200).send({ data: { results } });
      },
    );
  });
}
