// Engagement: placeholder of the desk, filled in next.
import { type Desk, NotFound } from "./app";
import { usePageTitle } from "./ui";

export function EngagementDesk({ desk: _desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Engagement");
  if (rest !== "") return <NotFound />;
  return <h1>Engagement</h1>;
}
