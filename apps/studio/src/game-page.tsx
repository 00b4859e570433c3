// /studio/play/{gameCode}?token=…&mode=real|demo&currency=…&locale=…&returnUrl=…: opens a
// studio session from the launch token (or a demo session), then shows the game, the balance,
// the fairness panel and the latest rounds.
import { useCallback, useEffect, useState } from "react";
import {
  ApiError,
  api,
  newRequestId,
  type PlayAnswer,
  type StudioGameCode,
  type StudioRound,
  type StudioSession,
} from "./api";
import { FairnessPanel } from "./fairness-panel";
import { BaccaratGame } from "./games/baccarat";
import { DiceGame } from "./games/dice";
import { LimboGame } from "./games/limbo";
import { GAME_TITLES } from "./games/meta";
import { RouletteGame } from "./games/roulette";
import { SlotGame } from "./games/slot";

export interface GameProps {
  currency: string;
  busy: boolean;
  /** Plays one round; null when it was refused (the page shows why). */
  play: (body: Record<string, unknown>) => Promise<PlayAnswer | null>;
  lastRound: StudioRound | null;
  session: StudioSession;
}

const GAMES: Record<StudioGameCode, (props: GameProps) => React.JSX.Element> = {
  dice: DiceGame,
  limbo: LimboGame,
  roulette: RouletteGame,
  baccarat: BaccaratGame,
  slot: SlotGame,
};

function launchParams() {
  const query = new URLSearchParams(window.location.search);
  const token = query.get("token") ?? "";
  const mode = query.get("mode") === "real" && token ? "real" : "demo";
  const returnUrl = query.get("returnUrl");
  return {
    mode: mode as "real" | "demo",
    token,
    // Only a path of this site: never an outside address.
    returnUrl: returnUrl?.startsWith("/") && !returnUrl.startsWith("//") ? returnUrl : null,
  };
}

export function GamePage({ gameCode }: { gameCode: StudioGameCode }) {
  const [launch] = useState(launchParams);
  const [token, setToken] = useState<string | null>(null);
  const [session, setSession] = useState<StudioSession | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastRound, setLastRound] = useState<StudioRound | null>(null);
  const [history, setHistory] = useState<StudioRound[]>([]);

  useEffect(() => {
    let cancelled = false;
    api
      .openSession({
        gameCode,
        mode: launch.mode,
        ...(launch.mode === "real" ? { token: launch.token } : {}),
      })
      .then(async (opened) => {
        if (cancelled) return;
        const { sessionToken, ...rest } = opened;
        setToken(sessionToken);
        setSession(rest);
        setHistory(await api.rounds(sessionToken));
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
    };
  }, [gameCode, launch]);

  const play = useCallback(
    async (body: Record<string, unknown>): Promise<PlayAnswer | null> => {
      if (!token || !session) return null;
      setBusy(true);
      setMessage(null);
      try {
        const answer = await api.play(token, {
          game: gameCode,
          requestId: newRequestId(),
          ...body,
        });
        setSession({
          ...session,
          balance: answer.balance,
          fairness: answer.fairness,
          freeSpins: answer.freeSpins,
        });
        setLastRound(answer.round);
        setHistory((rounds) => [answer.round, ...rounds].slice(0, 20));
        if (answer.round.state !== "settled") {
          setMessage({
            text: "Your win is being paid: the casino's wallet is slow to answer. It will arrive shortly.",
            error: false,
          });
        }
        return answer;
      } catch (error) {
        setMessage({
          text: error instanceof ApiError ? error.message : "Something went wrong; try again.",
          error: true,
        });
        // A refusal may come with a changed balance (a limit, a session that ended): refresh it.
        api
          .session(token)
          .then((fresh) => setSession(fresh))
          .catch(() => undefined);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [token, session, gameCode],
  );

  const Game = GAMES[gameCode];
  return (
    <div className="page">
      <header className="top">
        <h1>{GAME_TITLES[gameCode]}</h1>
        {session ? (
          <p className="balance" aria-live="polite">
            <span className="label">Balance</span>{" "}
            <output aria-label="Balance">
              {session.balance} {session.currency}
            </output>
            {session.mode === "demo" ? <span className="badge">Demo</span> : null}
          </p>
        ) : null}
        {launch.returnUrl ? (
          <a className="back" href={launch.returnUrl} target="_top">
            Back to the casino
          </a>
        ) : null}
      </header>
      {failure ? (
        <p role="alert" className="error">
          {failure}
        </p>
      ) : !session || !token ? (
        <p role="status">Opening the game…</p>
      ) : (
        <main className="layout">
          <section className="game" aria-label={GAME_TITLES[gameCode]}>
            <Game
              currency={session.currency}
              busy={busy}
              play={play}
              lastRound={lastRound}
              session={session}
            />
            <div className={message?.error ? "message error" : "message"} role="alert">
              {message?.text ?? ""}
            </div>
          </section>
          <aside className="side">
            <FairnessPanel
              token={token}
              fairness={session.fairness}
              onChange={(fairness) => setSession({ ...session, fairness })}
              onRevealed={async () => setHistory(await api.rounds(token))}
            />
            <History rounds={history} />
          </aside>
        </main>
      )}
    </div>
  );
}

/** The payout, or why there is none: a refused or cancelled bet used its nonce but moved nothing. */
function roundResult(round: StudioRound): string {
  switch (round.state) {
    case "refused":
      return "refused";
    case "cancelled":
    case "cancelling":
      return "cancelled";
    case "settled":
      return round.payout;
    default:
      return `${round.payout} (paying)`;
  }
}

function History({ rounds }: { rounds: StudioRound[] }) {
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Your latest rounds</h2>
      {rounds.length === 0 ? (
        <p>No rounds yet.</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Nonce</th>
              <th scope="col">Stake</th>
              <th scope="col">Payout</th>
              <th scope="col">Round</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((round) => (
              <tr key={round.id}>
                <td>{GAME_TITLES[round.game]}</td>
                <td>{round.nonce}</td>
                <td>{round.stake}</td>
                <td>{roundResult(round)}</td>
                <td>
                  <a href={`/studio/verify?round=${round.id}`}>Verify round {round.nonce}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
