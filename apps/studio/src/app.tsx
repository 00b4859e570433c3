// Two pages: /studio/play/{gameCode} (a game with its fairness panel) and /studio/verify.
import { GamePage } from "./game-page";
import { GAME_TITLES, isGameCode } from "./games/meta";
import { VerifyPage } from "./verify-page";

export function App() {
  const path = window.location.pathname.replace(/\/+$/, "");
  const play = /^\/studio\/play\/([^/]+)$/.exec(path);
  if (play) {
    const code = decodeURIComponent(play[1]!);
    if (isGameCode(code)) {
      document.title = `${GAME_TITLES[code]} · Originals`;
      return <GamePage gameCode={code} />;
    }
    return <NotFound text={`There is no game "${code}" here.`} />;
  }
  if (path === "/studio/verify") {
    document.title = "Fairness verifier · Originals";
    return <VerifyPage />;
  }
  return <NotFound text="This page does not exist." />;
}

function NotFound({ text }: { text: string }) {
  return (
    <main className="page">
      <h1>Not found</h1>
      <p>{text}</p>
      <p>
        <a href="/studio/verify">Fairness verifier</a>
      </p>
    </main>
  );
}
