// The sandbox sportsbook's shell: top bar, sports and leagues on the left, the page in the
// middle, the bet slip on the right (a bottom sheet on phones). It speaks to the site only
// through the SDK's messages (bridge.ts) and to its server only through /sportsbook/api.
import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiError, api, BookError, type Session, type Sport } from "./api";
import { type Book, BookContext, legKey, type SlipLeg } from "./book";
import { askToSignIn, listenToSite, postToSite, readLaunch } from "./bridge";
import { ConsolePage } from "./console-page";
import { EventsPage, Link } from "./event-lists";
import { EventPage } from "./event-page";
import { localeFor, translator } from "./i18n";
import { MyBetsPage } from "./my-bets";
import { currentPath, navigate, onNavigate, safePath, setSiteHistory, usePath } from "./router";
import { Slip } from "./slip";
import { MAX_LEGS } from "./slip-math";

const launch = readLaunch();
setSiteHistory(launch.syncUrl);
const SLIP_KEY = "sportsbook.slip";

function loadSlip(): SlipLeg[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SLIP_KEY) ?? "[]") as SlipLeg[];
    return Array.isArray(saved) ? saved.slice(0, MAX_LEGS) : [];
  } catch {
    return [];
  }
}

export function App() {
  const path = usePath();
  if (path === "/console") return <ConsolePage />;
  return <BookShell path={path} />;
}

