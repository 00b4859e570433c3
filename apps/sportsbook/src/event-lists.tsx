// Lists of events: live now (clock and score) and upcoming grouped by day, each row with its
// main market's prices and a link to all markets.
import { useEffect, useState } from "react";
import { ApiError, api, type EventSummary } from "./api";
import { useBook } from "./book";
import { useLiveEvent, useOddsStream, withLive } from "./live";
import { OddsButton } from "./odds-button";
import { hrefFor, navigate } from "./router";

export function Link({
  to,
  children,
  className,
  label,
}: {
  to: string;
  children: React.ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <a
      href={hrefFor(to)}
      className={className}
      aria-label={label}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

function useEvents(params: { sport?: string; league?: string; live?: boolean; limit?: number }) {
  const [events, setEvents] = useState<EventSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .events(JSON.parse(key) as typeof params)
        .then((list) => {
          if (!stop) {
            setEvents(list);
            setError(null);
          }
        })
        .catch((e: unknown) => {
          if (!stop) setError(e instanceof ApiError ? e.message : String(e));
        });
    void load();
    // New events start and old ones end: refresh the list now and then (prices come by stream).
    const timer = setInterval(load, 30_000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [key]);
  return { events, error };
}

function dayLabel(iso: string, locale: string, t: ReturnType<typeof useBook>["t"]): string {
  const day = new Date(iso);
  const today = new Date();
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (day.toDateString() === today.toDateString()) return t("today");
  if (day.toDateString() === tomorrow.toDateString()) return t("tomorrow");
  return day.toLocaleDateString(locale, { weekday: "long", day: "numeric", month: "long" });
}

export function EventRow({ event: loaded }: { event: EventSummary }) {
  const book = useBook();
  const live = useLiveEvent(loaded.id);
  const event = withLive(loaded, live);
  const market = event.mainMarket;
  const isLive = event.status === "live";
  const short = (id: string, i: number): string | undefined => {
    if (market?.kind === "1x2") return id === "draw" ? "X" : i === 0 ? "1" : "2";
    if (market?.kind === "winner") return i === 0 ? "1" : "2";
    return undefined;
  };
  return (
    <li className={`event-row${isLive ? " is-live" : ""}`}>
      <div className="event-when">
        {isLive ? (
          <>
            <span className="live-badge">{book.t("live")}</span>
            <span className="clock">{event.clock}</span>
          </>
        ) : event.status === "ended" ? (
          <span>{book.t("ended")}</span>
        ) : (
          <time dateTime={event.startsAt}>
            {new Date(event.startsAt).toLocaleTimeString(book.locale, {
              hour: "2-digit",
              minute: "2-digit",
            })}
          </time>
        )}
      </div>
      <Link to={`/event/${event.id}`} className="event-teams" label={event.name}>
        <span className="team">
          {event.home}
          {event.score ? <strong className="score">{event.score.home}</strong> : null}
        </span>
        <span className="team">
          {event.away}
          {event.score ? <strong className="score">{event.score.away}</strong> : null}
        </span>
        <span className="event-league">{event.league.name}</span>
      </Link>
      <div className="event-prices">
        {market
          ? market.selections.map((s, i) => (
              <OddsButton
                key={s.id}
                event={event}
                market={market}
                selectionId={s.id}
                label={short(s.id, i)}
              />
            ))
          : null}
      </div>
      <Link
        to={`/event/${event.id}`}
        className="more-markets"
        label={`${event.name}: ${book.t("allMarkets")}`}
      >
        {book.t("markets", { n: Math.max(0, event.marketCount - 1) })}
      </Link>
    </li>
  );
}

/** Live events first (with clock and score), then upcoming grouped by day. */
export function EventsPage({
  title,
  sport,
  league,
  liveOnly = false,
}: {
  title: string;
  sport?: string;
  league?: string;
  liveOnly?: boolean;
}) {
  const book = useBook();
  useOddsStream(null);
  const live = useEvents({ sport, league, live: true, limit: 100 });
  const upcoming = useEvents(
    liveOnly ? { live: false, limit: 1 } : { sport, league, live: false, limit: 200 },
  );

  const byDay = new Map<string, EventSummary[]>();
  if (!liveOnly) {
    for (const event of upcoming.events ?? []) {
      const label = dayLabel(event.startsAt, book.locale, book.t);
      const list = byDay.get(label) ?? [];
      list.push(event);
      byDay.set(label, list);
    }
  }
  const error = live.error ?? (liveOnly ? null : upcoming.error);
  const loading = live.events === null || (!liveOnly && upcoming.events === null);

  return (
    <section className="events-page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {loading && !error ? <p className="muted">{book.t("loading")}</p> : null}
      {live.events && live.events.length > 0 ? (
        <section aria-labelledby="live-title" className="event-group">
          <h2 id="live-title">
            <span className="live-dot" aria-hidden="true" />
            {book.t("liveNow")}
          </h2>
          <ul className="event-list">
            {live.events.map((e) => (
              <EventRow key={e.id} event={e} />
            ))}
          </ul>
        </section>
      ) : null}
      {[...byDay.entries()].map(([day, list]) => (
        <section key={day} className="event-group" aria-label={`${book.t("upcoming")}: ${day}`}>
          <h2>{day}</h2>
          <ul className="event-list">
            {list.map((e) => (
              <EventRow key={e.id} event={e} />
            ))}
          </ul>
        </section>
      ))}
      {!loading && !error && (live.events?.length ?? 0) === 0 && byDay.size === 0 ? (
        <p className="muted">{book.t("noEvents")}</p>
      ) : null}
    </section>
  );
}
