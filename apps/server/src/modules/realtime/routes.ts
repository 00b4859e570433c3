// GET /api/connection/websocket (RTM-01, BE-42): the WebSocket of the Centrifuge JSON protocol.
// A plain HTTP GET (no upgrade) answers 426.
import { REALTIME_PATH } from "@casino/contract/realtime";
import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../infra/errors";
import { verifySubscriptionToken } from "../chat/tokens";
import { authenticateConnection } from "./authenticate-connection";
import { RealtimeConnection, type RealtimeSocket } from "./connection";
import type { Realtime } from "./setup";

/** Largest command frame a client may send (they are a few hundred bytes). */
const MAX_PAYLOAD_BYTES = 64 * 1024;
const SERVER_VERSION = "casino-realtime 1";

export async function realtimeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  realtime: Realtime,
): Promise<void> {
  // In a scope of its own, so the plugin's hooks only see this route.
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, {
      options: { maxPayload: MAX_PAYLOAD_BYTES },
      // Closes the clients with 3001 "shutdown" (they reconnect, to another node behind a load
      // balancer) after the publisher stopped, then the WebSocket server.
      preClose: async function (this: FastifyInstance) {
        await realtime.close();
        await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
      },
    });

    scope.route({
      method: "GET",
      url: REALTIME_PATH,
      schema: { hide: true },
      handler: async () => {
        throw new AppError(426, 426, "Upgrade to a WebSocket");
      },
      wsHandler: (socket) => {
        new RealtimeConnection(socket as unknown as RealtimeSocket, {
          hub: realtime.hub,
          options: realtime.options,
          authenticate: (token) => authenticateConnection(ctx, token),
          now: ctx.now,
          version: SERVER_VERSION,
          log: scope.log,
          verifySubscription: (token, channel, profileId) =>
            verifySubscriptionToken(ctx.config.secrets.jwtSecret, {
              token,
              channel,
              profileId,
              now: ctx.now(),
            }),
        });
      },
    });
  });
}
