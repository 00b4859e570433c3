// The chat window (issue 26): a panel in the page's corner on a desktop, the whole screen on a
// phone (≤ 600 px). The history (older pages on demand), the player's messages with their read
// state, staff typing, the "no one is online" offer to continue by e-mail, and the composer with
// an attachment button. Texts come from content: global-components.chat.*.
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { CloseIcon } from "../../components/art/icons";
import { useBodyScrollLock, useMediaQuery } from "../../components/layout/hooks";
import { useSite } from "../../lib/site";
import type { ChatMessage } from "./chat-api";
import {
  ATTACHMENT_TYPES,
  attachmentHref,
  type ChatProblem,
  deliveryOf,
  fileSize,
  isOwn,
  lengthProblem,
  type PendingMessage,
} from "./chat-rules";
import { CHAT_UI_LIMITS, type ChatSession, type ChatState } from "./chat-session";
import { ChatText } from "./chat-text";

/** The width up to which the window takes the whole screen (chat.css has the same). */
const PHONE_QUERY = "(max-width: 600px)";

type T = ReturnType<typeof useSite>["t"];

const problemText = (t: T, problem: ChatProblem) =>
  t(`global-components.chat.errors.${problem.key}`, problem.fallback, problem.vars);

export function ChatWindow({
  id,
  session,
  state,
  onClose,
}: {
  id: string;
  session: ChatSession;
  state: ChatState;
  onClose: () => void;
}) {
  const { t } = useSite();
  const titleId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // On a phone the window is the whole screen: the page under it stays still.
  useBodyScrollLock(useMediaQuery(PHONE_QUERY));

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
    }
  };

  const conversation = state.conversation;
  const offline = state.phase === "ready" && conversation !== null && !conversation.staffOnline;

  return (
    <section
      id={id}
      className="chat-window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <header className="chat-window__header">
        <div>
          <h2 id={titleId} className="chat-window__title">
            {t("global-components.chat.title", "Support chat")}
          </h2>
          {state.phase === "ready" && conversation ? (
            <p className="chat-window__presence" data-online={conversation.staffOnline}>
              {conversation.status === "closed"
                ? t(
                    "global-components.chat.closed",
                    "This conversation was closed. Write to open it again.",
                  )
                : conversation.staffOnline
                  ? conversation.assignee
                    ? t("global-components.chat.assigned", "{name} is here to help", {
                        name: conversation.assignee.name,
                      })
                    : t("global-components.chat.online", "We are online")
                  : t("global-components.chat.offline", "No one is online right now")}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="icon-btn icon-btn--ghost chat-window__close"
          onClick={onClose}
        >
          <CloseIcon size={20} />
          <span className="visually-hidden">{t("global-components.chat.close", "Close chat")}</span>
        </button>
      </header>

      {state.phase === "ready" ? (
        <>
          <MessageLog session={session} state={state} />
          {offline ? <OfflineOffer session={session} email={conversation?.email ?? null} /> : null}
          <Composer session={session} state={state} inputRef={inputRef} />
        </>
      ) : state.phase === "unavailable" ? (
        <p className="chat-window__state" role="status">
          {t("global-components.chat.errors.unavailable", "The chat is not available right now.")}
        </p>
      ) : state.phase === "error" ? (
        <div className="chat-window__state" role="alert">
          <p>{t("global-components.chat.errors.loadFailed", "The chat could not be loaded.")}</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => session.retry()}
          >
            <span className="btn__label">{t("global-components.chat.retry", "Try again")}</span>
          </button>
        </div>
      ) : (
        <div className="chat-window__state" aria-busy="true">
          <span className="visually-hidden">
            {t("global-components.chat.loading", "Loading the chat")}
          </span>
        </div>
      )}
    </section>
  );
}

