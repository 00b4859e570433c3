import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { useModals, useSite } from "../../lib/site";
import { GameCover } from "./game-cover";
import { FAVORITES_KEY, favoritesQuery, GAMES_KEY, type Game, setFavorite } from "./games-api";
import { cx, GameIcon } from "./ui";

/**
 * One game in a grid or rail: its cover (lazy image), title and provider as one link to
 * /games/{slug} (the page it came from travels along, for the game's close button), and a
 * favorite button named after the game. Guests asking to favorite get sign-in.
 */
export function GameCard({ game }: { game: Game }) {
  const { t, href, session } = useSite();
  const modals = useModals();
  const location = useLocation();
  const client = useQueryClient();
  // One favorites query for every card on the page (TanStack Query shares it).
  const favorites = useQuery({ ...favoritesQuery, enabled: session.isLoggedIn });
  const favorite = Boolean(favorites.data?.some((item) => item.id === game.id));
  const toggle = useMutation({
    mutationFn: (next: boolean) => setFavorite(game.id, next),
    onMutate: (next) => {
      client.setQueryData<Game[]>(FAVORITES_KEY, (old) =>
        old ? (next ? [game, ...old] : old.filter((item) => item.id !== game.id)) : old,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: FAVORITES_KEY });
      void client.invalidateQueries({ queryKey: [...GAMES_KEY, "detail"] });
    },
  });
  const isFavorite = toggle.isPending ? Boolean(toggle.variables) : favorite;
  return (
    <article className="game-card">
      <Link
        className="game-card__link"
        to={href(`/games/${game.slug}`)}
        state={{ returnPath: `${location.pathname}${location.search}` }}
      >
        {/* Named by what it shows (title, then provider; the cover's letter is hidden): a
            label of other words ("… by …") would not contain the visible text (WCAG 2.5.3). */}
        <GameCover game={game} />
        <span className="game-card__title">{game.title}</span>
        <span className="game-card__provider">{game.provider.name}</span>
      </Link>
      <button
        type="button"
        className={cx("game-card__fav", isFavorite && "is-on")}
        aria-pressed={session.isLoggedIn ? isFavorite : undefined}
        aria-label={t(
          isFavorite ? "global-components.games.unfavorite" : "global-components.games.favorite",
          isFavorite ? "Remove {title} from favorites" : "Add {title} to favorites",
          { title: game.title },
        )}
        onClick={() => (session.isLoggedIn ? toggle.mutate(!isFavorite) : modals.open("sign-in"))}
      >
        <GameIcon name="heart" size={18} />
      </button>
    </article>
  );
}

/** The placeholder of a card while its game loads. */
export function GameCardSkeleton() {
  return (
    <div className="game-card game-card--skeleton" aria-hidden="true">
      <div className="game-cover skeleton" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}
