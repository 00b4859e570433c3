// Reports: placeholder of the desk, filled in next.
import { type Desk, NotFound } from "./app";
import { usePageTitle } from "./ui";

export function ReportsDesk({ desk: _desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Reports");
  if (rest !== "") return <NotFound />;
  return <h1>Reports</h1>;
}
