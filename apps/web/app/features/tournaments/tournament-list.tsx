import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useSite } from "../../lib/site";
import { EmptyState } from "../page/empty-state";
import { formatWhen, stateLabel } from "./tournament-text";
import { type Tournament, type TournamentState, tournamentsQuery } from "./tournaments-api";
import "./tournaments.css";

const P = "global-components.pages.tournaments";
const SECTIONS: readonly TournamentState[] = ["running", "upcoming", "finished"];

/** /tournaments: running, upcoming and finished tournaments, each a link to its page. */
export function TournamentList() {
  const { t, session } = useSite();
  const viewer = session.isLoggedIn ? session.profileId : null;
  const list = useQuery(tournamentsQuery(viewer));
  if (list.isPending) {
    return <p className="tournaments__loading">{t(`${P}.loading`, "Loading tournaments…")}</p>;
  }
  const items = list.data?.data ?? [];
  if (items.length === 0) {
    return <EmptyState text={t(`${P}.empty`, "There are no tournaments yet.")} />;
  }
  return (
    <div className="tournaments">
      {SECTIONS.map((state) => {
        const inState = items.filter((item) => item.state === state);
        if (inState.length === 0) return null;
        const headingId = `tournaments-${state}`;
        return (
          <section key={state} aria-labelledby={headingId} className="tournaments__section">
            <h2 id={headingId} className="tournaments__heading">
              {stateLabel(t, state)}
            </h2>
            <ul className="tournaments__grid">
              {inState.map((item) => (
                <li key={item.id}>
                  <TournamentCard tournament={item} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function TournamentCard({ tournament }: { tournament: Tournament }) {
  const { t, href, locale } = useSite();
  const when =
    tournament.state === "upcoming"
      ? t(`${P}.startsAt`, "Starts {date}", { date: formatWhen(tournament.startsAt, locale) })
      : tournament.state === "running"
        ? t(`${P}.endsAt`, "Ends {date}", { date: formatWhen(tournament.endsAt, locale) })
        : t(`${P}.endedAt`, "Ended {date}", { date: formatWhen(tournament.endsAt, locale) });
  return (
    <article className={`tournament-card tournament-card--${tournament.state}`}>
      <h3 className="tournament-card__title">
        <Link to={href(`/tournaments/${tournament.identity}`)}>{tournament.title}</Link>
      </h3>
      <p className="tournament-card__pool">
        {t(`${P}.prizePool`, "Prize pool {amount}", {
          amount: `${tournament.prizePool} ${tournament.currency}`,
        })}
      </p>
      <p className="tournament-card__meta">
        <span className={`tournament-badge tournament-badge--${tournament.state}`}>
          {stateLabel(t, tournament.state)}
        </span>{" "}
        {when}
      </p>
      <p className="tournament-card__meta">
        {t(`${P}.participants`, "{count} players", { count: tournament.participants })}
        {tournament.isJoined ? ` · ${t(`${P}.joined`, "You're in")}` : ""}
      </p>
    </article>
  );
}
