// This node's WebSocket clients and their channels. Messages from the pub/sub port (any
// node's outbox publisher) are pushed to the local subscribers of their channel.
import type { PubSubMessage } from "../../infra/pubsub";
import { disconnectMatches, parseDisconnect } from "./control";
import { type Disconnect, DisconnectCodes, publicationFrame } from "./protocol";

/** What the hub needs of a connection. */
export interface HubClient {
  /**
   * Sends one ready-made text frame; a client that cannot keep up is closed by it. A publication
   * comes as UTF-8 bytes encoded once for all its subscribers (see deliver).
   */
  sendFrame(frame: string | Buffer): void;
  disconnect(disconnect: Disconnect): void;
  /** Who the connection authenticated as (null: a guest or not connected yet). */
  readonly identity?: { profileId: string; sessionId: string | null } | null;
}

export class RealtimeHub {
  private readonly clients = new Set<HubClient>();
  private readonly channels = new Map<string, Set<HubClient>>();

  add(client: HubClient): void {
    this.clients.add(client);
  }

  /** Forgets the client and all of its subscriptions. */
  remove(client: HubClient, channels: Iterable<string>): void {
    this.clients.delete(client);
    for (const channel of channels) this.unsubscribe(client, channel);
  }

  subscribe(client: HubClient, channel: string): void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(client);
  }

  unsubscribe(client: HubClient, channel: string): void {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) this.channels.delete(channel);
  }

  /** Pushes a publication to this node's subscribers of its channel; returns how many. */
  deliver(message: PubSubMessage): number {
    const set = this.channels.get(message.channel);
    if (!set) return 0;
    // Encoded once: a string would be measured and encoded again for every socket.
    const frame = Buffer.from(publicationFrame(message.channel, message.data));
    for (const client of set) client.sendFrame(frame);
    return set.size;
  }

  /**
   * Acts on a control message of the bus (control.ts): a disconnect closes this node's
   * connections of the ended session (or player) with 3500; returns how many.
   */
  control(data: unknown): number {
    const message = parseDisconnect(data);
    if (!message) return 0;
    let closed = 0;
    for (const client of [...this.clients]) {
      if (!disconnectMatches(message, client.identity ?? null)) continue;
      client.disconnect(DisconnectCodes.invalidToken);
      closed += 1;
    }
    return closed;
  }

  /** Closes every connection (shutdown: 3001, the clients reconnect to another node). */
  disconnectAll(disconnect: Disconnect): void {
    for (const client of [...this.clients]) client.disconnect(disconnect);
  }

  stats(): { connections: number; channels: number } {
    return { connections: this.clients.size, channels: this.channels.size };
  }
}
