// One conversation of the support desk (issue 26): its messages (internal notes marked apart, the
// player's read mark, the player typing), the reply box with canned replies and internal notes,
// assign to me, transfer, back to the queue, close and reopen; beside it the player's context
// (profile, balances, payments, bonuses, limits, verification) with a link to the player page.
import type {
  CannedReply,
  ChatMessage,
  ChatMessageList,
  ChatStaff,
  DeskConversation,
  DeskPlayerContext,
} from "@casino/contract/chat";
import { chatTextParts, compareMessageIds } from "@casino/contract/chat-text";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "./api";
import type { Desk } from "./app";
import { listenDesk } from "./support-live";
import { describeError, Link, Loading, Table, useLoad, when } from "./ui";

const STATUS = { 1: "Active", 2: "Limited", 3: "Blocked" } as Record<number, string>;
/** ChatErrorCode.ConversationClosed (the contract's, without its zod schemas). */
const CONVERSATION_CLOSED = 15009;
const TYPING_SHOW_MS = 6000;

function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => compareMessageIds(a.id, b.id));
}

/** Who a conversation is with: the player, the guest's name or e-mail, or "Guest". */
export function whoOf(conversation: DeskConversation): string {
  const player = conversation.player;
  if (player) return player.email ?? player.nickname ?? player.id;
  return conversation.guest?.name ?? conversation.guest?.email ?? "Guest";
}

const isPlayerSide = (message: ChatMessage) =>
  message.author.type === "player" || message.author.type === "guest";

