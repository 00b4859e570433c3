// The support desk (issue 26; scope support): the queue of the site's chat conversations and of
// the contact form's messages (unassigned, mine, all; open, closed; search by player or text)
// with how long each player has waited, a conversation beside it (support-conversation.tsx) with
// the player's context, and the canned replies per locale. New messages arrive live over the
// desk's channel (support-live.ts); the navigation shows the unread count.
import type { CannedReply, DeskConversation } from "@casino/contract/chat";
import { waitingTime } from "@casino/contract/chat-text";
import type { PageMeta } from "@casino/contract/pagination";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Desk } from "./app";
import { ConversationPane, whoOf } from "./support-conversation";
import { listenDesk } from "./support-live";
import {
  ActionForm,
  Field,
  Link,
  Loading,
  Pager,
  QueryForm,
  Table,
  text,
  useLoad,
  usePageTitle,
  when,
} from "./ui";
import "./support.css";

type View = "unassigned" | "mine" | "all";
type Status = "open" | "closed" | "all";
type Unread = { unread: number; unassigned: number; mine: number; staffOnline: number };

const VIEWS: Record<View, string> = { unassigned: "Unassigned", mine: "Mine", all: "All" };
const STATUSES: Record<Status, string> = { open: "Open", closed: "Closed", all: "Open and closed" };
const PER_PAGE = 20;
const UUID = /^\/([0-9a-f-]{36})$/;

/** The desk's pages by the path after /support (null: no such page, the shell's "Nothing here"). */
export function supportPage(desk: Desk, rest: string): ReactNode {
  if (rest === "/canned-replies") return <CannedRepliesPage desk={desk} />;
  const id = rest === "" ? null : (UUID.exec(rest)?.[1] ?? undefined);
  if (id === undefined) return null;
  return <SupportPage desk={desk} id={id} />;
}

/** Calls `run` at most once per `ms` (the last call wins), for reloads on bursts of events. */
function useDebounced(run: () => void, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(run);
  latest.current = run;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  };
}

/** The desk's heartbeat while it is open: staff count as online for the site's chat window. */
function usePresence(desk: Desk): number | null {
  const [online, setOnline] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const beat = () =>
      desk.api
        .send<{ data: { staffOnline: number } }>("POST", "/chat/presence")
        .then((answer) => live && setOnline(answer.data.staffOnline))
        .catch(() => undefined);
    void beat();
    const timer = setInterval(() => void beat(), 20_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [desk.api]);
  return online;
}

