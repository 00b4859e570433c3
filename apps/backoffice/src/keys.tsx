// Keys: the operator API's keys (named keys for people and systems, and the session keys of
// signed-in users), issued with scopes within this key's own and shown once, and revoked; and
// the game providers' wallet keys (the HMAC keys the studios sign their wallet calls with),
// issued and shown once, and retired. A rotation: issue a new key, hand it to the studio, and
// retire the old one once the studio signs with the new one.
import type { OperatorApiKey, OperatorUser } from "@casino/contract/operator-access";
import type {
  IssuedWalletKey,
  OperatorProviderWalletKeys,
  OperatorWalletKey,
} from "@casino/contract/operator-games";
import { type ReactNode, useId, useState } from "react";
import { type Desk, NotFound } from "./app";
import {
  ActionForm,
  Field,
  instantOf,
  Loading,
  ScopeChoices,
  scopesOf,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

export function KeysDesk({ desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Keys");
  if (rest !== "") return <NotFound />;
  return (
    <>
      <h1>Keys</h1>
      <OperatorKeys desk={desk} />
      <WalletKeys desk={desk} />
    </>
  );
}

/** A secret in the one answer that carries it: to copy now, never shown again. */
function ShownOnce({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={value} size={60} onFocus={(event) => event.target.select()} />
      <p className="problem">Copy it now: it is never shown again.</p>
    </div>
  );
}

/** A button that asks once more before `action` (a revoke, a retire). */
function Confirmed(props: {
  /** What the first button says and names ("Revoke Ada (op_12345678)"). */
  name: string;
  verb: string;
  warning: ReactNode;
  action: () => Promise<string>;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        aria-label={`${props.verb} ${props.name}`}
        onClick={() => setAsking(true)}
      >
        {props.verb}
      </button>
    );
  }
  return (
    <div className="decide">
      <ActionForm
        label={`Confirm: ${props.verb.toLowerCase()} ${props.name}`}
        submit={`Yes, ${props.verb.toLowerCase()}`}
        action={props.action}
      >
        <p>{props.warning}</p>
      </ActionForm>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}

function keyState(key: OperatorApiKey, now: number): string {
  if (key.revokedAt) return `Revoked ${when(key.revokedAt)}`;
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return `Expired ${when(key.expiresAt)}`;
  if (key.expiresAt) return `Active until ${when(key.expiresAt)}`;
  return "Active";
}

function OperatorKeys({ desk }: { desk: Desk }) {
  const [all, setAll] = useState(false);
  // Without "all", only the keys that still work: every sign-in adds a session key.
  const keys = useLoad(
    () => desk.api.get<{ data: OperatorApiKey[] }>(all ? "/api-keys" : "/api-keys?active=true"),
    [all],
  );
  const users = useLoad(() => desk.api.get<{ data: OperatorUser[] }>("/users"), []);
  const [issued, setIssued] = useState<{ name: string; token: string } | null>(null);
  const now = Date.now();
  const userOf = (id: number) => users.data?.data.find((user) => user.id === id);
  const shown = keys.data?.data ?? [];
  return (
    <section aria-labelledby="operator-keys">
      <h2 id="operator-keys">Operator keys</h2>
      <p className="hint">
        Bearer keys of the operator API, for people and systems. Signing in to the back office makes
        a session key of the user's own.
      </p>
      <ActionForm
        label="Issue a key"
        titled
        submit="Issue key"
        action={async (form) => {
          const scopes = scopesOf(form);
          const expiresAt = instantOf(text(form, "expiresAt"));
          const { data } = await desk.api.send<{ data: OperatorApiKey & { token: string } }>(
            "POST",
            "/api-keys",
            { name: text(form, "name"), scopes, ...(expiresAt ? { expiresAt } : {}) },
          );
          setIssued({ name: data.name, token: data.token });
          keys.reload();
          return `Issued ${data.name}.`;
        }}
      >
        <Field label="Name (whom or what it is for)" name="name" />
        <Field
          label="Expires (optional, at most a year away)"
          name="expiresAt"
          type="datetime-local"
          required={false}
        />
        <ScopeChoices desk={desk} />
      </ActionForm>
      {issued && <ShownOnce label={`The key ${issued.name}`} value={issued.token} />}
      <label className="check">
        <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
        Show revoked and expired keys
      </label>
      {!keys.data ? (
        <Loading error={keys.error} />
      ) : (
        <Table
          caption={`${shown.length} ${all ? "keys" : "keys that still work"}, newest first`}
          columns={["Key", "Prefix", "Scopes", "Issued", "Last used", "State", "Revoke"]}
        >
          {shown.map((key) => {
            const user = key.userId === null ? undefined : userOf(key.userId);
            const name = `${key.name} (${key.prefix})`;
            const mine = key.id === desk.operator.keyId;
            const allowed = key.scopes.every((scope) => desk.can(scope));
            return (
              <tr key={key.id}>
                <th scope="row">
                  {key.name}
                  {key.userId !== null && (
                    <span className="tag">
                      session of {user ? user.email : `user ${key.userId}`}
                    </span>
                  )}
                  {mine && <span className="tag">this key</span>}
                </th>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>{key.scopes.join(", ")}</td>
                <td>
                  {when(key.createdAt)} by {key.createdBy}
                </td>
                <td>{when(key.lastUsedAt)}</td>
                <td>{keyState(key, now)}</td>
                <td>
                  {key.revokedAt ? (
                    "—"
                  ) : !allowed ? (
                    "Holds a scope this key lacks"
                  ) : (
                    <Confirmed
                      name={name}
                      verb="Revoke"
                      warning={
                        mine
                          ? "This is the key you are signed in with: you will be signed out."
                          : "It is refused from now on, at once."
                      }
                      action={async () => {
                        await desk.api.send("DELETE", `/api-keys/${key.id}`);
                        keys.reload();
                        return `Revoked ${key.name}.`;
                      }}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      )}
    </section>
  );
}

function WalletKeys({ desk }: { desk: Desk }) {
  // The providers by name (their keys each load with their card, after every change).
  const providers = useLoad(
    () => desk.api.get<{ data: OperatorProviderWalletKeys[] }>("/wallet-keys"),
    [],
  );
  return (
    <section aria-labelledby="wallet-keys">
      <h2 id="wallet-keys">Wallet keys of game providers</h2>
      <p className="hint">
        A studio signs its wallet calls with its key. To rotate: issue a new key, hand it to the
        studio, and retire the old one once the studio signs with the new one. At most three are
        active at once.
      </p>
      {!providers.data ? (
        <Loading error={providers.error} />
      ) : (
        providers.data.data.map(({ provider }) => (
          <ProviderKeys key={provider.id} desk={desk} id={provider.id} name={provider.name} />
        ))
      )}
    </section>
  );
}

function ProviderKeys({ desk, id, name }: { desk: Desk; id: number; name: string }) {
  const url = `/game-providers/${id}/wallet-keys`;
  const keys = useLoad(() => desk.api.get<{ data: OperatorWalletKey[] }>(url), [url]);
  const issue = useOnceKey();
  const [secret, setSecret] = useState<string | null>(null);
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="card">
      <h3 id={heading}>{name}</h3>
      {!keys.data ? (
        <Loading error={keys.error} />
      ) : keys.data.data.length === 0 ? (
        <p>No wallet key: its wallet calls are refused (401).</p>
      ) : (
        <Table columns={["Key", "Source", "Issued", "State", "Retire"]}>
          {keys.data.data.map((key) => (
            <tr key={key.id ?? "environment"}>
              <th scope="row">
                <code>{key.fingerprint}</code>
              </th>
              <td>{key.source === "environment" ? "GAME_PROVIDER_SECRETS" : "Issued here"}</td>
              <td>{when(key.createdAt)}</td>
              <td>
                {key.retiredAt
                  ? `Retired ${when(key.retiredAt)}`
                  : key.usable
                    ? "Active"
                    : "Not usable here (sealed under another encryption key)"}
              </td>
              <td>
                {key.id === null ? (
                  "Changed by the deployment"
                ) : key.retiredAt ? (
                  "—"
                ) : (
                  <Confirmed
                    name={`${name}'s key ${key.fingerprint}`}
                    verb="Retire"
                    warning="Calls signed with it are refused from now on."
                    action={async () => {
                      await desk.api.send("DELETE", `${url}/${key.id}`);
                      keys.reload();
                      return "Retired.";
                    }}
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {!desk.can("games") ? (
        <p className="hint">Issuing a wallet key needs the games scope.</p>
      ) : (
        <ActionForm
          label={`Issue a wallet key for ${name}`}
          submit="Issue wallet key"
          action={async () => {
            const { data } = await desk.api.send<{ data: IssuedWalletKey }>("POST", url, {
              key: issue.current(),
            });
            issue.next();
            setSecret(data.secret);
            keys.reload();
            return `Issued ${data.fingerprint}: hand it to the studio.`;
          }}
        />
      )}
      {secret && <ShownOnce label={`The new wallet key for ${name}`} value={secret} />}
    </section>
  );
}
