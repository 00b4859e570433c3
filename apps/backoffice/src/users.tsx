// Operator users: invite a person by e-mail with scopes (within this key's own) and pass on the
// set-password link shown once; switch a user off or on; give a new link for a forgotten
// password. Switching off or changing scopes ends the user's sessions at once.
import type { OperatorUser } from "@casino/contract/operator-access";
import { useState } from "react";
import type { Desk } from "./app";
import {
  ActionForm,
  Field,
  Loading,
  ScopeChoices,
  Switch,
  scopesOf,
  Table,
  text,
  useLoad,
  usePageTitle,
  when,
} from "./ui";

export function UsersPage({ desk }: { desk: Desk }) {
  usePageTitle("Users");
  const users = useLoad(() => desk.api.get<{ data: OperatorUser[] }>("/users"), []);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  return (
    <>
      <h1>Users</h1>
      <ActionForm
        label="Invite a user"
        titled
        submit="Invite"
        action={async (form) => {
          const scopes = scopesOf(form);
          const { data } = await desk.api.send<{ data: { user: OperatorUser; inviteUrl: string } }>(
            "POST",
            "/users",
            { email: text(form, "email"), name: text(form, "name"), scopes },
          );
          setLink({ email: data.user.email, url: data.inviteUrl });
          users.reload();
          return `Invited ${data.user.email}.`;
        }}
      >
        <Field label="E-mail" name="email" type="email" />
        <Field label="Name" name="name" />
        <ScopeChoices desk={desk} />
      </ActionForm>
      {link && (
        <section className="field" aria-label="Set-password link">
          <label htmlFor="invite-link">
            The set-password link for {link.email} (shown once, valid 72 hours)
          </label>
          <input id="invite-link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
        </section>
      )}
      {!users.data ? (
        <Loading error={users.error} />
      ) : (
        <Table
          columns={["User", "Scopes", "Password", "Two-step", "Invited", "New link", "Switch"]}
        >
          {users.data.data.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                {user.name} <span className="hint">{user.email}</span>
              </th>
              <td>{user.scopes.join(", ")}</td>
              <td>{user.passwordSet ? "Set" : "Not set yet"}</td>
              <td>
                {user.secondFactor ? (
                  <ActionForm
                    label={`Reset two-step sign-in of ${user.email}`}
                    submit="Reset"
                    action={async () => {
                      await desk.api.send("PATCH", `/users/${user.id}`, {
                        resetSecondFactor: true,
                      });
                      users.reload();
                      return "Reset: they sign in with the password and set it up again.";
                    }}
                  />
                ) : user.secondFactorRequired ? (
                  "Off: required at their next sign-in"
                ) : (
                  "Off"
                )}
              </td>
              <td>
                {when(user.createdAt)} by {user.createdBy}
              </td>
              <td>
                <ActionForm
                  label={`New link for ${user.email}`}
                  submit="New link"
                  action={async () => {
                    const { data } = await desk.api.send<{ data: { inviteUrl: string } }>(
                      "POST",
                      `/users/${user.id}/invite`,
                    );
                    setLink({ email: user.email, url: data.inviteUrl });
                    users.reload();
                    return "A new link is shown above.";
                  }}
                />
              </td>
              <td>
                <Switch
                  desk={desk}
                  name={user.email}
                  on={user.disabledAt === null}
                  url={`/users/${user.id}`}
                  body={(on) => ({ disabled: on })}
                  done={users.reload}
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
