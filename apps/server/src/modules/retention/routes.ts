// Retention: quests and loyalty (spec §7 Retention; QS-01..QS-04, LY-01, LY-02, API-72..API-77,
// BE-37, BE-38; packages/contract/src/retention.ts). Registration also seeds the demo data once,
// subscribes the "quests" and "loyalty" consumers to the domain events (ADR 0009) and adds the
// expiry job.
import { ErrorBody } from "@casino/contract/errors";
import {
  LoyaltyAccountResponse,
  LoyaltyLevelList,
  LoyaltyLevelsQuery,
  PlayerQuestList,
  PlayerQuestParams,
  PlayerQuestResponse,
  PlayerQuestsQuery,
  QuestList,
  QuestListQuery,
  QuestParams,
} from "@casino/contract/retention";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { cachePrivate, cachePublic, errorResponses } from "../../lib/http";
import { playerOf, requirePlayer } from "../player/authenticate";
import { activateQuest } from "./activate-quest";
import { cancelPlayerQuest } from "./cancel-quest";
import { expireQuests } from "./expire-quests";
import { assertEnabled } from "./flags";
import { grantPendingRewards } from "./grant-rewards";
import { listPlayerQuests, listQuests } from "./list-quests";
import {
  getLoyaltyAccount,
  handleLoyaltyEvent,
  handleLoyaltyEvents,
  listLoyaltyLevels,
} from "./loyalty";
import { operatorQuestRoutes } from "./operator-routes";
import { handleQuestEvent, handleQuestEvents, QUEST_EVENT_TYPES } from "./quest-progress";
import { seedRetention } from "./seed-retention";

const authErrors = { 401: ErrorBody, 403: ErrorBody, ...errorResponses } as const;
const changeErrors = { ...authErrors, 409: ErrorBody } as const;
const EXPIRY_EVERY_MS = 30_000;
const PENDING_REWARDS_EVERY_MS = 10 * 60_000;

export async function retentionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await seedRetention(ctx.db);
  ctx.domainEvents.subscribe(
    "quests",
    QUEST_EVENT_TYPES,
    (tx, event) => handleQuestEvent(tx, ctx, event),
    { handleBatch: (tx, events) => handleQuestEvents(tx, ctx, events) },
  );
  ctx.domainEvents.subscribe(
    "loyalty",
    ["game.bet.settled", "game.bet.refunded"],
    (tx, event) => handleLoyaltyEvent(tx, ctx, event),
    { handleBatch: (tx, events) => handleLoyaltyEvents(tx, ctx, events) },
  );
  ctx.jobs.add({ name: "quest-expiry", everyMs: EXPIRY_EVERY_MS, run: () => expireQuests(ctx) });
  ctx.jobs.add({
    name: "quest-pending-rewards",
    everyMs: PENDING_REWARDS_EVERY_MS,
    run: () => grantPendingRewards(ctx),
  });

  // The operator's quests (OPERATOR_API_TOKEN).
  await operatorQuestRoutes(app, ctx);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requirePlayer(ctx);

  api.get(
    "/api/retention/quests",
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary: "Quests available now, with the player's run of each (QS-01, API-72)",
        querystring: QuestListQuery,
        response: { 200: QuestList, ...authErrors },
      },
    },
    async (request, reply) => {
      await assertEnabled(ctx, "quests");
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      return { data: await listQuests(ctx, profileId, request.query.currency ?? null) };
    },
  );

  api.get(
    "/api/retention/player-quests",
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary: "The player's quests by state[] and currency (QS-02, API-73)",
        querystring: PlayerQuestsQuery,
        response: { 200: PlayerQuestList, ...authErrors },
      },
    },
    async (request, reply) => {
      await assertEnabled(ctx, "quests");
      cachePrivate(reply);
      const { profileId } = playerOf(request);
      const { state, currency } = request.query;
      return { data: await listPlayerQuests(ctx, profileId, state, currency ?? null) };
    },
  );

  api.put(
    "/api/retention/quests/:id/activate",
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary: "Activate a quest (QS-03, API-74); 409 when active or completed",
        params: QuestParams,
        response: { 200: PlayerQuestResponse, ...changeErrors },
      },
    },
    async (request) => {
      await assertEnabled(ctx, "quests");
      const { profileId } = playerOf(request);
      return { data: await activateQuest(ctx, profileId, request.params.id) };
    },
  );

  api.put(
    "/api/retention/player-quests/:id/cancel",
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary: "Cancel an active quest (QS-04, API-75); 409 when it is not active",
        params: PlayerQuestParams,
        response: { 200: PlayerQuestResponse, ...changeErrors },
      },
    },
    async (request) => {
      await assertEnabled(ctx, "quests");
      const { profileId } = playerOf(request);
      return { data: await cancelPlayerQuest(ctx, profileId, request.params.id) };
    },
  );

  api.get(
    "/api/retention/account",
    {
      preHandler,
      schema: {
        tags: ["retention"],
        summary: "The loyalty account: points, currentLevel, nextLevel (LY-01, API-76)",
        response: { 200: LoyaltyAccountResponse, ...authErrors },
      },
    },
    async (request, reply) => {
      await assertEnabled(ctx, "loyalty");
      cachePrivate(reply);
      return { data: await getLoyaltyAccount(ctx.db, playerOf(request).profileId) };
    },
  );

  api.get(
    "/api/retention/levels",
    {
      schema: {
        tags: ["retention"],
        summary: "Loyalty levels in order, and how points are earned (LY-02, API-77)",
        querystring: LoyaltyLevelsQuery,
        response: { 200: LoyaltyLevelList, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertEnabled(ctx, "loyalty");
      cachePublic(reply, 60);
      const { levels, earnRules } = await listLoyaltyLevels(ctx.db, request.query.currency ?? null);
      return { data: levels, meta: { earnRules } };
    },
  );
}
