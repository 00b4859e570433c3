// Payments: placeholder of the desk, filled in next.
import { type Desk, NotFound } from "./app";
import { usePageTitle } from "./ui";

export function PaymentsDesk({ desk: _desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Payments");
  if (rest !== "") return <NotFound />;
  return <h1>Payments</h1>;
}
