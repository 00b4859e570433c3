import { useRef, useState } from "react";
import type { Game } from "./games-api";
import { cx } from "./ui";
import { useNearViewport } from "./use-near-viewport";

/** A stable hue per game, for the drawn cover of a game without a loaded image. */
function hue(slug: string): number {
  let sum = 0;
  for (const char of slug) sum = (sum * 31 + char.charCodeAt(0)) % 360;
  return sum;
}

/**
 * A game's cover: the image is requested only once the cover is within 400 px of the viewport
 * (IntersectionObserver, spec §9; `eager` for the one cover at the top of the game page), with
 * `loading="lazy"` as the browser's own second guard. Until it has loaded, or when there is none
 * or it fails, a drawn cover with the title's initial shows, so the layout never jumps.
 */
export function GameCover({
  game,
  className,
  eager = false,
}: {
  game: Pick<Game, "slug" | "title" | "image">;
  className?: string;
  eager?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, !eager);
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const show = Boolean(game.image) && (eager || near) && state !== "failed";
  return (
    <div
      ref={ref}
      className={cx("game-cover", state === "loaded" && "game-cover--loaded", className)}
      style={{ "--cover-hue": hue(game.slug) } as React.CSSProperties}
    >
      <span className="game-cover__art" aria-hidden="true">
        {game.title.slice(0, 1).toUpperCase()}
      </span>
      {show ? (
        <img
          className="game-cover__img"
          src={game.image ?? undefined}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
        />
      ) : null}
    </div>
  );
}
