// /betting (RT-06, issue 25; docs/sportsbook.md): hosts the configured sportsbook through its SDK.
// The page asks POST /api/game/games/{gameId}/play for the book's token (real mode, the active
// account's currency, locale, platform; guests: token null, no call), loads `{clientHost}/sdk.js`
// and calls SportsbookSDK.init. The book's messages: `login` opens sign-in (the book restarts with
// a token once signed in), `location` is kept in ?setIframePath=, `balance` refreshes the wallet.
// Switching the active account restarts the book in that currency. Start errors open the limit,
// restricted-bets or limited-player answers (betting-rules.ts).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { WALLET_ACCOUNTS_KEY, walletAccountsQuery } from "../../lib/session/player-queries";
import { useModals, useSite } from "../../lib/site";
import { useAlert } from "../../toasts/use-alert";
import { launchFailure } from "../games/game-player";
import { launchGame } from "../games/games-api";
import { isMobileViewport } from "../games/launch-requests";
import { playBlockText } from "../limits/play-blocks";
import { usePlayBlock, usePlayerDate } from "../limits/use-play-block";
import {
  type BookMessage,
  iframePathOf,
  parseBookMessage,
  platformOf,
  type SdkOptions,
  sdkOptions,
  sdkUrl,
  startErrorAction,
  withIframePath,
} from "./betting-rules";
import { SPORT_BETS_KEY } from "./sport-bets-api";
import "./betting.css";

type Book = { destroy(): void; routeChange(path: string): void };
type Sdk = { init(options: SdkOptions): Book };

declare global {
  interface Window {
    SportsbookSDK?: Sdk;
  }
}

const CONTAINER_ID = "sportsbook-container";
/** The book's `error` code for a token it could not use (docs/sportsbook.md). */
const TOKEN_REFUSED = 18501;
const loads = new Map<string, Promise<Sdk>>();

/**
 * Loads the book's SDK script once per URL, with the page's CSP nonce (the script's origin is in
 * the policy: the same origin for the sandbox, BETTING_CLIENT_HOST's otherwise).
 */
