// The back office: sign in with an operator key (the API's bearer, kept for this tab only), then
// the desks the key's scopes open: players, withdrawals, content, the audit trail.
import type { OperatorScope } from "@casino/contract/operator-access";
import { useCallback, useEffect, useMemo, useState } from "react";
import { AccountPage } from "./account";
import { type Api, ApiError, createApi, publicApi } from "./api";
import { ChangesPage } from "./changes";
import { ContentPage } from "./content";
import { DocumentsPage } from "./documents";
import { GamesPage } from "./games";
import { MessagesPage } from "./messages";
import { PlayerPage, PlayersPage } from "./players";
import { PromotionsPage } from "./promotions";
import { BASE, navigate, usePath } from "./router";
import { ActionForm, Field, Link, text, usePageTitle } from "./ui";
import { UsersPage } from "./users";
import { WithdrawalsPage } from "./withdrawals";

const KEY_STORE = "backoffice-key";
/** OperatorErrorCode.SecondFactorRequired: the password was right; the code comes next. */
const SECOND_FACTOR_REQUIRED = 17010;

export interface Operator {
  name: string;
  keyId: number | null;
  scopes: OperatorScope[];
  /** The operator user of a session (null: signed in with a key). */
  user: { email: string; secondFactor: boolean } | null;
}

/** What a page gets: the API as this key, and what the key may do. */
export interface Desk {
  api: Api;
  operator: Operator;
  can: (scope: OperatorScope) => boolean;
}

async function whoIs(api: Api): Promise<Operator> {
  return (await api.get<{ data: Operator }>("/me")).data;
}

export function App() {
  if (window.location.pathname.replace(/\/+$/, "") === `${BASE}/set-password`) {
    return <SetPassword />;
  }
  return <SignedIn />;
}

function SignedIn() {
  const [key, setKey] = useState(() => sessionStorage.getItem(KEY_STORE));
  const [operator, setOperator] = useState<Operator | null>(null);
  const signOut = useCallback(() => {
    sessionStorage.removeItem(KEY_STORE);
    setKey(null);
    setOperator(null);
  }, []);
  // A key revoked while in use: the next call's 401 signs out.
  const api = useMemo(() => (key ? createApi(key, signOut) : null), [key, signOut]);

  useEffect(() => {
    if (!api) return;
    whoIs(api).then(setOperator, signOut);
  }, [api, signOut]);

  if (!api || !key) {
    return (
      <SignIn
        onSignedIn={(newKey, who) => {
          sessionStorage.setItem(KEY_STORE, newKey);
          setOperator(who);
          setKey(newKey);
        }}
      />
    );
  }
  if (!operator) return <p aria-busy="true">Loading…</p>;
  const desk: Desk = { api, operator, can: (scope) => operator.scopes.includes(scope) };
  return (
    <Shell
      desk={desk}
      onSignOut={() => {
        // A session key ends on the server too; a named key is left as it is.
        api.send("DELETE", "/sessions/current").catch(() => {});
        signOut();
      }}
    />
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (key: string, operator: Operator) => void }) {
  usePageTitle("Sign in");
  const [needCode, setNeedCode] = useState(false);
  return (
    <main className="sign-in">
      <h1>Back office</h1>
      <ActionForm
        label="Sign in"
        submit="Sign in"
        action={async (form) => {
          const code = text(form, "code");
          let token: string;
          try {
            ({
              data: { token },
            } = await publicApi<{ data: { token: string } }>("POST", "/sessions", {
              email: text(form, "email"),
              password: String(form.get("password") ?? ""),
              ...(code ? { code } : {}),
            }));
          } catch (error) {
            if (error instanceof ApiError && error.code === SECOND_FACTOR_REQUIRED) {
              setNeedCode(true);
              throw new Error("Enter the code of your authenticator app");
            }
            throw error;
          }
          onSignedIn(token, await whoIs(createApi(token)));
          return "Signed in.";
        }}
      >
        <Field label="E-mail" name="email" type="email" />
        <Field label="Password" name="password" type="password" />
        {needCode && <Field label="Code from your authenticator app" name="code" />}
      </ActionForm>
      <details>
        <summary>Sign in with an operator key</summary>
        <ActionForm
          label="Sign in with a key"
          submit="Sign in with the key"
          action={async (form) => {
            const key = text(form, "key");
            try {
              onSignedIn(key, await whoIs(createApi(key)));
            } catch (error) {
              if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
                throw new Error(
                  "That key is not valid: it may have been revoked, or the operator API is off.",
                );
              }
              throw error;
            }
            return "Signed in.";
          }}
        >
          <Field label="Operator key" name="key" type="password" />
        </ActionForm>
      </details>
      <p className="hint">
        Your session is kept in this tab only and ends when you sign out or after 12 hours.
      </p>
    </main>
  );
}

