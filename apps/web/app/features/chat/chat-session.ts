// One tab's built-in chat (issue 26): the conversation, its messages and the live channel, held
// outside React so the launcher's badge and the window share them and the window can close and
// open again without reloading anything. History loads when the conversation does; the channel's
// publications add to it; each time the server confirms the channel's subscription (the first
// time and after every reconnect) the session asks for what came after its newest message, so a
// dropped connection never loses one.
import { chatConversationChannel } from "@casino/contract/realtime";
import { ApiError } from "../../lib/api/api-error";
import {
  isRealtimeStarted,
  onRealtimeSubscribed,
  startRealtime,
  subscribeRealtime,
} from "../../lib/realtime/realtime";
import {
  type ChatApiError,
  type ChatConversation,
  type ChatMessage,
  continueByEmail,
  listMessages,
  markRead,
  openConversation,
  readConversation,
  realtimeToken,
  sendAttachment,
  sendMessage,
  sendTyping,
} from "./chat-api";
import {
  type ChatProblem,
  isAfter,
  mergeMessages,
  newestId,
  nextReadMark,
  type PendingMessage,
  problemOf,
  stillPending,
  unreadBeyondPage,
  unreadCount,
} from "./chat-rules";

/** Mirror of CHAT_LIMITS (packages/contract/src/chat.ts), kept here so this chunk has no zod. */
export const CHAT_UI_LIMITS = Object.freeze({
  messageMaxLength: 2000,
  attachmentMaxBytes: 10 * 1024 * 1024,
  typingShowMs: 6000,
  /** A typing call at most this often while the player types. */
  typingEveryMs: 3000,
  pageSize: 50,
});

export type ChatState = {
  /** idle: nothing asked yet; none: no conversation yet (the window starts one). */
  phase: "idle" | "loading" | "none" | "ready" | "unavailable" | "error";
  open: boolean;
  conversation: Omit<ChatConversation, "realtime" | "unread"> | null;
  messages: ChatMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  pending: PendingMessage[];
  unread: number;
  /** Staff typing: their name ("" when unnamed), or null. */
  staffTyping: string | null;
  /** The latest problem of a send or an upload. */
  problem: ChatProblem | null;
};

const INITIAL: ChatState = {
  phase: "idle",
  open: false,
  conversation: null,
  messages: [],
  hasOlder: false,
  loadingOlder: false,
  pending: [],
  unread: 0,
  staffTyping: null,
  problem: null,
};

type Event =
  | { type: "chat.message.created"; message: ChatMessage }
  | {
      type: "chat.conversation.updated";
      conversation: Omit<ChatConversation, "realtime" | "unread">;
    }
  | { type: "chat.typing"; author?: { name?: string | null } };

const uuid = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

export class ChatSession {
  private state: ChatState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private token: { value: string; expiresAt: number } | null = null;
  private stopChannel: (() => void) | null = null;
  private stopSubscribed: (() => void) | null = null;
  /** Unread messages older than the first loaded page (counted by the server at the open). */
  private olderUnread = 0;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastTypingSent = 0;
  private catchingUp: Promise<void> | null = null;
  private loading: Promise<void> | null = null;
  private disposed = false;
  private readonly onVisible = () => this.markReadIfSeen();

