import { PLAYER_CHANNEL_NAMESPACES, PUBLIC_CHANNELS } from "@casino/contract/realtime";
import type { TournamentLeaderboardEvent } from "@casino/contract/tournament";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Button } from "../../components/ui/button";
import { collectionName } from "../../lib/content/collection-names";
import { isRealtimeStarted, onRealtimeReconnect, startRealtime } from "../../lib/realtime/realtime";
import { useRealtime } from "../../lib/realtime/use-realtime";
import { useModals, useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { EmptyState } from "../page/empty-state";
import {
  formatWhen,
  placesText,
  scoreText,
  scoringLabel,
  scoringRule,
  stateLabel,
} from "./tournament-text";
import {
  joinTournament,
  type LeaderboardEntry,
  TOURNAMENTS_KEY,
  type TournamentDetail,
  tournamentKey,
  tournamentQuery,
} from "./tournaments-api";
import "./tournaments.css";

const P = "global-components.pages.tournaments";
/** A board update that leaves the player's entry out of the top refetches their place, at most this often. */
const OWN_PLACE_REFRESH_MS = 2_000;

/** /tournaments/{identity}: prizes, rules, the join button and the live leaderboard. */
export function TournamentView({ identity }: { identity: string }) {
  const { t, session, locale, content } = useSite();
  const viewer = session.isLoggedIn ? session.profileId : null;
  const query = useQuery(tournamentQuery(identity, viewer));
  useLiveLeaderboard(identity, viewer, query.data);
  if (query.isPending) {
    return <p className="tournaments__loading">{t(`${P}.loading`, "Loading tournaments…")}</p>;
  }
  const tournament = query.data;
  if (!tournament) {
    return (
      <EmptyState
        text={t(
          "global-components.pages.tournaments-identity.empty",
          "This tournament is not available.",
        )}
      />
    );
  }
  const { rules } = tournament;
  const eligible = [
    ...rules.games.map((game) => game.title),
    ...rules.providers.map((provider) => provider.name),
    ...rules.collections.map((collection) => collectionName(content, collection)),
  ];
  return (
    <div className="tournament">
      <header className="tournament__header">
        <h2 className="tournament__title">{tournament.title}</h2>
        <p className="tournament__meta">
          <span className={`tournament-badge tournament-badge--${tournament.state}`}>
            {stateLabel(t, tournament.state)}
          </span>{" "}
          {formatWhen(tournament.startsAt, locale)} – {formatWhen(tournament.endsAt, locale)}
        </p>
        {tournament.description ? (
          <p className="tournament__description">{tournament.description}</p>
        ) : null}
        <JoinControl tournament={tournament} />
      </header>

      <section aria-labelledby="tournament-prizes" className="tournament__panel">
        <h3 id="tournament-prizes">{t(`${P}.prizes`, "Prizes")}</h3>
        <table className="tournament__table">
          <thead>
            <tr>
              <th scope="col">{t(`${P}.place`, "Place")}</th>
              <th scope="col">{t(`${P}.prize`, "Prize")}</th>
            </tr>
          </thead>
          <tbody>
            {tournament.prizes.map((prize) => (
              <tr key={prize.placeFrom}>
                <td>{placesText(prize.placeFrom, prize.placeTo)}</td>
                <td>{prize.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="tournament-rules" className="tournament__panel">
        <h3 id="tournament-rules">{t(`${P}.rulesTitle`, "Rules")}</h3>
        <ul className="tournament__rules">
          <li>
            {scoringLabel(t, rules.scoring)}: {scoringRule(t, rules.scoring)}
          </li>
          <li>
            {t(`${P}.minBet`, "Minimum bet {amount}", {
              amount: `${rules.minBet} ${tournament.currency}`,
            })}
          </li>
          <li>
            {eligible.length > 0
              ? t(`${P}.eligible`, "Counts on: {games}", { games: eligible.join(", ") })
              : t(`${P}.allGames`, "Counts on every game.")}
          </li>
          <li>
            {rules.convertsCurrencies
              ? t(`${P}.converted`, "Bets in other currencies count at the site's rates.")
              : t(`${P}.currencyOnly`, "Only bets in {currency} count.", {
                  currency: tournament.currency,
                })}
          </li>
          <li>
            {t(
              `${P}.optIn`,
              "Only bets settled after you join count. Ties go to whoever got there first.",
            )}
          </li>
        </ul>
      </section>

      <section aria-labelledby="tournament-leaderboard" className="tournament__panel">
        <h3 id="tournament-leaderboard">{t(`${P}.leaderboard`, "Leaderboard")}</h3>
        <Leaderboard tournament={tournament} />
      </section>
    </div>
  );
}

function JoinControl({ tournament }: { tournament: TournamentDetail }) {
  const { t, session } = useSite();
  const modals = useModals();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => joinTournament(tournament.identity),
    onSuccess: (detail) => {
      queryClient.setQueryData(tournamentKey(tournament.identity, session.profileId), detail);
      void queryClient.invalidateQueries({ queryKey: [...TOURNAMENTS_KEY, "list"] });
    },
    onError: () => alert("somethingWrong"),
  });
  if (tournament.state === "finished") {
    return <p className="tournament__status">{t(`${P}.over`, "This tournament has finished.")}</p>;
  }
  if (tournament.me) {
    return <p className="tournament__status">{t(`${P}.joined`, "You're in")}</p>;
  }
  if (!session.isLoggedIn) {
    return (
      <Button onClick={() => modals.open("sign-in")}>
        {t(`${P}.signInToJoin`, "Sign in to join")}
      </Button>
    );
  }
  return (
    <Button onClick={() => join.mutate()} disabled={join.isPending}>
      {t(`${P}.join`, "Join tournament")}
    </Button>
  );
}

function Leaderboard({ tournament }: { tournament: TournamentDetail }) {
  const { t } = useSite();
  const { leaderboard, me } = tournament;
  if (leaderboard.length === 0) {
    return <p>{t(`${P}.noEntries`, "No one has joined yet. Be the first!")}</p>;
  }
  const meInTop = me !== null && leaderboard.some((entry) => entry.entryId === me.entryId);
  return (
    <>
      <table
        className="tournament__table tournament__leaderboard"
        aria-labelledby="tournament-leaderboard"
      >
        <thead>
          <tr>
            <th scope="col">{t(`${P}.place`, "Place")}</th>
            <th scope="col">{t(`${P}.player`, "Player")}</th>
            <th scope="col">{scoringLabel(t, tournament.scoring)}</th>
            <th scope="col">{t(`${P}.bets`, "Bets")}</th>
          </tr>
        </thead>
        <tbody>
          {leaderboard.map((entry) => (
            <EntryRow key={entry.entryId} entry={entry} tournament={tournament} />
          ))}
        </tbody>
      </table>
      {me && !meInTop ? (
        <p className="tournament__me">
          {t(`${P}.yourPlace`, "Your place: {place} ({score})", {
            place: me.place,
            score: scoreText(me.score, tournament.scoring, tournament.currency),
          })}
        </p>
      ) : null}
    </>
  );
}

function EntryRow({
  entry,
  tournament,
}: {
  entry: LeaderboardEntry;
  tournament: TournamentDetail;
}) {
  const { t } = useSite();
  const mine = tournament.me?.entryId === entry.entryId;
  return (
    <tr
      className={mine ? "tournament__row--me" : undefined}
      aria-current={mine ? "true" : undefined}
    >
      <td>{entry.place}</td>
      <td>
        {entry.nickname}
        {mine ? ` ${t(`${P}.you`, "(you)")}` : ""}
      </td>
      <td>{scoreText(entry.score, tournament.scoring, tournament.currency)}</td>
      <td>{entry.bets}</td>
    </tr>
  );
}

type EntryEvent = { type?: unknown; tournamentId?: unknown; entry?: LeaderboardEntry };

/**
 * Keeps the cached tournament live: the public leaderboard channel replaces the top, the
 * player's tournaments channel their own entry; a reconnect refetches. Guests get a guest
 * connection for the public channel.
 */
function useLiveLeaderboard(identity: string, viewer: string | null, data?: TournamentDetail) {
  const queryClient = useQueryClient();
  const key = tournamentKey(identity, viewer);
  const id = data?.id ?? null;
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!viewer && !isRealtimeStarted()) startRealtime(null);
  }, [viewer]);

  useEffect(
    () =>
      onRealtimeReconnect(
        () => void queryClient.invalidateQueries({ queryKey: tournamentKey(identity, viewer) }),
      ),
    [queryClient, identity, viewer],
  );
  useEffect(
    () => () => {
      if (refresh.current) clearTimeout(refresh.current);
    },
    [],
  );

  useRealtime(id ? PUBLIC_CHANNELS.tournamentLeaderboards : null, (raw) => {
    const event = raw as TournamentLeaderboardEvent | null;
    if (event?.type !== "tournament.leaderboard.updated" || event.tournamentId !== id) return;
    const current = queryClient.getQueryData<TournamentDetail>(key);
    if (!current) return;
    const mine = current.me
      ? (event.leaderboard.find((entry) => entry.entryId === current.me?.entryId) ?? null)
      : null;
    queryClient.setQueryData<TournamentDetail>(key, {
      ...current,
      state: event.state,
      participants: event.participants,
      leaderboard: event.leaderboard,
      me: mine ?? current.me,
    });
    // Out of the top, the player's place may have moved: ask again (throttled).
    if (current.me && !mine && !refresh.current) {
      refresh.current = setTimeout(() => {
        refresh.current = null;
        void queryClient.invalidateQueries({ queryKey: key });
      }, OWN_PLACE_REFRESH_MS);
    }
  });

  useRealtime(viewer && id ? `${PLAYER_CHANNEL_NAMESPACES.tournaments}#${viewer}` : null, (raw) => {
    const event = raw as EntryEvent | null;
    if (event?.type !== "tournament.entry.updated" || event.tournamentId !== id || !event.entry) {
      return;
    }
    const current = queryClient.getQueryData<TournamentDetail>(key);
    if (current) queryClient.setQueryData<TournamentDetail>(key, { ...current, me: event.entry });
  });
}