/** A message's text: text nodes, and links for http(s) addresses only. */
function MessageText({ value }: { value: string }) {
  return (
    <>
      {chatTextParts(value).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function ConversationPane({
  desk,
  id,
  onChanged,
}: {
  desk: Desk;
  id: string;
  onChanged: () => void;
}) {
  const base = `/chat/conversations/${id}`;
  const [conversation, setConversation] = useState<DeskConversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [playerTyping, setPlayerTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const newest = useRef<string | null>(null);
  newest.current = messages.at(-1)?.id ?? null;
  const readMark = useRef<string | null>(null);

  const markRead = useCallback(
    (list: ChatMessage[]) => {
      const last = list.filter(isPlayerSide).at(-1)?.id;
      if (!last || document.visibilityState === "hidden") return;
      if (readMark.current && compareMessageIds(last, readMark.current) <= 0) return;
      readMark.current = last;
      desk.api
        .send<{ data: DeskConversation }>("POST", `${base}/read`, { lastReadId: last })
        .then((answer) => {
          setConversation(answer.data);
          onChanged();
        })
        .catch(() => undefined);
    },
    [desk.api, base, onChanged],
  );

  // The conversation and its latest page.
  useEffect(() => {
    let live = true;
    Promise.all([
      desk.api.get<{ data: DeskConversation }>(base),
      desk.api.get<ChatMessageList>(`${base}/messages?limit=50`),
    ]).then(
      ([found, page]) => {
        if (!live) return;
        setConversation(found.data);
        readMark.current = found.data.staffReadId;
        setMessages(page.data);
        setHasOlder(page.meta.hasMore);
        markRead(page.data);
      },
      (problem: unknown) => live && setError(describeError(problem)),
    );
    return () => {
      live = false;
    };
  }, [desk.api, base, markRead]);

  // Live: this conversation's messages, changes and typing; after a reconnect, what was missed.
  useEffect(() => {
    const catchUp = async () => {
      for (let pages = 0; pages < 20; pages += 1) {
        const after = newest.current;
        if (!after) return;
        const page = await desk.api.get<ChatMessageList>(
          `${base}/messages?after=${after}&limit=100`,
        );
        setMessages((current) => merge(current, page.data));
        newest.current = page.data.at(-1)?.id ?? after;
        if (!page.meta.hasMore) return;
      }
    };
    return listenDesk(
      desk.api,
      (event) => {
        if (event.type === "chat.message.created" && event.message.conversationId === id) {
          setMessages((current) => {
            const next = merge(current, [event.message]);
            if (isPlayerSide(event.message)) markRead(next);
            return next;
          });
          if (isPlayerSide(event.message)) setPlayerTyping(false);
        } else if (event.type === "chat.conversation.updated" && event.conversation.id === id) {
          setConversation(event.conversation);
        } else if (
          event.type === "chat.typing" &&
          event.conversationId === id &&
          event.author.type !== "staff"
        ) {
          setPlayerTyping(true);
          if (typingTimer.current) clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setPlayerTyping(false), TYPING_SHOW_MS);
        }
      },
      () => void catchUp().catch(() => undefined),
    );
  }, [desk.api, base, id, markRead]);

  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  const loadOlder = async () => {
    const oldest = messages[0]?.id;
    if (!oldest) return;
    const page = await desk.api.get<ChatMessageList>(`${base}/messages?before=${oldest}&limit=50`);
    setMessages((current) => merge(current, page.data));
    setHasOlder(page.meta.hasMore);
  };

  const act = async (path: string, body?: unknown) => {
    const answer = await desk.api.send<{ data: DeskConversation }>("POST", `${base}${path}`, body);
    setConversation(answer.data);
    onChanged();
  };

  if (!conversation) {
    return (
      <section className="support-conversation" aria-label="Conversation">
        <Loading error={error} />
      </section>
    );
  }
  // The desk's own staff id is the server's to know; its name is what this page has.
  const mine = conversation.assignee?.name === desk.operator.name;
  return (
    <>
      <section className="support-conversation" aria-labelledby="conversation-title">
        <header className="support-conversation__head">
          <h2 id="conversation-title">{whoOf(conversation)}</h2>
          <p className="hint">
            {conversation.source === "contact" ? "Contact form" : "Chat"} ·{" "}
            {conversation.status === "open" ? "Open" : "Closed"} ·{" "}
            {conversation.assignee ? `Assigned to ${conversation.assignee.name}` : "Unassigned"}
            {conversation.locale ? ` · ${conversation.locale}` : ""} · started{" "}
            {when(conversation.createdAt)}
          </p>
          {conversation.subject ? (
            <p>
              <strong>Subject:</strong> {conversation.subject}
            </p>
          ) : null}
          <Actions desk={desk} conversation={conversation} mine={mine} act={act} />
        </header>
        <div className="support-log" role="log" aria-label="Messages">
          {hasOlder ? (
            <button type="button" onClick={() => void loadOlder()}>
              Show earlier messages
            </button>
          ) : null}
          <ol className="support-messages">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                seen={
                  message.author.type === "staff" &&
                  message.kind === "message" &&
                  conversation.playerReadId !== null &&
                  compareMessageIds(message.id, conversation.playerReadId) <= 0
                }
              />
            ))}
          </ol>
          {playerTyping ? <p className="support-typing">The player is typing…</p> : null}
        </div>
        <Reply
          desk={desk}
          conversation={conversation}
          base={base}
          onSent={(message) => {
            setMessages((current) => merge(current, [message]));
            onChanged();
          }}
          act={act}
        />
      </section>
      <PlayerContext desk={desk} conversation={conversation} />
    </>
  );
}

