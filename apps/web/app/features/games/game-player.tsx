// /games/{id} (RT-13, GM-03, GM-04, GM-06, GM-11, GM-12): the game's page. Signed-in players
// start real play in their active currency at once; guests see the cover with "Try the demo" and
// "Play for real money" (which opens demo-game). Below 768 px the mobile-game modal offers the
// choice and the game then fills the screen. The launch URL the API returns plays in an iframe
// under a header bar (title, favorite, fullscreen, close). During a self-exclusion or cooling-off
// real play is neither offered nor started (the server refuses it, 400/13111): the page says
// which block and until when (in the player's locale and time zone), and the demo stays.

import { playerChannel } from "@casino/contract/realtime";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError } from "../../lib/api/api-client";
import { walletAccountsQuery } from "../../lib/session/player-queries";
import { useModals, useSite } from "../../lib/site";
import { LIMITS_KEY } from "../limits/limits-api";
import { type PlayBlock, playBlockText } from "../limits/play-blocks";
import { usePlayBlock, usePlayerDate } from "../limits/use-play-block";
import { RealityCheck } from "../reality-check/reality-check";
import { betRuleModal } from "./bet-events";
import { GameCover } from "./game-cover";
import {
  FAVORITES_KEY,
  type GameDetail,
  type GameLaunch,
  gameQuery,
  launchGame,
  PLAYED_KEY,
  ROUNDS_KEY,
  setFavorite,
} from "./games-api";
import { isMobileViewport, onLaunchRequest } from "./launch-requests";
import { isSitePath, readReturnGame, takeRealPlayWish, writeReturnGame } from "./return-game";
import { cx, GameBadge, GameButton, GameIcon } from "./ui";
import { useChannel } from "./use-channel";

/** The code of a game restricted in the request country (contract GameRestrictedCode). */
export const GAME_RESTRICTED = 15020;
/** Real play refused during a self-exclusion or cooling-off (contract ErrorCode.PlayerExcluded). */
export const PLAYER_EXCLUDED = 13111;

type Launch =
  | { state: "idle" }
  | { state: "starting"; mode: "real" | "demo" }
  | { state: "playing"; launch: GameLaunch }
  | { state: "failed"; mode: "real" | "demo"; message: string; openWallet?: boolean };

type Account = { currency?: unknown; status?: unknown };

