// Countries: placeholder of the desk, filled in next.
import { type Desk, NotFound } from "./app";
import { usePageTitle } from "./ui";

export function CountriesDesk({ desk: _desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Countries");
  if (rest !== "") return <NotFound />;
  return <h1>Countries</h1>;
}
