// Withdrawals waiting for an operator (above WITHDRAWAL_APPROVAL_ABOVE): approve sends the payout
// to the processor; reject returns the money to the player. The decision records this key's name.
import type { PendingWithdrawal } from "@casino/contract/operator";

import type { Desk } from "./app";
import { ActionForm, Link, Loading, Table, useLoad, usePageTitle, when } from "./ui";

export function WithdrawalsPage({ desk }: { desk: Desk }) {
  const pending = useLoad(() => desk.api.get<{ data: PendingWithdrawal[] }>("/withdrawals"), []);
  usePageTitle("Withdrawals");
  return (
    <>
      <h1>Withdrawals waiting for approval</h1>
      {!pending.data ? (
        <Loading error={pending.error} />
      ) : pending.data.data.length === 0 ? (
        <p>Nothing is waiting.</p>
      ) : (
        <Table
          columns={["Number", "Player", "Amount", "Method", "Details", "Requested", "Decision"]}
        >
          {pending.data.data.map((withdrawal) => (
            <tr key={withdrawal.id}>
              <th scope="row">{withdrawal.number}</th>
              <td>
                {desk.can("players") ? (
                  <Link to={`/players/${withdrawal.playerId}`}>
                    {withdrawal.playerEmail ?? withdrawal.playerId}
                  </Link>
                ) : (
                  (withdrawal.playerEmail ?? withdrawal.playerId)
                )}
              </td>
              <td>
                {withdrawal.amount} {withdrawal.currency}
              </td>
              <td>{withdrawal.method}</td>
              <td>
                {Object.entries(withdrawal.fields)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join(", ")}
              </td>
              <td>{when(withdrawal.createdAt)}</td>
              <td className="decide">
                {(["approve", "reject"] as const).map((decision) => (
                  <ActionForm
                    key={decision}
                    label={`${decision === "approve" ? "Approve" : "Reject"} ${withdrawal.number}`}
                    submit={decision === "approve" ? "Approve" : "Reject"}
                    action={async () => {
                      await desk.api.send("POST", `/withdrawals/${withdrawal.id}/${decision}`, {});
                      pending.reload();
                      return decision === "approve" ? "Approved." : "Rejected.";
                    }}
                  />
                ))}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
