// The lazy part of the home page (one chunk, rendered in place by the server): the games
// (search, collection rails, winners: features/games/home-lobby.tsx) and the lobby tiles.
import type { CSSProperties } from "react";
import { useId } from "react";
import { Link } from "react-router";
import GameLobby from "../../features/games/home-lobby";
import { useSite } from "../../lib/site";
import { categoryKind } from "../art/category-art";
import { CategoryArt } from "../art/category-tile-art";
import { ChevronRightIcon } from "../art/icons";

export default function HomeLobbyPart() {
  return (
    <>
      <GameLobby />
      <Lobby />
    </>
  );
}

function Lobby() {
  const { t, href, collections } = useSite();
  const titleId = useId();
  return (
    <section className="lobby" aria-labelledby={titleId}>
      <div className="section-head">
        <h2 id={titleId} className="section-head__title">
          {t("layout.home.lobby.title", "Explore the lobby")}
        </h2>
        {collections.length > 0 ? (
          <Link className="section-head__more" to={href("/providers")}>
            {t("layout.home.lobby.providers", "Game providers")}
            <ChevronRightIcon size={16} />
          </Link>
        ) : null}
      </div>
      {collections.length === 0 ? (
        <p className="lobby__empty">
          {t("layout.home.lobby.empty", "The game lobby is being set up. Please check back soon.")}
        </p>
      ) : (
        <ul className="tile-grid">
          {collections.map((c, i) => (
            <li key={c.id}>
              <Link
                className="tile"
                style={{ "--tile-bg": `var(--tile-${(i % 6) + 1})` } as CSSProperties}
                to={href(`/categories/${c.slug}`)}
              >
                <span className="tile__art">
                  <CategoryArt kind={categoryKind(c.slug, c.name)} />
                </span>
                <span className="tile__name">{c.name}</span>
                <span className="tile__cta" aria-hidden="true">
                  {t("layout.home.lobby.tile", "Browse games")}
                  <ChevronRightIcon size={14} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