  constructor(private readonly options: { loggedIn: boolean; locale: string }) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): ChatState => this.state;

  private set(patch: Partial<ChatState>): void {
    if (this.disposed) return;
    const next = { ...this.state, ...patch };
    next.unread = next.conversation
      ? unreadCount(next.messages, next.conversation.playerReadId, this.olderUnread)
      : 0;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  /** Finds an existing conversation (creating nothing), for the badge before the window opens. */
  start(): Promise<void> {
    if (this.state.phase !== "idle") return this.loading ?? Promise.resolve();
    document.addEventListener("visibilitychange", this.onVisible);
    return this.load(async () => {
      try {
        return await readConversation();
      } catch (error) {
        // 404 without the chat's own code: no conversation yet (the window starts one).
        if (error instanceof ApiError && error.status === 404 && error.code !== 15001) return null;
        throw error;
      }
    });
  }

  /** Opens the window: starts the conversation when there is none yet; marks what shows read. */
  async openWindow(): Promise<void> {
    this.set({ open: true });
    if (this.loading) await this.loading;
    if (this.state.phase === "ready") {
      this.markReadIfSeen();
      return;
    }
    await this.load(() => openConversation(this.options.locale));
    this.markReadIfSeen();
  }

  /** Reads the conversation (null: none yet) and its latest messages. */
  private load(read: () => Promise<ChatConversation | null>): Promise<void> {
    this.set({ phase: "loading" });
    const run = async () => {
      try {
        const conversation = await read();
        if (!conversation) {
          this.set({ phase: "none" });
          return;
        }
        this.adopt(conversation);
        await this.loadLatest();
      } catch (error) {
        this.set({
          phase: error instanceof ApiError && error.code === 15001 ? "unavailable" : "error",
        });
      }
    };
    const loading = run().finally(() => {
      if (this.loading === loading) this.loading = null;
    });
    this.loading = loading;
    return loading;
  }

  closeWindow(): void {
    this.set({ open: false });
  }

  /** Tries the failed start again (the window's "Try again"). */
  retry(): void {
    void this.openWindow();
  }

  private adopt(conversation: ChatConversation): void {
    const { realtime, unread, ...rest } = conversation;
    this.token = { value: realtime.token, expiresAt: Date.parse(realtime.expiresAt) };
    this.olderUnread = unread;
    this.set({ conversation: rest });
    this.listen(conversation.id);
  }

  private async loadLatest(): Promise<void> {
    const page = await listMessages({ limit: CHAT_UI_LIMITS.pageSize });
    const conversation = this.state.conversation;
    this.olderUnread = page.meta.hasMore
      ? unreadBeyondPage(this.olderUnread, page.data, conversation?.playerReadId ?? null)
      : 0;
    this.set({
      phase: "ready",
      messages: mergeMessages(this.state.messages, page.data),
      hasOlder: page.meta.hasMore,
    });
  }

  /** The page before the oldest loaded message. */
  async loadOlder(): Promise<void> {
    const oldest = this.state.messages[0]?.id;
    if (!oldest || !this.state.hasOlder || this.state.loadingOlder) return;
    this.set({ loadingOlder: true });
    try {
      const page = await listMessages({ before: oldest, limit: CHAT_UI_LIMITS.pageSize });
      this.set({
        messages: mergeMessages(this.state.messages, page.data),
        hasOlder: page.meta.hasMore,
        loadingOlder: false,
      });
    } catch {
      this.set({ loadingOlder: false });
    }
  }

  /** The conversation's channel: live messages, state changes and typing. */
  private listen(conversationId: string): void {
    if (this.stopChannel || this.disposed) return;
    const channel = chatConversationChannel(conversationId);
    // A guest's tab has no realtime connection until the chat needs one (players have theirs).
    if (!this.options.loggedIn && !isRealtimeStarted()) startRealtime(null);
    this.stopSubscribed = onRealtimeSubscribed((subscribed) => {
      if (subscribed === channel) void this.catchUp();
    });
    this.stopChannel = subscribeRealtime(
      channel,
      (data) => this.onEvent(data as Event),
      () => this.subscriptionToken(),
    );
  }

  /** The channel's subscription token: the one the conversation came with, or a fresh one. */
  private async subscriptionToken(): Promise<string> {
    const token = this.token;
    if (token && token.expiresAt - Date.now() > 10_000) {
      // Used once: a later ask is a reconnect or an expiry, which gets a fresh one.
      this.token = null;
      return token.value;
    }
    const fresh = await realtimeToken();
    return fresh.token;
  }

  /**
   * Everything after the newest message held (after a reconnect), page by page. A confirmation
   * that comes while the first page loads waits for it: a message between that page and the
   * subscription is caught here.
   */
  private catchUp(): Promise<void> {
    if (this.catchingUp) return this.catchingUp;
    const run = async () => {
      if (this.loading) await this.loading;
      for (let pages = 0; pages < 20 && !this.disposed; pages += 1) {
        if (this.state.phase !== "ready") return;
        const after = newestId(this.state.messages);
        const page = await listMessages(
          after ? { after, limit: 100 } : { limit: CHAT_UI_LIMITS.pageSize },
        );
        this.receive(page.data);
        if (!page.meta.hasMore || !after) return;
      }
    };
    this.catchingUp = run()
      .catch(() => undefined)
      .finally(() => {
        this.catchingUp = null;
      });
    return this.catchingUp;
  }

  private receive(messages: ChatMessage[]): void {
    if (messages.length === 0) return;
    const merged = mergeMessages(this.state.messages, messages);
    const fromStaff = messages.some((message) => message.author.type === "staff");
    this.set({
      messages: merged,
      pending: stillPending(this.state.pending, merged),
      ...(fromStaff ? { staffTyping: null } : {}),
    });
    this.markReadIfSeen();
  }

  private onEvent(event: Event): void {
    if (event.type === "chat.message.created") this.receive([event.message]);
    else if (event.type === "chat.conversation.updated") {
      const current = this.state.conversation;
      // Read marks only move forward (an older update may arrive after a newer answer).
      const playerReadId =
        current?.playerReadId &&
        !isAfter(event.conversation.playerReadId ?? "0", current.playerReadId)
          ? current.playerReadId
          : event.conversation.playerReadId;
      this.set({ conversation: { ...event.conversation, playerReadId } });
    } else if (event.type === "chat.typing") {
      if (this.typingTimer) clearTimeout(this.typingTimer);
      this.typingTimer = setTimeout(
        () => this.set({ staffTyping: null }),
        CHAT_UI_LIMITS.typingShowMs,
      );
      this.set({ staffTyping: event.author?.name ?? "" });
    }
  }

  /** Marks the newest message read while the window is open and the tab visible. */
  private markReadIfSeen(): void {
    const conversation = this.state.conversation;
    if (!this.state.open || !conversation || document.visibilityState === "hidden") return;
    const mark = nextReadMark(this.state.messages, conversation.playerReadId);
    if (!mark) return;
    this.olderUnread = 0;
    this.set({ conversation: { ...conversation, playerReadId: mark } });
    markRead(mark).catch(() => undefined);
  }

  /** Sends a message: shown at once as "sending", replaced by the server's copy. */
  async send(text: string, clientId = uuid()): Promise<boolean> {
    const trimmed = text.trim();
    if (!trimmed) return false;
    const item: PendingMessage = { clientId, text: trimmed, state: "sending" };
    this.set({
      problem: null,
      pending: [...this.state.pending.filter((p) => p.clientId !== clientId), item],
    });
    try {
      const message = await sendMessage(trimmed, clientId);
      this.receive([message]);
      this.set({ pending: this.state.pending.filter((p) => p.clientId !== clientId) });
      return true;
    } catch (error) {
      const problem = problemOf(
        error,
        { maxLength: CHAT_UI_LIMITS.messageMaxLength },
        (error as ChatApiError).retryAfter,
      );
      this.set({
        problem,
        pending: this.state.pending.map((p) =>
          p.clientId === clientId ? { ...p, state: "failed", error: problem } : p,
        ),
      });
      return false;
    }
  }

  /** Sends a failed message again (same clientId: the server takes it once). */
  resend(clientId: string): void {
    const item = this.state.pending.find((p) => p.clientId === clientId);
    if (item) void this.send(item.text, clientId);
  }

  discard(clientId: string): void {
    this.set({ pending: this.state.pending.filter((p) => p.clientId !== clientId) });
  }

  async attach(file: File): Promise<boolean> {
    this.set({ problem: null });
    if (file.size > CHAT_UI_LIMITS.attachmentMaxBytes) {
      this.set({ problem: { key: "fileTooLarge", fallback: "The file is too large." } });
      return false;
    }
    try {
      this.receive([await sendAttachment(file)]);
      return true;
    } catch (error) {
      this.set({
        problem: problemOf(
          error,
          { maxLength: CHAT_UI_LIMITS.messageMaxLength },
          (error as ChatApiError).retryAfter,
        ),
      });
      return false;
    }
  }

  /** The player is typing: tells staff at most every 3 s. */
  typing(): void {
    const now = Date.now();
    if (this.state.phase !== "ready" || now - this.lastTypingSent < CHAT_UI_LIMITS.typingEveryMs) {
      return;
    }
    this.lastTypingSent = now;
    sendTyping().catch(() => undefined);
  }

  async saveEmail(email: string): Promise<void> {
    const { realtime: _realtime, unread: _unread, ...rest } = await continueByEmail(email);
    this.set({ conversation: rest });
  }

  clearProblem(): void {
    this.set({ problem: null });
  }

  dispose(): void {
    this.disposed = true;
    this.stopChannel?.();
    this.stopSubscribed?.();
    if (this.typingTimer) clearTimeout(this.typingTimer);
    if (typeof document !== "undefined") {
      document.removeEventListener("visibilitychange", this.onVisible);
    }
    this.listeners.clear();
  }
}
