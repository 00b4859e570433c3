// Engagement: what keeps players playing, as the operator API defines it: quests (a page per
// quest with every field), tournaments (a page per tournament with its state), and the loyalty
// programme's levels and earn rules. Paths: /engagement, /engagement/quests/new,
// /engagement/quests/{id}, /engagement/tournaments/new, /engagement/tournaments/{id}.
import { type Desk, NotFound } from "./app";
import { EarnRules, LoyaltyLevels } from "./engagement-loyalty";
import { NewQuestPage, QuestList, QuestPage } from "./engagement-quests";
import { NewTournamentPage, TournamentList, TournamentPage } from "./engagement-tournaments";
import { usePageTitle } from "./ui";

export function EngagementDesk({ desk, rest }: { desk: Desk; rest: string }) {
  if (rest === "") return <EngagementPage desk={desk} />;
  if (rest === "/quests/new") return <NewQuestPage desk={desk} />;
  if (rest === "/tournaments/new") return <NewTournamentPage desk={desk} />;
  const quest = /^\/quests\/(\d{1,18})$/.exec(rest);
  if (quest) return <QuestPage key={quest[1]} desk={desk} id={quest[1]!} />;
  const tournament = /^\/tournaments\/([0-9a-f-]{36})$/.exec(rest);
  if (tournament) return <TournamentPage key={tournament[1]} desk={desk} id={tournament[1]!} />;
  return <NotFound />;
}

function EngagementPage({ desk }: { desk: Desk }) {
  usePageTitle("Engagement");
  return (
    <>
      <h1>Engagement</h1>
      <nav aria-label="Sections">
        <a href="#quests">Quests</a> · <a href="#tournaments">Tournaments</a> ·{" "}
        <a href="#loyalty-levels">Loyalty levels</a> · <a href="#earn-rules">Earn rules</a>
      </nav>
      <QuestList desk={desk} />
      <TournamentList desk={desk} />
      <LoyaltyLevels desk={desk} />
      <EarnRules desk={desk} />
    </>
  );
}
