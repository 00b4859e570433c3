// The back office: sign in with an operator key (the API's bearer, kept for this tab only), then
// the desks the key's scopes open: players, withdrawals, content, the audit trail.
import type { OperatorScope } from "@casino/contract/operator-access";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { AccountPage } from "./account";
import { type Api, ApiError, createApi, publicApi } from "./api";
import { ChangesPage } from "./changes";
import { ContentPage } from "./content";
import { CountriesDesk } from "./countries";
import { DocumentsPage } from "./documents";
import { EngagementDesk } from "./engagement";
import { GamesDesk } from "./games";
import { KeysDesk } from "./keys";
import { MessagesPage } from "./messages";
import { PaymentsDesk } from "./payments";
import { PlayerPage, PlayersPage } from "./players";
import { PromotionsDesk } from "./promotions";
import { ReportsDesk } from "./reports";
import { BASE, navigate, usePath } from "./router";
import { SportsBetsPage } from "./sports";
import { SupportNavCount, supportPage } from "./support";
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
  user: { email: string; secondFactor: boolean; secondFactorRequired: boolean } | null;
}

/** What a page gets: the API as this key, and what the key may do. */
export interface Desk {
  api: Api;
  operator: Operator;
  can: (scope: OperatorScope) => boolean;
  /** Reads the key's name and scopes again (after they changed: a second factor set up). */
  refresh: () => void;
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

  const refresh = useCallback(() => {
    if (api) whoIs(api).then(setOperator, signOut);
  }, [api, signOut]);
  useEffect(refresh, [refresh]);

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
  const desk: Desk = {
    api,
    operator,
    can: (scope) => operator.scopes.includes(scope),
    refresh,
  };
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
              // The root key once an owner exists: the server says to use an operator account.
              if (
                error instanceof ApiError &&
                error.status === 401 &&
                /account/.test(error.message)
              ) {
                throw new Error(error.message);
              }
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

/**
 * The desks, in the navigation's order. A desk owns its paths: `render` gets the rest of the
 * path after the desk's own ("" on the desk's page, "/42" on /promotions/42).
 */
const DESKS: {
  path: string;
  label: string;
  scope: OperatorScope;
  render: (desk: Desk, rest: string) => ReactNode;
  /** A live count beside the label (the support desk's unread). */
  count?: (desk: Desk) => ReactNode;
}[] = [
  {
    path: "/players",
    label: "Players",
    scope: "players",
    render: (desk, rest) => {
      if (rest === "") return <PlayersPage desk={desk} />;
      const player = /^\/([0-9a-f-]{36})$/.exec(rest);
      return player ? <PlayerPage desk={desk} id={player[1]!} /> : null;
    },
  },
  { path: "/sports", label: "Sports bets", scope: "players", render: only(SportsBetsPage) },
  { path: "/documents", label: "Documents", scope: "players", render: only(DocumentsPage) },
  { path: "/countries", label: "Countries", scope: "players", render: desk(CountriesDesk) },
  { path: "/withdrawals", label: "Withdrawals", scope: "payments", render: only(WithdrawalsPage) },
  { path: "/payments", label: "Payments", scope: "payments", render: desk(PaymentsDesk) },
  { path: "/promotions", label: "Promotions", scope: "promotions", render: desk(PromotionsDesk) },
  { path: "/engagement", label: "Engagement", scope: "promotions", render: desk(EngagementDesk) },
  { path: "/games", label: "Games", scope: "games", render: desk(GamesDesk) },
  {
    path: "/support",
    label: "Support",
    scope: "support",
    render: supportPage,
    count: (desk) => <SupportNavCount desk={desk} />,
  },
  { path: "/messages", label: "Messages", scope: "messages", render: only(MessagesPage) },
  { path: "/content", label: "Content", scope: "content", render: only(ContentPage) },
  { path: "/reports", label: "Reports", scope: "reports", render: desk(ReportsDesk) },
  { path: "/users", label: "Users", scope: "access", render: only(UsersPage) },
  { path: "/keys", label: "Keys", scope: "access", render: desk(KeysDesk) },
  { path: "/changes", label: "Audit trail", scope: "access", render: only(ChangesPage) },
];

/** A desk of one page: nothing under its path. */
function only(Page: (props: { desk: Desk }) => ReactNode) {
  return (desk: Desk, rest: string) => (rest === "" ? <Page desk={desk} /> : null);
}

/** A desk with pages under its path: it reads `rest` itself (null: no such page). */
function desk(Desk: (props: { desk: Desk; rest: string }) => ReactNode) {
  return (desk: Desk, rest: string) => <Desk desk={desk} rest={rest} />;
}

function Shell({ desk, onSignOut }: { desk: Desk; onSignOut: () => void }) {
  const path = usePath();
  const user = desk.operator.user;
  // The user's scopes need two-step sign-in and it is not set up: the key has no scopes until
  // it is, so the only page is the one that sets it up.
  const setupFirst = user?.secondFactorRequired === true && !user.secondFactor;
  const open = setupFirst ? [] : DESKS.filter((item) => desk.can(item.scope));
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
                <Link to={item.path}>
                  {item.label}
                  {item.count?.(desk)}
                </Link>
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
      <main>{setupFirst ? <AccountPage desk={desk} /> : page(path, desk, open.length)}</main>
    </>
  );
}

function page(path: string, desk: Desk, desks: number) {
  const owner = DESKS.find(
    (item) => (path === item.path || path.startsWith(`${item.path}/`)) && desk.can(item.scope),
  );
  const found = owner ? (
    owner.render(desk, path.slice(owner.path.length))
  ) : path === "/account" && desk.operator.user ? (
    <AccountPage desk={desk} />
  ) : null;
  if (found) return found;
  if (path === "/" && desks > 0) return null;
  return <NotFound />;
}

/** What a path that no desk (of this key) has shows; desks answer it for their unknown paths. */
export function NotFound() {
  return (
    <>
      <h1>Nothing here</h1>
      <p>This page does not exist, or your key's scopes do not open it.</p>
    </>
  );
}
