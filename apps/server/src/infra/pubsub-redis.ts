// The Redis pub/sub port (REDIS_URL): one connection publishes, one subscribes to a single
// Redis channel that carries every realtime message as `{channel, data}` JSON. Every node
// subscribes, the publishing node included, so each node delivers a message exactly through
// this path (never also locally). Redis pub/sub keeps the order of one publisher's messages;
// it keeps nothing for a node that is down, which is fine: the outbox publisher only marks a
// row once Redis took it, and a reconnecting browser refetches (onRealtimeReconnect).
import { Redis } from "ioredis";
import { dispatch, type PubSubListener, type PubSubMessage, type PubSubPort } from "./pubsub";

/** The Redis channel of the platform's realtime messages. */
export const REDIS_TOPIC = "casino:realtime";

export async function createRedisPubSub(options: {
  url: string;
  topic?: string;
  onError?: ((error: unknown) => void) | undefined;
}): Promise<PubSubPort> {
  const topic = options.topic ?? REDIS_TOPIC;
  const onError = options.onError ?? (() => {});
  // No offline queue on the publisher: while Redis is away a publish fails at once and the
  // outbox keeps the rows, instead of piling them up in memory.
  const publisher = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const client of [publisher, subscriber]) client.on("error", onError);

  const listeners = new Set<PubSubListener>();
  subscriber.on("message", (channel: string, text: string) => {
    if (channel !== topic) return;
    let message: PubSubMessage;
    try {
      message = JSON.parse(text) as PubSubMessage;
    } catch (error) {
      onError(error);
      return;
    }
    if (typeof message?.channel !== "string") return;
    dispatch(listeners, message, onError);
  });

  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    // ioredis subscribes again by itself after a reconnect.
    await subscriber.subscribe(topic);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }

  return {
    kind: "redis",
    async publish(messages) {
      if (messages.length === 0) return;
      const pipeline = publisher.pipeline();
      for (const message of messages) pipeline.publish(topic, JSON.stringify(message));
      const results = (await pipeline.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