function BookShell({ path }: { path: string }) {
  const t = useMemo(() => translator(launch.lang), []);
  const locale = useMemo(() => localeFor(launch.lang), []);
  const [session, setSession] = useState<Book["session"]>(null);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const [legs, setLegs] = useState<SlipLeg[]>(loadSlip);
  const [sports, setSports] = useState<Sport[] | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);

  // Theme, custom styles, language.
  useEffect(() => {
    document.documentElement.dataset.theme = launch.theme;
    document.documentElement.lang = launch.lang;
    if (launch.styles && /^https?:\/\//.test(launch.styles)) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = launch.styles;
      document.head.appendChild(link);
    }
  }, []);

  // The site's routeChange, the SDK's initial path, and our own navigation reported back.
  useEffect(() => {
    if (launch.initialPath)
      navigate(safePath(launch.initialPath), { replace: true, report: false });
    const stopListening = listenToSite(launch, (p) => navigate(safePath(p), { report: false }));
    const stopNavigating = onNavigate((report) => {
      setNavOpen(false);
      if (report) postToSite(launch, { type: "location", path: currentPath() });
    });
    postToSite(launch, { type: "ready" });
    return () => {
      stopListening();
      stopNavigating();
    };
  }, []);

  // The player's session: the SDK's platform token exchanged for the book's own.
  useEffect(() => {
    if (!launch.token) return;
    let stop = false;
    api
      .openSession(launch.token)
      .then((s) => {
        if (!stop) setSession(s);
      })
      .catch((e: unknown) => {
        if (stop) return;
        const code = e instanceof ApiError ? e.code : 0;
        setSessionError(e instanceof ApiError ? e.message : String(e));
        postToSite(launch, { type: "error", code });
      });
    return () => {
      stop = true;
    };
  }, []);

  // Balance: refreshed every 10 s; a change (a settlement) tells the site.
  const sessionToken = session?.sessionToken ?? null;
  useEffect(() => {
    if (!sessionToken) return;
    const timer = setInterval(() => {
      api
        .session(sessionToken)
        .then((s: Session) => {
          setSession((before) => {
            if (!before) return before;
            if (before.balance !== s.balance) postToSite(launch, { type: "balance" });
            return { ...before, ...s, sessionToken: before.sessionToken };
          });
        })
        .catch((e: unknown) => {
          if (e instanceof ApiError && e.code === BookError.SessionInvalid) {
            setSessionError(translator(launch.lang)("sessionOver"));
            postToSite(launch, { type: "error", code: e.code });
          }
        });
    }, 10_000);
    return () => clearInterval(timer);
  }, [sessionToken]);

  useEffect(() => {
    const load = () =>
      api
        .sports()
        .then(setSports)
        .catch(() => setSports((s) => s ?? []));
    void load();
    const timer = setInterval(load, 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    try {
      sessionStorage.setItem(SLIP_KEY, JSON.stringify(legs));
    } catch {
      // storage off: the slip lives for this page only
    }
  }, [legs]);

  const toggleLeg = useCallback((leg: SlipLeg) => {
    setLegs((before) => {
      const key = legKey(leg);
      if (before.some((l) => legKey(l) === key)) return before.filter((l) => legKey(l) !== key);
      // One selection per market: a new pick replaces the old one of the same market.
      const rest = before.filter(
        (l) => !(l.eventId === leg.eventId && l.marketId === leg.marketId),
      );
      if (rest.length >= MAX_LEGS) return before;
      return [...rest, leg];
    });
  }, []);

  const book: Book = useMemo(
    () => ({
      launch,
      t,
      locale,
      session,
      sessionError,
      setBalance: (balance) => setSession((s) => (s ? { ...s, balance } : s)),
      legs,
      toggleLeg,
      removeLeg: (eventId, marketId, selectionId) =>
        setLegs((before) =>
          before.filter((l) => legKey(l) !== legKey({ eventId, marketId, selectionId })),
        ),
      updateLegs: setLegs,
      clearLegs: () => setLegs([]),
      askToSignIn: () => {
        // With a token the session is still opening (or failed): nothing to sign in to.
        if (!launch.token) askToSignIn(launch);
      },
      notifyBalance: () => postToSite(launch, { type: "balance" }),
    }),
    [t, locale, session, sessionError, legs, toggleLeg],
  );

  const page = routePage(path, sports, t);
  useEffect(() => {
    if (page.title) document.title = `${page.title} · Sportsbook`;
  }, [page.title]);

  return (
    <BookContext.Provider value={book}>
      <div className={`book${sheetOpen ? " sheet-open" : ""}`}>
        <header className="topbar">
          <button
            type="button"
            className="nav-toggle"
            aria-expanded={navOpen}
            aria-controls="sports-nav"
            onClick={() => setNavOpen((o) => !o)}
          >
            {t("sports")}
          </button>
          <Link to="/" className="brand">
            Sportsbook
          </Link>
          <nav aria-label="Sections" className="sections">
            <Link to="/" className={path === "/" ? "on" : ""}>
              {t("home")}
            </Link>
            <Link to="/live" className={path === "/live" ? "on" : ""}>
              {t("live")}
            </Link>
            <Link to="/my-bets" className={path === "/my-bets" ? "on" : ""}>
              {t("myBets")}
            </Link>
          </nav>
          <p className="balance">
            {session ? (
              <>
                <span className="muted">{t("balance")} </span>
                <strong>
                  {session.balance} {session.currency}
                </strong>
              </>
            ) : launch.token ? null : (
              <span className="muted">{t("guest")}</span>
            )}
          </p>
        </header>
        {sessionError ? (
          <p role="alert" className="error banner">
            {sessionError}
          </p>
        ) : null}
        <div className="layout">
          <nav
            id="sports-nav"
            aria-label={t("sports")}
            className={`sports-nav${navOpen ? " open" : ""}`}
          >
            <h2 className="nav-title">{t("sports")}</h2>
            <ul>
              {(sports ?? []).map((s) => (
                <li key={s.id}>
                  <Link to={`/${s.id}`} className={path === `/${s.id}` ? "on" : ""}>
                    <span>{s.name}</span>
                    <span className="count">{s.upcoming + s.live}</span>
                  </Link>
                  {path.startsWith(`/${s.id}`) ? (
                    <ul className="leagues">
                      {s.leagues.map((l) => (
                        <li key={l.id}>
                          <Link
                            to={`/${s.id}/${l.id}`}
                            className={path === `/${s.id}/${l.id}` ? "on" : ""}
                          >
                            <span>{l.name}</span>
                            {l.live > 0 ? <span className="live-count">{l.live}</span> : null}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          <main className="content">{page.element}</main>
          <Slip open={sheetOpen} onClose={() => setSheetOpen(false)} />
        </div>
        {legs.length > 0 && !sheetOpen ? (
          <button type="button" className="slip-fab" onClick={() => setSheetOpen(true)}>
            {t("openSlip", { n: legs.length })}
          </button>
        ) : null}
      </div>
    </BookContext.Provider>
  );
}

function routePage(
  path: string,
  sports: Sport[] | null,
  t: ReturnType<typeof translator>,
): { title: string | null; element: React.ReactNode } {
  if (path === "/")
    return { title: t("home"), element: <EventsPage key="home" title={t("home")} /> };
  if (path === "/live") {
    return { title: t("live"), element: <EventsPage key="live" title={t("live")} liveOnly /> };
  }
  if (path === "/my-bets") return { title: t("myBets"), element: <MyBetsPage /> };
  const event = /^\/event\/([^/]+)$/.exec(path);
  if (event) return { title: null, element: <EventPage eventId={decodeURIComponent(event[1]!)} /> };
  const sportMatch = /^\/([a-z-]+)(?:\/([^/]+))?$/.exec(path);
  if (sportMatch) {
    const sport = sports?.find((s) => s.id === sportMatch[1]);
    if (!sports) return { title: null, element: <p className="muted">{t("loading")}</p> };
    if (sport) {
      const league = sportMatch[2] ? sport.leagues.find((l) => l.id === sportMatch[2]) : undefined;
      if (!sportMatch[2] || league) {
        const title = league ? league.name : sport.name;
        return {
          title,
          element: (
            <EventsPage
              key={path}
              title={title}
              sport={sport.id}
              {...(league ? { league: league.id } : {})}
            />
          ),
        };
      }
    }
  }
  return {
    title: t("notFound"),
    element: (
      <section>
        <h1>{t("notFound")}</h1>
        <Link to="/">{t("home")}</Link>
      </section>
    ),
  };
}
