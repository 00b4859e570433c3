import { ErrorBody } from "@casino/contract/errors";
import {
  CreateWalletAccountBody,
  WalletAccountList,
  WalletAccountParams,
  WalletAccountResponse,
} from "@casino/contract/wallet";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { cachePrivate, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import {
  createWalletAccount,
  hideWalletAccount,
  listWalletAccounts,
  switchWalletAccount,
} from "./accounts";
import { operatorWalletRoutes } from "./operator-routes";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;

/** Wallet accounts (WL-11…WL-13, BE-21). */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The operator's side (OPERATOR_API_TOKEN or a scoped key).
  await operatorWalletRoutes(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  api.get(
    "/api/wallet/accounts",
    {
      preHandler,
      schema: {
        tags: ["wallet"],
        summary: "The player's wallet accounts with balances (BE-21)",
        querystring: z.strictObject({}),
        response: { 200: WalletAccountList, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await listWalletAccounts(ctx, playerOf(request).profileId) };
    },
  );

  api.post(
    "/api/wallet/accounts",
    {
      preHandler,
      schema: {
        tags: ["wallet"],
        summary: "Open an account in a currency (WL-11)",
        body: CreateWalletAccountBody,
        response: { 200: WalletAccountResponse, 201: WalletAccountResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      const { account, created } = await createWalletAccount(
        ctx,
        playerOf(request).profileId,
        request.body.currency,
      );
      return reply.code(created ? 201 : 200).send({ data: account });
    },
  );

  api.put(
    "/api/wallet/accounts/:id/switch",
    {
      preHandler,
      schema: {
        tags: ["wallet"],
        summary: "Make an account the active one (WL-12)",
        params: WalletAccountParams,
        response: { 200: WalletAccountResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return {
        data: await switchWalletAccount(ctx, playerOf(request).profileId, request.params.id),
      };
    },
  );

  api.put(
    "/api/wallet/accounts/:id/hide",
    {
      preHandler,
      schema: {
        tags: ["wallet"],
        summary: "Hide an inactive account (WL-13)",
        params: WalletAccountParams,
        response: { 200: WalletAccountResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      cachePrivate(reply);
      return { data: await hideWalletAccount(ctx, playerOf(request).profileId, request.params.id) };
    },
  );
}