function MessageLog({ session, state }: { session: ChatSession; state: ChatState }) {
  const { t, locale } = useSite();
  const logRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  const staffReadId = state.conversation?.staffReadId ?? null;
  const count = state.messages.length + state.pending.length;

  // Follows new messages while the reader is at the end; older pages keep the reader's place.
  const heightBefore = useRef(0);
  const firstId = state.messages[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list grows
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (stickToEnd.current) log.scrollTop = log.scrollHeight;
    else if (heightBefore.current) log.scrollTop += log.scrollHeight - heightBefore.current;
    heightBefore.current = log.scrollHeight;
  }, [count, firstId, state.staffTyping]);

  return (
    <div
      ref={logRef}
      className="chat-window__log"
      role="log"
      aria-label={t("global-components.chat.messages", "Messages")}
      onScroll={(event) => {
        const log = event.currentTarget;
        stickToEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
        heightBefore.current = log.scrollHeight;
      }}
    >
      {state.hasOlder ? (
        <button
          type="button"
          className="chat-window__older"
          disabled={state.loadingOlder}
          onClick={() => {
            stickToEnd.current = false;
            void session.loadOlder();
          }}
        >
          {t("global-components.chat.older", "Show earlier messages")}
        </button>
      ) : null}
      {count === 0 ? (
        <p className="chat-window__empty">
          {t(
            "global-components.chat.empty",
            "Hello! Ask us anything: we usually answer within minutes.",
          )}
        </p>
      ) : null}
      <ol className="chat-messages">
        {state.messages.map((message) => (
          <Message
            key={message.id}
            message={message}
            time={time.format(new Date(message.createdAt))}
            seen={isOwn(message) ? deliveryOf(message, staffReadId) === "seen" : null}
          />
        ))}
        {state.pending.map((item) => (
          <Pending key={item.clientId} item={item} session={session} />
        ))}
      </ol>
      {state.staffTyping !== null ? (
        <p className="chat-window__typing">
          {state.staffTyping
            ? t("global-components.chat.typingNamed", "{name} is typing…", {
                name: state.staffTyping,
              })
            : t("global-components.chat.typing", "Support is typing…")}
        </p>
      ) : null}
    </div>
  );
}

function Message({
  message,
  time,
  seen,
}: {
  message: ChatMessage;
  time: string;
  seen: boolean | null;
}) {
  const { t } = useSite();
  const own = isOwn(message);
  const author = own
    ? t("global-components.chat.you", "You")
    : message.author.type === "system"
      ? t("global-components.chat.system", "Notice")
      : (message.author.name ?? t("global-components.chat.staff", "Support"));
  return (
    <li
      className={`chat-message chat-message--${own ? "own" : message.author.type}`}
      data-message-id={message.id}
    >
      <p className="visually-hidden">{author}:</p>
      {message.text ? (
        <p className="chat-message__text">
          <ChatText text={message.text} />
        </p>
      ) : null}
      {message.attachment ? <Attachment attachment={message.attachment} /> : null}
      <p className="chat-message__meta">
        {own ? null : <span className="chat-message__author">{author} · </span>}
        <time dateTime={message.createdAt}>{time}</time>
        {seen === null ? null : (
          <span className="chat-message__delivery" data-seen={seen}>
            {" · "}
            {seen
              ? t("global-components.chat.seen", "Seen")
              : t("global-components.chat.sent", "Sent")}
          </span>
        )}
      </p>
    </li>
  );
}

function Attachment({ attachment }: { attachment: NonNullable<ChatMessage["attachment"]> }) {
  const { t } = useSite();
  const href = attachmentHref(attachment.url, window.location.origin);
  if (!href) return <p className="chat-message__file">{attachment.fileName}</p>;
  if (attachment.contentType === "application/pdf") {
    return (
      <a className="chat-message__file" href={href} target="_blank" rel="noopener noreferrer">
        {t("global-components.chat.pdf", "PDF: {name} ({size})", {
          name: attachment.fileName,
          size: fileSize(attachment.size),
        })}
      </a>
    );
  }
  return (
    <a className="chat-message__image" href={href} target="_blank" rel="noopener noreferrer">
      <img src={href} alt={attachment.fileName} loading="lazy" />
    </a>
  );
}