/** Re-renders every `ms` (waiting times move on their own). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function SupportPage({ desk, id }: { desk: Desk; id: string | null }) {
  const [view, setView] = useState<View>("unassigned");
  const [status, setStatus] = useState<Status>("open");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const online = usePresence(desk);
  const now = useNow(30_000);
  const queue = useLoad(
    () =>
      desk.api.get<{ data: DeskConversation[]; meta: PageMeta }>(
        `/chat/conversations?view=${view}&status=${status}&page=${page}&perPage=${PER_PAGE}${search}`,
      ),
    [view, status, search, page],
  );
  const counts = useLoad(() => desk.api.get<{ data: Unread }>("/chat/unread"), []);
  const reload = useDebounced(() => {
    queue.reload();
    counts.reload();
  }, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is stable in effect
  useEffect(
    () =>
      listenDesk(
        desk.api,
        (event) => {
          if (event.type !== "chat.typing") reload();
        },
        reload,
      ),
    [desk.api],
  );
  usePageTitle("Support");

  const tabCount = (tab: View) =>
    tab === "unassigned"
      ? counts.data?.data.unassigned
      : tab === "mine"
        ? counts.data?.data.mine
        : undefined;

  return (
    <>
      <div className="support-head">
        <h1>Support</h1>
        <p className="hint">
          {online === null ? "" : `${online} staff member${online === 1 ? "" : "s"} online`} ·{" "}
          <Link to="/support/canned-replies">Canned replies</Link>
        </p>
      </div>
      <div className={id ? "support support--open" : "support"}>
        <section aria-labelledby="support-queue" className="support-queue">
          <h2 id="support-queue" className="sr-only">
            Queue
          </h2>
          <div role="tablist" aria-label="Queue" className="support-tabs">
            {(Object.keys(VIEWS) as View[]).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={view === tab}
                onClick={() => {
                  setView(tab);
                  setPage(1);
                }}
              >
                {VIEWS[tab]}
                {tabCount(tab) ? <span className="count">{tabCount(tab)}</span> : null}
              </button>
            ))}
          </div>
          <QueryForm
            label="Search conversations"
            names={["search"]}
            submit="Search"
            onQuery={(next) => {
              setPage(1);
              setSearch(next);
            }}
          >
            <Field label="Player, e-mail or words" name="search" required={false} />
          </QueryForm>
          <div className="field">
            <label htmlFor="support-status">Status</label>
            <select
              id="support-status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as Status);
                setPage(1);
              }}
            >
              {(Object.keys(STATUSES) as Status[]).map((value) => (
                <option key={value} value={value}>
                  {STATUSES[value]}
                </option>
              ))}
            </select>
          </div>
          {!queue.data ? (
            <Loading error={queue.error} />
          ) : queue.data.data.length === 0 ? (
            <p>No conversations here.</p>
          ) : (
            <ul className="support-list" aria-label="Conversations">
              {queue.data.data.map((conversation) => (
                <QueueItem
                  key={conversation.id}
                  conversation={conversation}
                  current={conversation.id === id}
                  now={now}
                />
              ))}
            </ul>
          )}
          {queue.data && (
            <Pager
              label="Pages of conversations"
              page={page}
              total={queue.data.meta.total}
              perPage={PER_PAGE}
              onPage={setPage}
            />
          )}
        </section>
        {id ? (
          <ConversationPane key={id} desk={desk} id={id} onChanged={reload} />
        ) : (
          <p className="support-empty">Pick a conversation from the queue.</p>
        )}
      </div>
    </>
  );
}

function QueueItem({
  conversation,
  current,
  now,
}: {
  conversation: DeskConversation;
  current: boolean;
  now: number;
}) {
  const waiting = waitingTime(conversation.waitingSince, now);
  const last = conversation.lastMessage;
  return (
    <li className="support-item" aria-current={current ? "true" : undefined}>
      <div className="support-item__top">
        <Link to={`/support/${conversation.id}`}>{whoOf(conversation)}</Link>
        {conversation.unread > 0 ? (
          <span className="count" title="Unread messages">
            {conversation.unread} new
          </span>
        ) : null}
      </div>
      <div className="support-item__meta">
        {conversation.source === "contact" ? <span className="tag">Contact form</span> : null}
        {conversation.player ? null : <span className="tag">Guest</span>}
        {conversation.status === "closed" ? <span className="tag">Closed</span> : null}
        {waiting ? <span className="waiting">Waiting {waiting}</span> : null}
        <span>{conversation.assignee ? conversation.assignee.name : "Unassigned"}</span>
      </div>
      {conversation.subject ? (
        <div className="support-item__subject">{conversation.subject}</div>
      ) : null}
      {last ? (
        <div className="support-item__last">
          {last.kind === "note" ? "Note: " : last.authorType === "staff" ? "You: " : ""}
          {last.text.length > 90 ? `${last.text.slice(0, 90)}…` : last.text}
        </div>
      ) : null}
    </li>
  );
}

/** The navigation's unread count (open conversations with player messages nobody read). */
export function SupportNavCount({ desk }: { desk: Desk }) {
  const counts = useLoad(() => desk.api.get<{ data: Unread }>("/chat/unread"), []);
  const reload = useDebounced(counts.reload, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is stable in effect
  useEffect(() => {
    const stop = listenDesk(
      desk.api,
      (event) => {
        if (event.type !== "chat.typing") reload();
      },
      reload,
    );
    // A slow safety net: the count also moves when a conversation is read elsewhere.
    const timer = setInterval(reload, 30_000);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [desk.api]);
  const unread = counts.data?.data.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="nav-count" data-unread={unread}>
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="sr-only"> ({unread} unread)</span>
    </span>
  );
}

function CannedRepliesPage({ desk }: { desk: Desk }) {
  const [locale, setLocale] = useState("");
  const replies = useLoad(
    () =>
      desk.api.get<{ data: CannedReply[] }>(
        `/chat/canned-replies${locale ? `?locale=${encodeURIComponent(locale)}` : ""}`,
      ),
    [locale],
  );
  usePageTitle("Canned replies");
  return (
    <>
      <p>
        <Link to="/support">Support</Link>
      </p>
      <h1>Canned replies</h1>
      <p className="hint">
        Ready answers staff pick while replying, per locale of the conversation.
      </p>
      <QueryForm
        label="Show canned replies"
        names={["locale"]}
        submit="Show"
        onQuery={(query) => setLocale(new URLSearchParams(query.slice(1)).get("locale") ?? "")}
      >
        <Field label="Locale (all when empty)" name="locale" required={false} />
      </QueryForm>
      {!replies.data ? (
        <Loading error={replies.error} />
      ) : replies.data.data.length === 0 ? (
        <p>No canned replies yet.</p>
      ) : (
        <Table columns={["Locale", "Title", "Text", "Change"]}>
          {replies.data.data.map((reply) => (
            <tr key={reply.id}>
              <td>{reply.locale}</td>
              <th scope="row">{reply.title}</th>
              <td className="support-pre">{reply.text}</td>
              <td>
                <ActionForm
                  label={`Change ${reply.title}`}
                  submit="Save"
                  action={async (form) => {
                    await desk.api.send("PATCH", `/chat/canned-replies/${reply.id}`, {
                      title: text(form, "title"),
                      text: text(form, "text"),
                    });
                    replies.reload();
                    return "Saved.";
                  }}
                >
                  <Field label="Title" name="title" defaultValue={reply.title} />
                  <Field label="Text" name="text" type="textarea" defaultValue={reply.text} />
                </ActionForm>
                <ActionForm
                  label={`Delete ${reply.title}`}
                  submit="Delete"
                  action={async () => {
                    await desk.api.send("DELETE", `/chat/canned-replies/${reply.id}`);
                    replies.reload();
                    return "Deleted.";
                  }}
                />
                <p className="hint">Changed {when(reply.updatedAt)}</p>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ActionForm
        label="New canned reply"
        titled
        submit="Add canned reply"
        action={async (form) => {
          await desk.api.send("POST", "/chat/canned-replies", {
            locale: text(form, "locale"),
            title: text(form, "title"),
            text: text(form, "text"),
          });
          replies.reload();
          return "Added.";
        }}
      >
        <Field label="Locale" name="locale" defaultValue={locale || "en"} />
        <Field label="Title" name="title" />
        <Field label="Text" name="text" type="textarea" />
      </ActionForm>
    </>
  );
}
