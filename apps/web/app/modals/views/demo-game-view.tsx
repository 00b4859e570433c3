import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { gameQuery } from "../../features/games/games-api";
import { requestLaunch } from "../../features/games/launch-requests";
import { useModals, useSite } from "../../lib/site";
import type { ModalViewProps } from "../modal-view-props";

/**
 * demo-game (value: the game's slug): a guest asked to play for real money. Sign in or create an
 * account (the game then starts for real: the return-game object remembers it), or play the demo
 * when the game has one.
 */
export default function DemoGameView({ value, close }: ModalViewProps) {
  const { t, session } = useSite();
  const modals = useModals();
  // Signed in (or up) from here: the game page starts the game for real; nothing left to ask.
  useEffect(() => {
    if (session.isLoggedIn) close();
  }, [session.isLoggedIn, close]);
  const game = useQuery({ ...gameQuery(value ?? "", null), enabled: Boolean(value) });
  const title = game.data?.title ?? "";
  return (
    <div className="modal-form">
      <p className="modal-text">
        {t(
          "modals.demo-game.text",
          "Sign in or create an account to play {title} for real money.",
          { title },
        )}
      </p>
      <button type="button" className="modal-button" onClick={() => modals.open("sign-in")}>
        {t("modals.demo-game.signIn", "Sign in")}
      </button>
      <button
        type="button"
        className="modal-button modal-button--secondary"
        onClick={() => modals.open("sign-up")}
      >
        {t("modals.demo-game.signUp", "Create account")}
      </button>
      {game.data?.hasDemo ? (
        <button
          type="button"
          className="modal-button modal-button--link"
          onClick={() => {
            close();
            if (value) requestLaunch({ slug: value, mode: "demo" });
          }}
        >
          {t("modals.demo-game.playDemo", "Play the demo")}
        </button>
      ) : game.data ? (
        <p className="modal-text">{t("modals.demo-game.noDemo", "This game has no demo.")}</p>
      ) : null}
    </div>
  );
}