function Pending({ item, session }: { item: PendingMessage; session: ChatSession }) {
  const { t } = useSite();
  return (
    <li className="chat-message chat-message--own chat-message--pending" data-state={item.state}>
      <p className="chat-message__text">
        <ChatText text={item.text} />
      </p>
      <p className="chat-message__meta">
        {item.state === "sending" ? (
          t("global-components.chat.sending", "Sending…")
        ) : (
          <>
            <span className="chat-message__failed">
              {t("global-components.chat.notSent", "Not sent")}
            </span>{" "}
            <button
              type="button"
              className="chat-link-btn"
              onClick={() => session.resend(item.clientId)}
            >
              {t("global-components.chat.resend", "Send again")}
            </button>{" "}
            <button
              type="button"
              className="chat-link-btn"
              onClick={() => session.discard(item.clientId)}
            >
              {t("global-components.chat.discard", "Delete")}
            </button>
          </>
        )}
      </p>
    </li>
  );
}

/** No staff online: replies go by e-mail (the account's, or the one a guest gives here). */
function OfflineOffer({ session, email }: { session: ChatSession; email: string | null }) {
  const { t } = useSite();
  const inputId = useId();
  const [editing, setEditing] = useState(email === null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setProblem(null);
    try {
      await session.saveEmail(value);
      setEditing(false);
    } catch {
      setProblem(t("global-components.chat.errors.email", "Enter a valid e-mail address."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="chat-window__offline" role="status">
      <p>
        {t(
          "global-components.chat.offlineOffer",
          "No one is online right now. Leave your message: we will answer here and by e-mail.",
        )}
      </p>
      {editing ? (
        <form className="chat-window__email" onSubmit={save}>
          <label htmlFor={inputId}>{t("global-components.chat.emailLabel", "Your e-mail")}</label>
          <input
            id={inputId}
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={email ?? ""}
            className="chat-window__email-input"
          />
          <button type="submit" className="btn btn--secondary btn--sm" disabled={busy}>
            <span className="btn__label">
              {t("global-components.chat.continueByEmail", "Continue by e-mail")}
            </span>
          </button>
          {problem ? <p role="alert">{problem}</p> : null}
        </form>
      ) : (
        <p>
          {t("global-components.chat.emailSet", "We will answer at {email}.", {
            email: email ?? "",
          })}{" "}
          <button type="button" className="chat-link-btn" onClick={() => setEditing(true)}>
            {t("global-components.chat.changeEmail", "Change")}
          </button>
        </p>
      )}
    </div>
  );
}

function Composer({
  session,
  state,
  inputRef,
}: {
  session: ChatSession;
  state: ChatState;
  inputRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useSite();
  const inputId = useId();
  const problemId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState("");
  const [uploading, setUploading] = useState(false);
  const tooLong = lengthProblem(draft, CHAT_UI_LIMITS.messageMaxLength);
  const problem = tooLong ?? state.problem;
  const left = CHAT_UI_LIMITS.messageMaxLength - draft.trim().length;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (tooLong || !draft.trim()) return;
    const sending = draft;
    setDraft("");
    void session.send(sending).then((sent) => {
      // A message refused for its length comes back to the box to be shortened.
      if (!sent && session.getState().problem?.key === "tooLong") setDraft(sending);
    });
  };

  return (
    <form className="chat-window__compose" onSubmit={submit}>
      {problem ? (
        <p id={problemId} className="chat-window__problem" role="alert">
          {problemText(t, problem)}
        </p>
      ) : null}
      <label htmlFor={inputId} className="visually-hidden">
        {t("global-components.chat.message", "Message")}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        className="chat-window__input"
        rows={2}
        value={draft}
        placeholder={t("global-components.chat.placeholder", "Write a message…")}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          if (state.problem) session.clearProblem();
          if (event.target.value.trim()) session.typing();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <div className="chat-window__actions">
        <input
          ref={fileRef}
          type="file"
          accept={ATTACHMENT_TYPES.join(",")}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            setUploading(true);
            void session.attach(file).finally(() => setUploading(false));
          }}
        />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={uploading}
          onClick={() => fileRef.current?.click()}
        >
          <span className="btn__label">
            {uploading
              ? t("global-components.chat.uploading", "Sending the file…")
              : t("global-components.chat.attach", "Attach a file")}
          </span>
        </button>
        {left < 200 ? (
          <span className="chat-window__left" aria-live="polite">
            {t("global-components.chat.charactersLeft", "{count} characters left", { count: left })}
          </span>
        ) : null}
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          disabled={!draft.trim() || tooLong !== null}
        >
          <span className="btn__label">{t("global-components.chat.send", "Send")}</span>
        </button>
      </div>
    </form>
  );
}