export function GamePlayer({ slug, initial }: { slug: string; initial: GameDetail }) {
  const { t, session, href, locale } = useSite();
  const modals = useModals();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const viewer = session.isLoggedIn ? session.profileId : null;
  const detail = useQuery({ ...gameQuery(slug, viewer), placeholderData: initial });
  const game = detail.data ?? initial;
  const accounts = useQuery({ ...walletAccountsQuery, enabled: session.isLoggedIn });
  const activeCurrency = (accounts.data as Account[] | undefined)?.find(
    (account) => account.status === 1 && typeof account.currency === "string",
  )?.currency as string | undefined;
  const [launch, setLaunch] = useState<Launch>({ state: "idle" });
  const [restricted, setRestricted] = useState(false);
  const playBlock = usePlayBlock();
  // The server refused real play (13111) before the limits said why: no real play either.
  const [refusedReal, setRefusedReal] = useState(false);
  const noRealPlay = playBlock.block !== null || refusedReal;
  const stageRef = useRef<HTMLDivElement>(null);

  // Where "close" leads: the page the player came from (a card's link state), else what the
  // return-game object kept for this game, else the home page.
  const fromState = (location.state as { returnPath?: unknown } | null)?.returnPath;
  const returnPathRef = useRef<string>(href("/"));
  useEffect(() => {
    const kept = readReturnGame();
    if (isSitePath(fromState)) returnPathRef.current = fromState;
    else if (kept && kept.slug === slug) returnPathRef.current = kept.returnPath;
    else returnPathRef.current = href("/");
  }, [fromState, slug, href]);

  // A start the player asked for moves focus into the game's frame once it shows: the button
  // pressed is gone by then, and focus would drop to the page body.
  const focusFrame = useRef(false);
  const start = useCallback(
    async (mode: "real" | "demo", byPlayer = false) => {
      if (mode === "real" && noRealPlay) return;
      if (mode === "real" && !session.isLoggedIn) {
        // Kept across sign-in or sign-up in this tab: the game then starts for real (GM-11).
        writeReturnGame({
          slug,
          title: game.title,
          mode: "real",
          returnPath: returnPathRef.current,
        });
        modals.open("demo-game", slug);
        return;
      }
      writeReturnGame({ slug, title: game.title, mode, returnPath: returnPathRef.current });
      setLaunch({ state: "starting", mode });
      try {
        const answer = await launchGame(game.id, {
          mode,
          ...(mode === "real" && activeCurrency ? { currency: activeCurrency } : {}),
          locale: /^[a-z]{2}(-[A-Za-z]{2})?$/.test(locale) ? locale : undefined,
          // The API takes a path of at least two characters (the home page "/" is its default).
          ...(returnPathRef.current.length > 1 ? { returnUrl: returnPathRef.current } : {}),
        });
        focusFrame.current = byPlayer;
        setLaunch({ state: "playing", launch: answer });
        if (answer.mode === "real") void client.invalidateQueries({ queryKey: PLAYED_KEY });
      } catch (error) {
        const failure = launchFailure(error, mode, t);
        if (failure === "excluded") {
          setRefusedReal(true);
          setLaunch({ state: "idle" });
          void client.invalidateQueries({ queryKey: LIMITS_KEY });
        } else if (failure === "restricted") {
          setRestricted(true);
          setLaunch({ state: "idle" });
          modals.open("geo-restricted-game", slug);
        } else if (failure === "sign-in") {
          writeReturnGame({
            slug,
            title: game.title,
            mode: "real",
            returnPath: returnPathRef.current,
          });
          setLaunch({ state: "idle" });
          modals.open("sign-in");
        } else {
          setLaunch({ state: "failed", mode, ...failure });
        }
      }
    },
    [
      session.isLoggedIn,
      noRealPlay,
      slug,
      game.title,
      game.id,
      activeCurrency,
      locale,
      modals,
      client,
      t,
    ],
  );

  // What happens on arrival, once per game and sign-in state.
  const arrived = useRef<string | null>(null);
  useEffect(() => {
    const key = `${slug}|${session.isLoggedIn}`;
    if (arrived.current === key || restricted) return;
    if (session.isLoggedIn && accounts.isPending) return; // wait for the active currency
    if (playBlock.pending) return; // and for the limits: no real play during a block
    arrived.current = key;
    const wish = session.isLoggedIn && takeRealPlayWish(slug);
    if (wish && !noRealPlay) void start("real");
    else if (isMobileViewport()) modals.open("mobile-game", slug);
    else if (session.isLoggedIn && !noRealPlay) void start("real");
  }, [
    slug,
    session.isLoggedIn,
    accounts.isPending,
    playBlock.pending,
    noRealPlay,
    restricted,
    modals,
    start,
  ]);

  // The modals' choices (demo-game, mobile-game).
  useEffect(
    () =>
      onLaunchRequest((request) => {
        if (request.slug === slug) void start(request.mode, true);
      }),
    [slug, start],
  );

  // Bet rule events of the active bonus (GM-12) and settled bets (history, recently played).
  useChannel(viewer ? playerChannel("gameBets", viewer) : null, (data) => {
    const modal = betRuleModal(data);
    if (modal) modals.open(modal.key, modal.value);
    if ((data as { type?: unknown } | null)?.type === "game.bet.settled") {
      void client.invalidateQueries({ queryKey: ROUNDS_KEY });
    }
  });

  const favorite = useMutation({
    mutationFn: (next: boolean) => setFavorite(game.id, next),
    onMutate: (next) => {
      client.setQueryData<GameDetail>(gameQuery(slug, viewer).queryKey, (old) =>
        old ? { ...old, isFavorite: next } : old,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: gameQuery(slug, viewer).queryKey });
      void client.invalidateQueries({ queryKey: FAVORITES_KEY });
    },
  });

  const close = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setLaunch({ state: "idle" });
    void navigate(returnPathRef.current);
  };
  const fullscreen = () => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void stage.requestFullscreen?.().catch(() => undefined);
  };

  const playing = launch.state === "playing" ? launch.launch : null;
  const title = game.title;
  // Below 768 px a running game covers the screen: the page behind it must not scroll.
  useEffect(() => {
    if (!playing || !isMobileViewport()) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = before;
    };
  }, [playing]);
  return (
    <section
      className={cx("game-page", playing && "game-page--playing")}
      aria-labelledby="game-title"
    >
      <div className="game-stage" ref={stageRef}>
        <header className="game-bar">
          <div className="game-bar__title">
            <h1 id="game-title">{title}</h1>
            <span className="game-bar__provider">{game.provider.name}</span>
            {playing ? (
              <GameBadge tone={playing.mode === "demo" ? "neutral" : "gold"}>
                {playing.mode === "demo"
                  ? t("global-components.pages.games-id.demoBadge", "Demo")
                  : t("global-components.pages.games-id.realBadge", "Real money")}
              </GameBadge>
            ) : null}
          </div>
          <div className="game-bar__actions">
            {/* Session time and the reality-check prompt while playing for real (issue 6). */}
            {playing?.mode === "real" ? <RealityCheck /> : null}
            {playing?.mode === "demo" && !noRealPlay ? (
              <GameButton size="sm" onClick={() => void start("real", true)}>
                {t("global-components.pages.games-id.playReal", "Play for real money")}
              </GameButton>
            ) : null}
            {session.isLoggedIn ? (
              <button
                type="button"
                className={cx("icon-btn", "game-bar__fav", game.isFavorite && "is-on")}
                aria-pressed={game.isFavorite}
                aria-label={t("global-components.pages.games-id.favorite", "Favorite {title}", {
                  title,
                })}
                disabled={favorite.isPending}
                onClick={() => favorite.mutate(!game.isFavorite)}
              >
                <GameIcon name="heart" />
              </button>
            ) : null}
            <button
              type="button"
              className="icon-btn"
              aria-label={t("global-components.pages.games-id.fullscreen", "Full screen")}
              onClick={fullscreen}
            >
              <GameIcon name="fullscreen" />
            </button>
            <button
              type="button"
              className="icon-btn"
              aria-label={t("global-components.pages.games-id.close", "Close game")}
              onClick={close}
            >
              <GameIcon name="close" />
            </button>
          </div>
        </header>
        <div className="game-frame">
          {playing ? (
            <iframe
              key={playing.token}
              ref={(frame) => {
                if (!frame || !focusFrame.current) return;
                focusFrame.current = false;
                frame.focus();
              }}
              className="game-frame__iframe"
              src={playing.url}
              title={title}
              allow="fullscreen; autoplay; clipboard-write"
            />
          ) : (
            <div className="game-launcher">
              <GameCover game={game} className="game-launcher__cover" eager />
              <div className="game-launcher__panel" aria-live="polite">
                {restricted ? (
                  <p className="game-launcher__text" role="alert">
                    {t(
                      "modals.geo-restricted-game.text",
                      "This game is not available in your country.",
                    )}
                  </p>
                ) : launch.state === "starting" ? (
                  <p className="game-launcher__text" aria-busy="true">
                    {t("global-components.pages.games-id.starting", "Starting the game…")}
                  </p>
                ) : (
                  <>
                    {launch.state === "failed" ? (
                      <p className="game-launcher__error" role="alert">
                        {launch.message}
                      </p>
                    ) : null}
                    {noRealPlay ? <BlockNotice block={playBlock.block} /> : null}
                    <LaunchButtons
                      game={game}
                      failed={launch.state === "failed" ? launch : null}
                      realPlay={!noRealPlay}
                      onStart={(mode) => void start(mode, true)}
                    />
                  </>
                )}
              </div>
            </div>
          )}
        </div>
      </div>
      <GameFacts game={game} />
    </section>
  );
}

