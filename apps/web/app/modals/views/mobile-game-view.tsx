import { useQuery } from "@tanstack/react-query";
import { gameQuery } from "../../features/games/games-api";
import { requestLaunch } from "../../features/games/launch-requests";
import { playBlockText } from "../../features/limits/play-blocks";
import { usePlayBlock, usePlayerDate } from "../../features/limits/use-play-block";
import { useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/**
 * mobile-game (value: the game's slug): below 768 px a game page asks first; the chosen mode
 * then starts full screen. Guests choosing real money get demo-game (sign in or play the demo).
 * During a self-exclusion or cooling-off only the demo is offered, with the block's end.
 */
export default function MobileGameView({ value, close }: ModalViewProps) {
  const { t, session } = useSite();
  const viewer = session.isLoggedIn ? session.profileId : null;
  const game = useQuery({ ...gameQuery(value ?? "", viewer), enabled: Boolean(value) });
  const { block } = usePlayBlock();
  const date = usePlayerDate();
  const choose = (mode: "real" | "demo") => {
    close();
    if (value) requestLaunch({ slug: value, mode });
  };
  if (!game.data) return <div className="modal__loading" aria-busy="true" />;
  return (
    <div className="modal-form">
      <p className="modal-text">
        <strong>{game.data.title}</strong> · {game.data.provider.name}
      </p>
      {game.data.isMobile ? null : (
        <p className="modal-text">
          {t("modals.mobile-game.desktopOnly", "This game is made for larger screens.")}
        </p>
      )}
      {block ? (
        <p className="modal-text" role="status">
          {playBlockText(block, t, date)}
        </p>
      ) : (
        <button type="button" className="modal-button" onClick={() => choose("real")}>
          {t("modals.mobile-game.playReal", "Play for real money")}
        </button>
      )}
      {game.data.hasDemo ? (
        <button
          type="button"
          className="modal-button modal-button--secondary"
          onClick={() => choose("demo")}
        >
          {t("modals.mobile-game.playDemo", "Play the demo")}
        </button>
      ) : (
        <p className="modal-text">{t("modals.mobile-game.noDemo", "This game has no demo.")}</p>
      )}
    </div>
  );
}
