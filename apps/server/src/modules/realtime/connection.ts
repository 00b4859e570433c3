// One WebSocket client speaking the Centrifuge JSON protocol (docs/realtime.md): connect with
// the access token (or none, as a guest), subscribe and unsubscribe, token refresh, the
// server's pings. Commands of one connection are handled in order, and each is answered well
// inside the client's 5 s time-out (RTM-05, BE-42): the only waits are the token check and one
// session lookup, cut off at `commandDeadlineMs` with a temporary error.
import { randomUUID } from "node:crypto";
import {
  isKnownChannel,
  isTokenChannel,
  parseChannel,
  publicChannels,
} from "@casino/contract/realtime";
import type { ConnectionAuth } from "./authenticate-connection";
import type { HubClient, RealtimeHub } from "./hub";
import {
  type Command,
  type ConnectRequest,
  type Disconnect,
  DisconnectCodes,
  decodeCommands,
  ErrorCodes,
  errorFrame,
  methodOf,
  PING_FRAME,
  type ProtocolError,
  type RefreshRequest,
  replyFrame,
  type SubscribeRequest,
} from "./protocol";

/** The parts of a `ws` WebSocket the connection uses. */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** `binary: false` sends a Buffer as a text frame (the protocol is JSON text). */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: "message", listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

const OPEN = 1;

export interface RealtimeOptions {
  /** Seconds between server pings, told to the client in the connect reply (Centrifugo: 25). */
  pingIntervalMs: number;
  /** A client that sends nothing this long after a ping is closed with 3012 "no pong". */
  pongTimeoutMs: number;
  /** A socket that has not connected this long after opening is closed with 3502 "stale". */
  connectTimeoutMs: number;
  /** An expired connection that did not refresh is closed this long after `exp` (3005). */
  expiryGraceMs: number;
  /** The longest a command may take before it is answered with a temporary error. */
  commandDeadlineMs: number;
  maxChannelsPerConnection: number;
  /** Queued outgoing bytes beyond which a client counts as slow and is closed (3008). */
  maxBufferedBytes: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  pingIntervalMs: 25_000,
  pongTimeoutMs: 8_000,
  connectTimeoutMs: 10_000,
  expiryGraceMs: 25_000,
  commandDeadlineMs: 4_000,
  maxChannelsPerConnection: 128,
  maxBufferedBytes: 4 * 1024 * 1024,
};

export interface ConnectionDeps {
  hub: RealtimeHub;
  options: RealtimeOptions;
  authenticate: (token: string) => Promise<ConnectionAuth>;
  now: () => Date;
  version: string;
  log: { warn(object: object, message: string): void };
  /**
   * Checks the subscription token of a channel that needs one (the chat's, isTokenChannel):
   * for that channel and this connection's profile (null: none), unexpired. Without it such
   * channels are refused (103).
   */
  verifySubscription?: (
    token: string,
    channel: string,
    profileId: string | null,
  ) => Promise<"ok" | "expired" | "denied">;
}

type Result = { reply: string } | { close: Disconnect };