/** Why real play is off: the block and its end, or (limits unknown) the server's refusal. */
function BlockNotice({ block }: { block: PlayBlock | null }) {
  const { t } = useSite();
  const date = usePlayerDate();
  return (
    <p className="game-launcher__text" role="status">
      {block
        ? playBlockText(block, t, date)
        : t(
            "global-components.pages.games-id.excluded",
            "Real-money play is not available during your self-exclusion or break.",
          )}
    </p>
  );
}

function LaunchButtons({
  game,
  failed,
  realPlay,
  onStart,
}: {
  game: GameDetail;
  failed: { mode: "real" | "demo"; openWallet?: boolean } | null;
  /** false during a self-exclusion or cooling-off: only the demo is offered. */
  realPlay: boolean;
  onStart: (mode: "real" | "demo") => void;
}) {
  const { t } = useSite();
  const modals = useModals();
  return (
    <div className="game-launcher__actions">
      {!realPlay ? null : failed?.openWallet ? (
        <GameButton onClick={() => modals.open("wallet", "deposit")}>
          {t("global-components.pages.games-id.openWallet", "Open the wallet")}
        </GameButton>
      ) : (
        <GameButton onClick={() => onStart("real")}>
          {t("global-components.pages.games-id.playReal", "Play for real money")}
        </GameButton>
      )}
      {game.hasDemo ? (
        <GameButton variant="secondary" onClick={() => onStart("demo")}>
          {t("global-components.pages.games-id.playDemo", "Try the demo")}
        </GameButton>
      ) : (
        <p className="game-launcher__text">
          {t("global-components.pages.games-id.noDemo", "This game has no demo.")}
        </p>
      )}
    </div>
  );
}

