// The realtime module's parts for one app: the pub/sub port (REDIS_URL or in-process), this
// node's hub of WebSocket clients fed by it, and the outbox publisher. buildApp wires them:
// the context's database handle nudges the publisher after commits (commit-hook.ts), the
// route serves /api/connection/websocket, and preClose stops it all before the database closes.
import type { Db } from "../../infra/db";
import { createPubSub, type PubSubPort } from "../../infra/pubsub";
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions } from "./connection";
import { CONTROL_CHANNEL } from "./control";
import { RealtimeHub } from "./hub";
import { OutboxPublisher, type OutboxPublisherOptions } from "./outbox-publisher";
import { DisconnectCodes } from "./protocol";

export interface RealtimeSettings {
  /** Run the outbox publisher (default true). */
  publisher?: boolean;
  connection?: Partial<RealtimeOptions>;
  outbox?: Partial<OutboxPublisherOptions>;
  /** A ready port (tests); otherwise one is made from the configuration. */
  pubsub?: PubSubPort;
}

export interface Realtime {
  hub: RealtimeHub;
  pubsub: PubSubPort;
  publisher: OutboxPublisher;
  options: RealtimeOptions;
  /** Stops publishing, closes the clients (3001: they reconnect elsewhere) and the port. */
  close(): Promise<void>;
}

export interface RealtimeLog {
  error(object: object, message: string): void;
}

export async function setUpRealtime(input: {
  db: Db;
  redisUrl: string | null;
  log: RealtimeLog;
  settings?: RealtimeSettings;
}): Promise<Realtime> {
  const { db, log, settings = {} } = input;
  const onError = (error: unknown) => log.error({ err: error }, "realtime pub/sub error");
  const pubsub = settings.pubsub ?? (await createPubSub({ redisUrl: input.redisUrl, onError }));
  const hub = new RealtimeHub();
  const unsubscribe = pubsub.subscribe((message) => {
    if (message.channel === CONTROL_CHANNEL) hub.control(message.data);
    else hub.deliver(message);
  });
  const publisher = new OutboxPublisher(db, pubsub, log, settings.outbox);
  if (settings.publisher ?? true) publisher.start();
  let closed = false;
  return {
    hub,
    pubsub,
    publisher,
    options: { ...DEFAULT_REALTIME_OPTIONS, ...settings.connection },
    async close() {
      if (closed) return;
      closed = true;
      await publisher.stop();
      hub.disconnectAll(DisconnectCodes.shutdown);
      unsubscribe();
      if (!settings.pubsub) await pubsub.close();
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The realtime parts (buildApp); tests reach the hub and the publisher through it. */
    realtime: Realtime;
  }
}