/** /backoffice/set-password#token: the page of an invitation or a new link. */
function SetPassword() {
  usePageTitle("Set your password");
  const token = window.location.hash.slice(1);
  const [done, setDone] = useState(false);
  return (
    <main className="sign-in">
      <h1>Set your password</h1>
      {done ? (
        <p role="status">
          Your password is set. <a href={BASE}>Sign in</a>
        </p>
      ) : (
        <ActionForm
          label="Set your password"
          submit="Set password"
          action={async (form) => {
            const password = String(form.get("password") ?? "");
            if (password !== String(form.get("repeat") ?? "")) {
              throw new Error("The two passwords differ");
            }
            await publicApi("POST", "/users/password", { token, password });
            setDone(true);
            return "Password set.";
          }}
        >
          <Field label="New password (12 characters or more)" name="password" type="password" />
          <Field label="Repeat the password" name="repeat" type="password" />
        </ActionForm>
      )}
    </main>
  );
}

const DESKS: { path: string; label: string; scope: OperatorScope }[] = [
  { path: "/players", label: "Players", scope: "players" },
  { path: "/documents", label: "Documents", scope: "players" },
  { path: "/withdrawals", label: "Withdrawals", scope: "payments" },
  { path: "/promotions", label: "Promotions", scope: "promotions" },
  { path: "/games", label: "Games", scope: "games" },
  { path: "/messages", label: "Messages", scope: "messages" },
  { path: "/content", label: "Content", scope: "content" },
  { path: "/users", label: "Users", scope: "access" },
  { path: "/changes", label: "Audit trail", scope: "access" },
];

function Shell({ desk, onSignOut }: { desk: Desk; onSignOut: () => void }) {
  const path = usePath();
  const open = DESKS.filter((item) => desk.can(item.scope));
  useEffect(() => {
    if (path === "/" && open[0]) navigate(open[0].path);
  }, [path, open]);
  return (
    <>
      <header className="top">
        <strong>Back office</strong>
        <nav aria-label="Desks">
          <ul>
            {open.map((item) => (
              <li key={item.path} aria-current={path.startsWith(item.path) ? "page" : undefined}>
                <Link to={item.path}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">
          Signed in as{" "}
          {desk.operator.user ? (
            <Link to="/account">{desk.operator.name}</Link>
          ) : (
            desk.operator.name
          )}
        </span>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main>{page(path, desk, open.length)}</main>
    </>
  );
}

function page(path: string, desk: Desk, desks: number) {
  const player = /^\/players\/([0-9a-f-]{36})$/.exec(path);
  if (player && desk.can("players")) return <PlayerPage desk={desk} id={player[1]!} />;
  if (path === "/players" && desk.can("players")) return <PlayersPage desk={desk} />;
  if (path === "/documents" && desk.can("players")) return <DocumentsPage desk={desk} />;
  if (path === "/withdrawals" && desk.can("payments")) return <WithdrawalsPage desk={desk} />;
  if (path === "/promotions" && desk.can("promotions")) return <PromotionsPage desk={desk} />;
  if (path === "/games" && desk.can("games")) return <GamesPage desk={desk} />;
  if (path === "/messages" && desk.can("messages")) return <MessagesPage desk={desk} />;
  if (path === "/content" && desk.can("content")) return <ContentPage desk={desk} />;
  if (path === "/users" && desk.can("access")) return <UsersPage desk={desk} />;
  if (path === "/account" && desk.operator.user) return <AccountPage desk={desk} />;
  if (path === "/changes" && desk.can("access")) return <ChangesPage desk={desk} />;
  if (path === "/" && desks > 0) return null;
  return (
    <>
      <h1>Nothing here</h1>
      <p>This page does not exist, or your key's scopes do not open it.</p>
    </>
  );
}