function loadSdk(src: string): Promise<Sdk> {
  const known = loads.get(src);
  if (known) return known;
  const loading = new Promise<Sdk>((resolve, reject) => {
    if (window.SportsbookSDK) {
      resolve(window.SportsbookSDK);
      return;
    }
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () =>
      window.SportsbookSDK ? resolve(window.SportsbookSDK) : reject(new Error("no SportsbookSDK"));
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
  loads.set(src, loading);
  loading.catch(() => loads.delete(src));
  return loading;
}

type Account = { currency?: unknown; status?: unknown };

/** The book's start: the token it runs with (null: a guest), or why it does not run. */
type Start =
  | { state: "waiting" }
  | { state: "ready"; token: string | null; key: number }
  | { state: "blocked" }
  | { state: "failed"; message: string };

export function Sportsbook() {
  const { t, session, settings, locale, href } = useSite();
  const betting = settings.betting;
  const modals = useModals();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const alert = useAlert();
  const accounts = useQuery({ ...walletAccountsQuery, enabled: session.isLoggedIn });
  const currency = (accounts.data as Account[] | undefined)?.find(
    (account) => account.status === 1 && typeof account.currency === "string",
  )?.currency as string | undefined;
  const [start, setStart] = useState<Start>({ state: "waiting" });
  const [sdk, setSdk] = useState<Sdk | null>(null);
  const [sdkFailed, setSdkFailed] = useState(false);
  const bookRef = useRef<Book | null>(null);
  /** The path the book last reported (or was started or routed to): no echo back to it. */
  const bookPathRef = useRef<string | null>(iframePathOf(location.search));
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  /** After a limit start error, the limits page once its modal closes. */
  const [limitModal, setLimitModal] = useState(false);

  useEffect(() => {
    if (!betting.clientHost) return;
    let live = true;
    loadSdk(sdkUrl(betting.clientHost)).then(
      (loaded) => live && setSdk(() => loaded),
      () => live && setSdkFailed(true),
    );
    return () => {
      live = false;
    };
  }, [betting.clientHost]);

  // The token: none for a guest; for a player, a launch in the active account's currency.
  const requests = useRef(0);
  const [retry, setRetry] = useState(0);
  const retried = useRef(0);
  // What a start error does, read at the time (none of it restarts the book).
  const act = useRef({ modals, navigate, alert, t, href, pathname: location.pathname });
  act.current = { modals, navigate, alert, t, href, pathname: location.pathname };
  // biome-ignore lint/correctness/useExhaustiveDependencies: retry asks for a fresh token
  useEffect(() => {
    const id = ++requests.current;
    if (!session.isLoggedIn) {
      setStart({ state: "ready", token: null, key: id });
      return;
    }
    if (accounts.isPending || betting.gameId === null) return;
    setStart({ state: "waiting" });
    const { pathname: path } = act.current;
    launchGame(betting.gameId, {
      mode: "real",
      ...(currency ? { currency } : {}),
      ...(/^[a-z]{2}(-[A-Za-z]{2})?$/.test(locale) ? { locale } : {}),
      ...(path.length > 1 ? { returnUrl: path } : {}),
      platform: platformOf(isMobileViewport()),
    }).then(
      (launch) => {
        if (id === requests.current) setStart({ state: "ready", token: launch.token, key: id });
      },
      (error: unknown) => {
        if (id !== requests.current) return;
        const { modals, navigate, alert, t, href } = act.current;
        const code = (error as { code?: unknown }).code;
        const action = startErrorAction(typeof code === "number" ? code : null);
        if (action === "limit") {
          setStart({ state: "blocked" });
          setLimitModal(true);
          modals.open("game-limit-reached");
          return;
        }
        if (action === "restricted") {
          setStart({ state: "blocked" });
          modals.open("restricted-bets");
          return;
        }
        if (action === "limited") {
          setStart({ state: "blocked" });
          alert("limitedRealGame");
          void navigate(href("/"));
          return;
        }
        // The game page's own reading of a failed launch (exclusion, country, sign-in, ...).
        const failure = launchFailure(error, "real", t);
        if (failure === "excluded") setStart({ state: "blocked" });
        else if (failure === "restricted") {
          setStart({ state: "blocked" });
          modals.open("geo-restricted-game");
        } else if (failure === "sign-in") {
          setStart({ state: "ready", token: null, key: id });
        } else setStart({ state: "failed", message: failure.message });
      },
    );
  }, [session.isLoggedIn, accounts.isPending, currency, betting.gameId, locale, retry]);

  // The game-limit-reached modal closed: the limits page (its own link may have led there).
  useEffect(() => {
    if (!limitModal || modals.stack.includes("game-limit-reached")) return;
    setLimitModal(false);
    if (location.pathname !== href("/profile/limits")) void navigate(href("/profile/limits"));
  }, [limitModal, modals.stack, navigate, href, location.pathname]);

  const onMessage = useCallback(
    (message: BookMessage) => {
      if (message.type === "login") modals.open("sign-in");
      else if (message.type === "balance") {
        void client.invalidateQueries({ queryKey: WALLET_ACCOUNTS_KEY });
        void client.invalidateQueries({ queryKey: SPORT_BETS_KEY });
      } else if (message.type === "location") {
        bookPathRef.current = message.path;
        const kept = iframePathOf(searchRef.current);
        if (kept !== message.path) {
          // The book replaces its own history entries (allowParentUrlUpdate), so the site keeps
          // one entry per book page: back and forward then reach the book as routeChange. Its
          // first report only names where it opened.
          void navigate(
            {
              pathname: location.pathname,
              search: withIframePath(searchRef.current, message.path),
            },
            { replace: kept === null, preventScrollReset: true },
          );
        }
      } else if (message.type === "error" && message.code === TOKEN_REFUSED) {
        // The book could not start the player's session (an expired token): one fresh start.
        if (session.isLoggedIn && retried.current < 1) {
          retried.current += 1;
          setRetry((value) => value + 1);
        }
      }
    },
    [modals, client, navigate, location.pathname, session.isLoggedIn],
  );
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  // The book itself: (re)started for each token. The settings are read by value: the root's data
  // is a new object after each navigation, and the book's own location reports navigate.
  const startKey = start.state === "ready" ? start.key : null;
  const token = start.state === "ready" ? start.token : null;
  const { clientHost, clientId, gameId, theme, customStyles } = betting;
  useEffect(() => {
    if (!sdk || startKey === null || !clientHost || !clientId) return;
    const initialPath = bookPathRef.current ?? iframePathOf(searchRef.current);
    const book = sdk.init({
      ...sdkOptions({
        settings: { clientHost, clientId, gameId, theme, customStyles },
        containerId: CONTAINER_ID,
        token,
        locale,
        initialPath,
      }),
      onEvent: (event) => {
        const message = parseBookMessage(event);
        if (message) onMessageRef.current(message);
      },
    });
    bookRef.current = book;
    return () => {
      book.destroy();
      if (bookRef.current === book) bookRef.current = null;
    };
  }, [sdk, startKey, token, clientHost, clientId, gameId, theme, customStyles, locale]);

  // Route sync: a link or back/forward to another ?setIframePath= tells the book.
  useEffect(() => {
    const path = iframePathOf(location.search);
    if (!path || path === bookPathRef.current) return;
    bookPathRef.current = path;
    bookRef.current?.routeChange(path);
  }, [location.search]);

  const title = t("global-components.pages.betting.title", "Sports betting");
  return (
    <section className="sportsbook-page" aria-label={title}>
      <h1 className="visually-hidden">{title}</h1>
      {start.state === "blocked" ? <BlockedNotice /> : null}
      {start.state === "failed" || sdkFailed ? (
        <p className="sportsbook-page__notice" role="alert">
          {start.state === "failed"
            ? start.message
            : t("global-components.pages.betting.failed", "The sportsbook could not be loaded.")}
        </p>
      ) : null}
      <div
        id={CONTAINER_ID}
        className="sportsbook-page__book"
        aria-busy={start.state === "waiting" || (!sdk && !sdkFailed)}
      />
    </section>
  );
}

/** Why the book does not run for this player: a block and its end, or a plain word. */
function BlockedNotice() {
  const { t } = useSite();
  const { block } = usePlayBlock();
  const date = usePlayerDate();
  return (
    <p className="sportsbook-page__notice" role="status">
      {block
        ? playBlockText(block, t, date)
        : t(
            "global-components.pages.betting.blocked",
            "Sports betting is not available on your account right now.",
          )}
    </p>
  );
}