function Actions({
  desk,
  conversation,
  mine,
  act,
}: {
  desk: Desk;
  conversation: DeskConversation;
  mine: boolean;
  act: (path: string, body?: unknown) => Promise<void>;
}) {
  const staff = useLoad(() => desk.api.get<{ data: ChatStaff[] }>("/chat/staff"), []);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const transferId = useId();
  const run = async (path: string, body?: unknown) => {
    setBusy(true);
    setProblem(null);
    try {
      await act(path, body);
    } catch (error) {
      setProblem(describeError(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="support-actions">
      {!mine ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void run("/assign", { assignee: "me" })}
        >
          Assign to me
        </button>
      ) : null}
      <form
        aria-label="Transfer"
        onSubmit={(event) => {
          event.preventDefault();
          const to = String(new FormData(event.currentTarget).get("assignee") ?? "");
          if (to) void run("/assign", { assignee: to });
        }}
      >
        <label htmlFor={transferId}>Transfer to</label>
        <select id={transferId} name="assignee" defaultValue="">
          <option value="" disabled>
            Choose staff
          </option>
          {(staff.data?.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
              {member.online ? " (online)" : ""}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy}>
          Transfer
        </button>
      </form>
      {conversation.assignee ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void run("/assign", { assignee: null })}
        >
          Back to the queue
        </button>
      ) : null}
      {conversation.status === "open" ? (
        <button type="button" disabled={busy} onClick={() => void run("/close")}>
          Close conversation
        </button>
      ) : (
        <button type="button" disabled={busy} onClick={() => void run("/reopen")}>
          Reopen conversation
        </button>
      )}
      {problem ? (
        <p role="alert" className="problem">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function MessageItem({ message, seen }: { message: ChatMessage; seen: boolean }) {
  const note = message.kind === "note";
  const author =
    message.author.type === "player"
      ? "Player"
      : message.author.type === "guest"
        ? "Guest"
        : message.author.type === "system"
          ? "System"
          : (message.author.name ?? "Staff");
  const attachment = message.attachment;
  return (
    <li
      className={`support-message support-message--${note ? "note" : message.author.type}`}
      data-message-id={message.id}
    >
      <p className="support-message__meta">
        {note ? <strong>Internal note · </strong> : null}
        {author} · <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
        {seen ? " · Seen" : ""}
      </p>
      {message.text ? (
        <p className="support-message__text">
          <MessageText value={message.text} />
        </p>
      ) : null}
      {attachment ? (
        attachment.contentType === "application/pdf" ? (
          <a href={safeUrl(attachment.url)} target="_blank" rel="noopener noreferrer">
            PDF: {attachment.fileName}
          </a>
        ) : (
          <a href={safeUrl(attachment.url)} target="_blank" rel="noopener noreferrer">
            <img
              className="support-image"
              src={safeUrl(attachment.url)}
              alt={attachment.fileName}
            />
          </a>
        )
      ) : null}
    </li>
  );
}

/** The attachment's link when it is this site's or http(s); otherwise nothing to follow. */
function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function Reply({
  desk,
  conversation,
  base,
  onSent,
  act,
}: {
  desk: Desk;
  conversation: DeskConversation;
  base: string;
  onSent: (message: ChatMessage) => void;
  act: (path: string, body?: unknown) => Promise<void>;
}) {
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const clientId = useRef(crypto.randomUUID());
  const lastTyping = useRef(0);
  const replyId = useId();
  const cannedId = useId();
  const locale = conversation.locale ?? "";
  const canned = useLoad(
    () =>
      desk.api.get<{ data: CannedReply[] }>(
        `/chat/canned-replies${locale ? `?locale=${encodeURIComponent(locale)}` : ""}`,
      ),
    [locale],
  );

  const submit = async (kind: "reply" | "note", event?: FormEvent) => {
    event?.preventDefault();
    const value = draft.trim();
    if (!value) return;
    setBusy(true);
    setResult(null);
    try {
      const answer =
        kind === "reply"
          ? await desk.api.send<{ data: ChatMessage }>("POST", `${base}/messages`, {
              text: value,
              clientId: clientId.current,
            })
          : await desk.api.send<{ data: ChatMessage }>("POST", `${base}/notes`, { text: value });
      if (kind === "reply") clientId.current = crypto.randomUUID();
      onSent(answer.data);
      setDraft("");
      setResult({ ok: true, text: kind === "reply" ? "Reply sent." : "Note added." });
    } catch (error) {
      setResult({
        ok: false,
        text:
          error instanceof ApiError && error.code === CONVERSATION_CLOSED
            ? "The conversation is closed: reopen it to reply."
            : describeError(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="support-reply"
      aria-label="Reply"
      onSubmit={(event) => void submit("reply", event)}
    >
      <div className="field">
        <label htmlFor={cannedId}>Canned reply</label>
        <select
          id={cannedId}
          value=""
          onChange={(event) => {
            const reply = canned.data?.data.find((item) => item.id === event.target.value);
            if (reply)
              setDraft((current) => (current.trim() ? `${current}\n${reply.text}` : reply.text));
          }}
        >
          <option value="">
            {canned.data?.data.length ? "Insert a canned reply…" : "None yet"}
          </option>
          {(canned.data?.data ?? []).map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field wide">
        <label htmlFor={replyId}>Message</label>
        <textarea
          id={replyId}
          rows={4}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            const now = Date.now();
            if (now - lastTyping.current > 3000 && event.target.value.trim()) {
              lastTyping.current = now;
              desk.api.send("POST", `${base}/typing`).catch(() => undefined);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit("reply");
          }}
        />
      </div>
      <button type="submit" disabled={busy || !draft.trim()}>
        Send reply
      </button>
      <button
        type="button"
        className="support-note-btn"
        disabled={busy || !draft.trim()}
        onClick={() => void submit("note")}
      >
        Add internal note
      </button>
      {conversation.status === "closed" ? (
        <button type="button" onClick={() => void act("/reopen").catch(() => undefined)}>
          Reopen to reply
        </button>
      ) : null}
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "" : "problem"}>
          {result.text}
        </p>
      ) : null}
    </form>
  );
}

function PlayerContext({ desk, conversation }: { desk: Desk; conversation: DeskConversation }) {
  const context = useLoad(
    () =>
      desk.api.get<{ data: DeskPlayerContext | null }>(
        `/chat/conversations/${conversation.id}/context`,
      ),
    [conversation.id, conversation.player?.id],
  );
  return (
    <aside className="support-context" aria-labelledby="support-context-title">
      <h2 id="support-context-title">Player</h2>
      {!context.data ? (
        <Loading error={context.error} />
      ) : context.data.data === null ? (
        <dl className="facts">
          <dt>Guest</dt>
          <dd>{conversation.guest?.name ?? "No name given"}</dd>
          <dt>E-mail</dt>
          <dd>{conversation.guest?.email ?? "—"}</dd>
        </dl>
      ) : (
        <ContextFacts desk={desk} context={context.data.data} />
      )}
    </aside>
  );
}

function ContextFacts({ desk, context }: { desk: Desk; context: DeskPlayerContext }) {
  const p = context.player;
  return (
    <>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{STATUS[p.status] ?? p.status}</dd>
        <dt>Name</dt>
        <dd>{[p.firstName, p.lastName].filter(Boolean).join(" ") || "—"}</dd>
        <dt>E-mail</dt>
        <dd>{p.email ?? "—"}</dd>
        <dt>Nickname</dt>
        <dd>{p.nickname ?? "—"}</dd>
        <dt>Country</dt>
        <dd>{p.country ?? "—"}</dd>
        <dt>Registered</dt>
        <dd>{when(p.registeredAt)}</dd>
        <dt>Verification</dt>
        <dd>
          {context.verification.verified ? "Verified" : "Not verified"}
          {context.verification.documents.pending
            ? ` · ${context.verification.documents.pending} document(s) waiting`
            : ""}
        </dd>
      </dl>
      <p>
        {desk.can("players") ? (
          <Link to={`/players/${p.id}`}>Open the player page</Link>
        ) : (
          <code>{p.id}</code>
        )}
      </p>
      <h3>Balances</h3>
      {context.accounts.length === 0 ? (
        <p>No accounts.</p>
      ) : (
        <Table columns={["Currency", "Balance", "Bonus"]}>
          {context.accounts.map((account) => (
            <tr key={account.currency}>
              <th scope="row">{account.currency}</th>
              <td>{account.balance}</td>
              <td>{account.bonusBalance}</td>
            </tr>
          ))}
        </Table>
      )}
      <h3>Deposits and withdrawals</h3>
      {context.payments.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <Table columns={["When", "Type", "Amount", "Status"]}>
          {context.payments.map((payment) => (
            <tr key={payment.id}>
              <td>{when(payment.createdAt)}</td>
              <td>{payment.type === "deposit" ? "Deposit" : "Withdrawal"}</td>
              <td>
                {payment.amount} {payment.currency}
              </td>
              <td>{payment.status}</td>
            </tr>
          ))}
        </Table>
      )}
      <h3>Active bonus</h3>
      {context.bonuses.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {context.bonuses.map((bonus) => (
            <li key={bonus.id}>
              {bonus.title} ({bonus.status})
            </li>
          ))}
        </ul>
      )}
      <h3>Limits and exclusions</h3>
      {context.limits.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {context.limits.map((limit, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read whole
            <li key={index}>
              {limit.type}
              {limit.value ? `: ${limit.value}` : ""}
              {limit.endsAt ? ` until ${when(limit.endsAt)}` : ""}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
