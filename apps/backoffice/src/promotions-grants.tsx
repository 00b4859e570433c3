// Grant requests: operator bonus grants above OPERATOR_GRANT_APPROVAL_ABOVE wait for a second
// operator (issue 24). The pending ones, each approved (the grant is issued as asked) or
// rejected with a reason by another key or user than the requester's (the server refuses the
// requester: 403).
import type { OperatorGrantRequest } from "@casino/contract/operator-players";
import type { Desk } from "./app";
import { ActionForm, Field, Loading, Table, text, useLoad, when } from "./ui";

export function GrantRequestsSection({ desk }: { desk: Desk }) {
  const requests = useLoad(
    () => desk.api.get<{ data: OperatorGrantRequest[] }>("/grant-requests?status=pending"),
    [],
  );
  return (
    <section aria-labelledby="grant-requests">
      <h2 id="grant-requests">Grants waiting for approval</h2>
      <p className="hint">
        Grants above the approval amount wait for a second operator: not the one who asked.
      </p>
      {!requests.data ? (
        <Loading error={requests.error} />
      ) : requests.data.data.length === 0 ? (
        <p>None.</p>
      ) : (
        <Table columns={["Request", "Player", "Bonus", "Amount", "Reason", "Asked by", "Decide"]}>
          {requests.data.data.map((request) => (
            <tr key={request.id}>
              <th scope="row">
                {request.id} <span className="hint">{when(request.createdAt)}</span>
              </th>
              <td>
                <code>{request.playerId}</code>
              </td>
              <td>
                {request.bonus}
                {request.withoutWagering ? " (without wagering)" : ""}
              </td>
              <td>
                {request.amount} {request.currency}
              </td>
              <td>{request.reason}</td>
              <td>{request.requestedBy}</td>
              <td>
                <ActionForm
                  label={`Approve request ${request.id}`}
                  submit="Approve"
                  action={async () => {
                    await desk.api.send("POST", `/grant-requests/${request.id}/approve`, {});
                    requests.reload();
                    return "Approved: the grant is issued.";
                  }}
                />
                <ActionForm
                  label={`Reject request ${request.id}`}
                  submit="Reject"
                  action={async (form) => {
                    const reason = text(form, "reason");
                    await desk.api.send("POST", `/grant-requests/${request.id}/reject`, {
                      ...(reason ? { reason } : {}),
                    });
                    requests.reload();
                    return "Rejected.";
                  }}
                >
                  <Field label="Reason (optional)" name="reason" required={false} />
                </ActionForm>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
