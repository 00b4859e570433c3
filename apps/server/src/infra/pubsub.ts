// The pub/sub port (DESIGN.md "Shape": realtime fan-out across nodes). The outbox publisher
// hands every committed event to `publish`; every node's realtime hub listens with `subscribe`
// and pushes the message to its own WebSocket clients. In-process by default (one node);
// Redis when REDIS_URL is set (pubsub-redis.ts), so a player connected to node A receives an
// event raised on node B.

/** One realtime message: the channel (e.g. `wallet:accounts#{profileId}`) and its JSON data. */
export interface PubSubMessage {
  channel: string;
  data: unknown;
}

export type PubSubListener = (message: PubSubMessage) => void;

export interface PubSubPort {
  readonly kind: "memory" | "redis";
  /**
   * Hands messages to the bus, in order. Resolves once the bus has them (Redis acknowledged
   * the PUBLISH); rejects when it cannot take them, so the caller keeps them for a retry.
   */
  publish(messages: readonly PubSubMessage[]): Promise<void>;
  /** Listens to every message of every node (this one included). Returns the unsubscribe. */
  subscribe(listener: PubSubListener): () => void;
  close(): Promise<void>;
}

/** Calls each listener, so one that throws does not keep the message from the others. */
export function dispatch(
  listeners: ReadonlySet<PubSubListener>,
  message: PubSubMessage,
  onError: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(message);
    } catch (error) {
      onError(error);
    }
  }
}

/** The one-node bus: publish calls the listeners at once. */
export function createMemoryPubSub(
  options: { onError?: (error: unknown) => void } = {},
): PubSubPort {
  const listeners = new Set<PubSubListener>();
  const onError = options.onError ?? (() => {});
  return {
    kind: "memory",
    async publish(messages) {
      for (const message of messages) dispatch(listeners, message, onError);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}

/** The port the configuration asks for: Redis with a URL, else in-process. */
export async function createPubSub(options: {
  redisUrl: string | null;
  onError?: (error: unknown) => void;
}): Promise<PubSubPort> {
  if (!options.redisUrl) return createMemoryPubSub(options);
  const { createRedisPubSub } = await import("./pubsub-redis");
  return createRedisPubSub({ url: options.redisUrl, onError: options.onError });
}
