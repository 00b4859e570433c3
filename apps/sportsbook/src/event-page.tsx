// One event with all its markets, live score and incidents; prices follow the stream.
import { useEffect, useState } from "react";
import { ApiError, api, type EventDetail } from "./api";
import { useBook } from "./book";
import { Link } from "./event-lists";
import { liveMarket, useLiveEvent, useOddsStream, withLive } from "./live";
import { OddsButton } from "./odds-button";

export function EventPage({ eventId }: { eventId: string }) {
  const book = useBook();
  const [loaded, setLoaded] = useState<EventDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useOddsStream([eventId]);
  const live = useLiveEvent(eventId);

  useEffect(() => {
    let stop = false;
    setLoaded(null);
    setError(null);
    const load = () =>
      api
        .event(eventId)
        .then((e) => {
          if (!stop) setLoaded(e);
        })
        .catch((e: unknown) => {
          if (stop) return;
          setError(
            e instanceof ApiError && e.status === 404
              ? book.t("eventNotFound")
              : String((e as Error).message),
          );
        });
    void load();
    // Incidents and new markets: a slow refresh; prices come by stream.
    const timer = setInterval(load, 20_000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [eventId, book]);

  useEffect(() => {
    if (loaded) document.title = `${loaded.name} · Sportsbook`;
  }, [loaded]);

  if (error) {
    return (
      <section className="event-page">
        <h1>{book.t("eventNotFound")}</h1>
        <p role="alert" className="error">
          {error}
        </p>
        <Link to="/">{book.t("home")}</Link>
      </section>
    );
  }
  if (!loaded) return <p className="muted">{book.t("loading")}</p>;
  const event = withLive(loaded, live);
  const isLive = event.status === "live";

  return (
    <article className="event-page" aria-labelledby="event-title">
      <nav className="crumbs" aria-label="Breadcrumbs">
        <Link to={`/${event.sport}`}>{event.sportName}</Link>
        <span aria-hidden="true"> › </span>
        <Link to={`/${event.sport}/${event.league.id}`}>{event.league.name}</Link>
      </nav>
      <header className={`scoreboard${isLive ? " is-live" : ""}`}>
        <h1 id="event-title">{event.name}</h1>
        <p className="scoreline">
          {isLive ? <span className="live-badge">{book.t("live")}</span> : null}
          {event.clock ? <span className="clock">{event.clock}</span> : null}
          {event.score ? (
            <strong className="big-score">
              {event.score.home} – {event.score.away}
            </strong>
          ) : (
            <time dateTime={event.startsAt}>
              {new Date(event.startsAt).toLocaleString(book.locale, {
                weekday: "short",
                day: "numeric",
                month: "short",
                hour: "2-digit",
                minute: "2-digit",
              })}
            </time>
          )}
          {event.status === "ended" ? <span>{book.t("ended")}</span> : null}
          {event.status === "void" ? <span>{book.t("voided")}</span> : null}
        </p>
        {event.score?.detail ? <p className="muted">{event.score.detail}</p> : null}
      </header>
      <div className="markets">
        {loaded.markets.map((m) => {
          const market = liveMarket(m, live);
          const headingId = `market-${market.id}`;
          return (
            <section key={market.id} className="market" aria-labelledby={headingId}>
              <h2 id={headingId}>
                {market.name}
                {market.status === "suspended" ? (
                  <span className="suspended-tag"> · {book.t("marketSuspended")}</span>
                ) : null}
              </h2>
              <div className={`selections n${Math.min(market.selections.length, 3)}`}>
                {market.selections.map((s) => (
                  <OddsButton key={s.id} event={event} market={market} selectionId={s.id} />
                ))}
              </div>
            </section>
          );
        })}
      </div>
      {loaded.incidents.length > 0 ? (
        <section className="incidents" aria-labelledby="incidents-title">
          <h2 id="incidents-title">Incidents</h2>
          <ol>
            {loaded.incidents.map((i, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: incidents only grow at the end
              <li key={n}>
                <span className="muted">{i.at}</span> {i.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}
