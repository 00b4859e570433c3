// Keys: placeholder of the desk, filled in next.
import { type Desk, NotFound } from "./app";
import { usePageTitle } from "./ui";

export function KeysDesk({ desk: _desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Keys");
  if (rest !== "") return <NotFound />;
  return <h1>Keys</h1>;
}