class Deadline extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Deadline()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export class RealtimeConnection implements HubClient {
  readonly clientId = randomUUID();
  private state: "new" | "connecting" | "connected" | "closed" = "new";
  private profileId: string | null = null;
  private sessionId: string | null = null;
  private readonly channels = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private connectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private pongTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: RealtimeSocket,
    private readonly deps: ConnectionDeps,
  ) {
    deps.hub.add(this);
    this.connectTimer = setTimeout(
      () => this.disconnect(DisconnectCodes.stale),
      deps.options.connectTimeoutMs,
    );
    socket.on("message", (data, isBinary) => this.onFrame(data, isBinary));
    socket.on("close", () => this.cleanUp());
    socket.on("error", () => this.cleanUp());
  }

  /** Who this connection authenticated as (null: a guest, or not connected yet). */
  get identity(): { profileId: string; sessionId: string | null } | null {
    return this.profileId === null
      ? null
      : { profileId: this.profileId, sessionId: this.sessionId };
  }

  sendFrame(frame: string | Buffer): void {
    if (this.state === "closed" || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.deps.options.maxBufferedBytes) {
      this.disconnect(DisconnectCodes.slow);
      return;
    }
    if (typeof frame === "string") this.socket.send(frame);
    else this.socket.send(frame, { binary: false });
  }

  disconnect(disconnect: Disconnect): void {
    if (this.state === "closed") return;
    this.cleanUp();
    try {
      this.socket.close(disconnect.code, disconnect.reason);
    } catch {
      this.socket.terminate();
    }
  }

  /** A method, so checks after an await are not narrowed away by the compiler. */
  private isClosed(): boolean {
    return this.state === "closed";
  }

  private cleanUp(): void {
    if (this.state === "closed") return;
    this.state = "closed";
    for (const timer of [this.connectTimer, this.pingTimer, this.pongTimer, this.expiryTimer]) {
      if (timer) clearTimeout(timer);
    }
    this.deps.hub.remove(this, this.channels);
    this.channels.clear();
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    if (this.state === "closed") return;
    // Anything from the client proves it alive (the pong `{}` is the usual one).
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
    const commands = isBinary ? null : decodeCommands(data.toString("utf8"));
    if (!commands) {
      this.disconnect(DisconnectCodes.badRequest);
      return;
    }
    for (const command of commands) {
      this.queue = this.queue.then(() => this.handle(command));
    }
  }

  private async handle(command: Command): Promise<void> {
    if (this.state === "closed") return;
    const method = methodOf(command);
    if (method === null) return; // pong
    const id = command.id;
    if (!id) {
      // Every method this server knows is a call with an id.
      this.disconnect(DisconnectCodes.badRequest);
      return;
    }
    let result: Result;
    try {
      result = await this.dispatch(method, command, id);
    } catch (error) {
      if (!(error instanceof Deadline)) {
        this.deps.log.warn({ err: error, method }, "realtime command failed");
      }
      result = { reply: errorFrame(id, ErrorCodes.internal) };
    }
    if (this.isClosed()) return;
    if ("close" in result) this.disconnect(result.close);
    else this.sendFrame(result.reply);
  }

  private dispatch(method: string, command: Command, id: number): Promise<Result> | Result {
    if (method === "connect") return this.connect(command.connect ?? {}, id);
    if (this.state !== "connected") return { close: DisconnectCodes.badRequest };
    switch (method) {
      case "subscribe":
        return this.subscribeWithToken(command.subscribe ?? {}, id);
      case "unsubscribe":
        return this.unsubscribe(command.unsubscribe ?? {}, id);
      case "refresh":
        return this.refresh(command.refresh ?? {}, id);
      default:
        return { reply: errorFrame(id, ErrorCodes.methodNotFound) };
    }
  }

  private async connect(request: ConnectRequest, id: number): Promise<Result> {
    if (this.state !== "new") return { close: DisconnectCodes.badRequest };
    this.state = "connecting";
    const token = typeof request.token === "string" ? request.token : "";
    let expiresAt: Date | null = null;
    if (token !== "") {
      const auth = await withDeadline(
        this.deps.authenticate(token),
        this.deps.options.commandDeadlineMs,
      ).catch((error: unknown) => {
        this.state = "new";
        throw error;
      });
      if (auth.kind !== "player") {
        this.state = "new";
        return this.authFailure(auth, id);
      }
      this.profileId = auth.profileId;
      this.sessionId = auth.sessionId;
      expiresAt = auth.expiresAt;
    }
    this.state = "connected";
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.schedulePing();
    const result: Record<string, unknown> = {
      client: this.clientId,
      version: this.deps.version,
      ping: Math.round(this.deps.options.pingIntervalMs / 1000),
      pong: true,
    };
    if (expiresAt) Object.assign(result, this.expiry(expiresAt));
    return { reply: replyFrame(id, "connect", result) };
  }

  private authFailure(auth: Exclude<ConnectionAuth, { kind: "player" }>, id: number): Result {
    if (auth.kind === "expired") return { reply: errorFrame(id, ErrorCodes.tokenExpired) };
    if (auth.kind === "blocked") return { close: DisconnectCodes.permissionDenied };
    return { close: DisconnectCodes.invalidToken };
  }

  /** `expires`/`ttl` of a reply, and the timer that ends a connection nobody refreshed. */
  private expiry(expiresAt: Date): { expires: true; ttl: number } {
    const ms = expiresAt.getTime() - this.deps.now().getTime();
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = setTimeout(
      () => this.disconnect(DisconnectCodes.expired),
      Math.max(0, ms) + this.deps.options.expiryGraceMs,
    );
    return { expires: true, ttl: Math.max(1, Math.floor(ms / 1000)) };
  }

  private async refresh(request: RefreshRequest, id: number): Promise<Result> {
    if (this.profileId === null) return { reply: errorFrame(id, ErrorCodes.badRequest) };
    const token = typeof request.token === "string" ? request.token : "";
    if (token === "") return { close: DisconnectCodes.invalidToken };
    const auth = await withDeadline(
      this.deps.authenticate(token),
      this.deps.options.commandDeadlineMs,
    );
    // As Centrifugo: an expired token here ends the connection; the reconnect gets a 109.
    if (auth.kind === "expired") return { close: DisconnectCodes.expired };
    if (auth.kind !== "player") return this.authFailure(auth, id);
    if (auth.profileId !== this.profileId) return { close: DisconnectCodes.invalidToken };
    this.sessionId = auth.sessionId;
    return { reply: replyFrame(id, "refresh", this.expiry(auth.expiresAt)) };
  }

  /** A token channel (the chat's) first checks the request's subscription token (109, 103). */
  private async subscribeWithToken(request: SubscribeRequest, id: number): Promise<Result> {
    const channel = request.channel;
    if (typeof channel !== "string" || !isTokenChannel(channel)) return this.subscribe(request, id);
    const token = typeof request.token === "string" ? request.token : "";
    const verify = this.deps.verifySubscription;
    if (token === "" || !verify) return { reply: errorFrame(id, ErrorCodes.permissionDenied) };
    const check = await withDeadline(
      verify(token, channel, this.profileId),
      this.deps.options.commandDeadlineMs,
    );
    if (check === "expired") return { reply: errorFrame(id, ErrorCodes.tokenExpired) };
    if (check !== "ok") return { reply: errorFrame(id, ErrorCodes.permissionDenied) };
    return this.subscribe(request, id, true);
  }

  private subscribe(request: SubscribeRequest, id: number, tokenChecked = false): Result {
    const channel = request.channel;
    if (typeof channel !== "string" || channel === "") {
      return { reply: errorFrame(id, ErrorCodes.badRequest) };
    }
    const refusal = tokenChecked ? null : this.refusal(channel);
    if (refusal) return { reply: errorFrame(id, refusal) };
    if (this.channels.has(channel)) return { reply: errorFrame(id, ErrorCodes.alreadySubscribed) };
    if (this.channels.size >= this.deps.options.maxChannelsPerConnection) {
      return { reply: errorFrame(id, ErrorCodes.limitExceeded) };
    }
    this.channels.add(channel);
    this.deps.hub.subscribe(this, channel);
    return { reply: replyFrame(id, "subscribe", {}) };
  }

  /** Why this connection may not subscribe to the channel, or null when it may (BE-42). */
  private refusal(channel: string): ProtocolError | null {
    if (!isKnownChannel(channel)) return ErrorCodes.unknownChannel;
    if (publicChannels.includes(channel)) return null;
    const { owner } = parseChannel(channel);
    return owner === this.profileId ? null : ErrorCodes.permissionDenied;
  }

  private unsubscribe(request: SubscribeRequest, id: number): Result {
    const channel = request.channel;
    if (typeof channel !== "string") return { reply: errorFrame(id, ErrorCodes.badRequest) };
    if (this.channels.delete(channel)) this.deps.hub.unsubscribe(this, channel);
    return { reply: replyFrame(id, "unsubscribe", {}) };
  }

  private schedulePing(): void {
    this.pingTimer = setTimeout(() => {
      if (this.state !== "connected") return;
      this.sendFrame(PING_FRAME);
      if (!this.pongTimer) {
        this.pongTimer = setTimeout(
          () => this.disconnect(DisconnectCodes.noPong),
          this.deps.options.pongTimeoutMs,
        );
      }
      this.schedulePing();
    }, this.deps.options.pingIntervalMs);
  }
}
