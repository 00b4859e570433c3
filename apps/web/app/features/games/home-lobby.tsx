// The games of the home page (lazy chunk: it stays out of the entry JavaScript): a search box
// with debounced results, one rail per game collection (games fetched once the rail is within
// 400 px of the viewport; "See all" leads to /categories/{slug}), and the winners feed.

import { PUBLIC_CHANNELS } from "@casino/contract/realtime";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type CollectionSummary, useSite } from "../../lib/site";
import { GameCard, GameCardSkeleton } from "./game-card";
import { GameCover } from "./game-cover";
import { GameGrid } from "./game-grid";
import { gamesQuery, winnersQuery } from "./games-api";
import { GameIcon } from "./ui";
import { useChannel } from "./use-channel";
import { useNearViewport } from "./use-near-viewport";

/** Search waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
const RAIL_SIZE = 12;

export default function HomeLobby() {
  const { collections } = useSite();
  return (
    <div className="game-rails">
      <GameSearch />
      {collections.map((collection) => (
        <GameRail key={collection.id} collection={collection} />
      ))}
      <WinnersFeed />
    </div>
  );
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function GameSearch() {
  const { t } = useSite();
  const inputId = useId();
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const active = search.length >= 2;
  const results = useQuery({ ...gamesQuery({ search, perPage: 24 }), enabled: active });
  const label = t("global-components.games.searchResults", "Search results");
  return (
    <section
      className="game-search"
      aria-label={t("global-components.games.searchLabel", "Search games")}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        {t("global-components.games.searchLabel", "Search games")}
      </label>
      <input
        id={inputId}
        className="game-search__input"
        type="search"
        name="search"
        autoComplete="off"
        placeholder={t("global-components.games.searchPlaceholder", "Search games")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {active ? (
        <GameGrid
          games={results.data?.data}
          pending={results.isPending}
          label={label}
          skeletons={6}
          empty={
            <p className="game-list__count" role="status">
              {t("global-components.games.noResults", "No games match “{search}”.", { search })}
            </p>
          }
        />
      ) : null}
    </section>
  );
}

function GameRail({ collection }: { collection: CollectionSummary }) {
  const { t, href } = useSite();
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  const titleId = useId();
  const games = useQuery({
    ...gamesQuery({ collection: collection.slug, perPage: RAIL_SIZE }),
    enabled: near,
  });
  const list = games.data?.data;
  if (list && list.length === 0) return null;
  return (
    <section ref={ref} className="game-rail" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-head__title">
          {collection.name}
        </h2>
        <Link
          className="section-head__more"
          to={href(`/categories/${collection.slug}`)}
          aria-label={t("global-components.games.seeAllOf", "See all {name} games", {
            name: collection.name,
          })}
        >
          {t("global-components.games.seeAll", "See all")}
          <GameIcon name="chevron" size={16} />
        </Link>
      </div>
      <ul
        className="game-rail__list"
        aria-label={collection.name}
        aria-busy={list ? undefined : true}
      >
        {list
          ? list.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity (and keys no game id can take: a card reusing a placeholder's node counted as a layout shift)
              <li key={`placeholder-${i}`}>
                <GameCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  );
}

/** GET /api/game/spins/winners (GM-10), polled every 30 s and refreshed by game:winners. */
function WinnersFeed() {
  const { t, href, locale } = useSite();
  const client = useQueryClient();
  const titleId = useId();
  const winners = useQuery(winnersQuery);
  useChannel(PUBLIC_CHANNELS.winners, () => {
    void client.invalidateQueries({ queryKey: winnersQuery.queryKey });
  });
  const list = winners.data ?? [];
  if (!winners.isPending && list.length === 0) return null;
  const money = (amount: string, currency: string) => {
    const value = Number(amount);
    return Number.isFinite(value)
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(value)} ${currency}`
      : `${amount} ${currency}`;
  };
  return (
    <section className="winners" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-head__title">
          {t("global-components.games.winners", "Latest winners")}
        </h2>
      </div>
      <ul
        className="winners__list"
        aria-label={t("global-components.games.winners", "Latest winners")}
      >
        {winners.isPending
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} className="winner" aria-hidden="true">
                <div className="game-cover skeleton" />
                <span className="winner__text">
                  <span className="skeleton skeleton--line skeleton--short" />
                  <span className="skeleton skeleton--line" />
                  <span className="skeleton skeleton--line skeleton--short" />
                </span>
              </li>
            ))
          : list.map((winner) => (
              <li key={`${winner.gameId}-${winner.wonAt}-${winner.nickname}`} className="winner">
                <GameCover
                  game={{ slug: winner.gameSlug, title: winner.gameTitle, image: winner.gameImage }}
                />
                <span className="winner__text">
                  <span>{winner.nickname}</span>
                  <Link to={href(`/games/${winner.gameSlug}`)}>{winner.gameTitle}</Link>
                  <span className="winner__amount">{money(winner.amount, winner.currency)}</span>
                </span>
              </li>
            ))}
      </ul>
    </section>
  );
}