function GameFacts({ game }: { game: GameDetail }) {
  const { t } = useSite();
  const volatility = game.volatility
    ? t(`global-components.pages.games-id.volatility.${game.volatility}`, game.volatility)
    : null;
  return (
    <dl className="game-facts">
      <div>
        <dt>{t("global-components.pages.games-id.provider", "Provider")}</dt>
        <dd>{game.provider.name}</dd>
      </div>
      {game.rtp ? (
        <div>
          <dt>{t("global-components.pages.games-id.rtp", "RTP")}</dt>
          <dd>{game.rtp} %</dd>
        </div>
      ) : null}
      {volatility ? (
        <div>
          <dt>{t("global-components.pages.games-id.volatilityLabel", "Volatility")}</dt>
          <dd>{volatility}</dd>
        </div>
      ) : null}
    </dl>
  );
}

type Translate = ReturnType<typeof useSite>["t"];

/** What a failed launch means for the page (restricted, sign in, or a message to show). */
export function launchFailure(
  error: unknown,
  mode: "real" | "demo",
  t: Translate,
): "restricted" | "sign-in" | "excluded" | { message: string; openWallet?: boolean } {
  if (error instanceof ApiError) {
    if (error.code === GAME_RESTRICTED) return "restricted";
    // Its message carries a raw ISO date: the page names the block from the limits instead.
    if (error.code === PLAYER_EXCLUDED && mode === "real") return "excluded";
    if (error.status === 401 && mode === "real") return "sign-in";
    if (error.status === 422 && error.fields.mode) {
      return { message: t("global-components.pages.games-id.noDemo", "This game has no demo.") };
    }
    if (error.status === 422 && error.fields.currency) {
      return {
        message: t(
          "global-components.pages.games-id.noAccount",
          "You have no wallet account in this currency.",
        ),
        openWallet: true,
      };
    }
    if (error.status === 400 && error.message) return { message: error.message };
  }
  return {
    message: t(
      "global-components.pages.games-id.failed",
      "The game could not be started. Please try again.",
    ),
  };
}
