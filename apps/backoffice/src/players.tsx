// The player desk: find players; a player's accounts, status, sessions, limits, bonuses and
// ledger; block or limit them, sign them out, adjust a balance, grant or cancel a bonus.
import type { PlayerBonus, PlayerFreespin } from "@casino/contract/bonus";
import type { PlayerLimit } from "@casino/contract/limits";
import type { OperatorBonus } from "@casino/contract/operator";
import type {
  OperatorLedgerEntry,
  OperatorPlayer,
  OperatorPlayerSummary,
  OperatorRound,
} from "@casino/contract/operator-players";
import type { PageMeta } from "@casino/contract/pagination";
import { useState } from "react";
import type { Desk } from "./app";
import { PlayerSportBets } from "./sports";
import {
  ActionForm,
  Field,
  Link,
  Loading,
  Pager,
  QueryForm,
  Table,
  text,
  useLoad,
  useOnceKey,
  usePageTitle,
  when,
} from "./ui";

const STATUS = { 1: "Active", 2: "Limited", 3: "Blocked" } as const;
const LIMIT = { 1: "Wager", 2: "Loss", 3: "Deposit", 4: "Self-exclusion", 5: "Cooling-off" };
const BONUS_STATUS = { 1: "Issued", 2: "Active", 3: "Finished" } as const;

const who = (player: OperatorPlayerSummary) =>
  player.email ?? player.phone ?? player.nickname ?? player.id;

export function PlayersPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const players = useLoad(
    () =>
      desk.api.get<{ data: OperatorPlayerSummary[]; meta: PageMeta }>(
        `/players?perPage=50&page=${page}${query}`,
      ),
    [query, page],
  );
  usePageTitle("Players");
  return (
    <>
      <h1>Players</h1>
      <QueryForm
        label="Find players"
        names={["search", "status"]}
        submit="Search"
        onQuery={(next) => {
          setPage(1);
          setQuery(next);
        }}
      >
        <Field label="E-mail, phone, nickname or id" name="search" required={false} />
        <Field label="Status" name="status" required={false}>
          <option value="">Any</option>
          {Object.entries(STATUS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Field>
      </QueryForm>
      {!players.data ? (
        <Loading error={players.error} />
      ) : (
        <Table
          caption={`${players.data.meta.total} player${players.data.meta.total === 1 ? "" : "s"}`}
          columns={["Player", "Country", "Currency", "Status", "Registered"]}
        >
          {players.data.data.map((player) => (
            <tr key={player.id}>
              <td>
                <Link to={`/players/${player.id}`}>{who(player)}</Link>
              </td>
              <td>{player.country ?? "—"}</td>
              <td>{player.currency ?? "—"}</td>
              <td>{STATUS[player.status]}</td>
              <td>{when(player.registeredAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      {players.data && (
        <Pager page={page} total={players.data.meta.total} perPage={50} onPage={setPage} />
      )}
    </>
  );
}

export function PlayerPage({ desk, id }: { desk: Desk; id: string }) {
  const base = `/players/${id}`;
  const player = useLoad(() => desk.api.get<{ data: OperatorPlayer }>(base), [id]);
  const bonuses = useLoad(
    () =>
      desk.api.get<{ data: { bonuses: PlayerBonus[]; freespins: PlayerFreespin[] } }>(
        `${base}/bonuses`,
      ),
    [id],
  );
  const limits = useLoad(() => desk.api.get<{ data: PlayerLimit[] }>(`${base}/limits`), [id]);
  const [ledgerPage, setLedgerPage] = useState(1);
  const ledger = useLoad(
    () =>
      desk.api.get<{ data: OperatorLedgerEntry[]; meta: PageMeta }>(
        `${base}/transactions?perPage=20&page=${ledgerPage}`,
      ),
    [id, ledgerPage],
  );
  const reloadMoney = () => {
    player.reload();
    bonuses.reload();
    ledger.reload();
  };
  usePageTitle(player.data ? who(player.data.data) : "Player");

  if (!player.data) return <Loading error={player.error} />;
  const p = player.data.data;
  return (
    <>
      <p>
        <Link to="/players">All players</Link>
      </p>
      <h1>{who(p)}</h1>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{STATUS[p.status]}</dd>
        <dt>Name</dt>
        <dd>{[p.firstName, p.lastName].filter(Boolean).join(" ") || "—"}</dd>
        <dt>Country</dt>
        <dd>{p.country ?? "—"}</dd>
        <dt>E-mail confirmed</dt>
        <dd>{p.emailConfirmed ? "Yes" : "No"}</dd>
        <dt>Registered</dt>
        <dd>{when(p.registeredAt)}</dd>
        <dt>Live sessions</dt>
        <dd>{p.liveSessions}</dd>
        <dt>Last seen</dt>
        <dd>{when(p.lastSeenAt)}</dd>
        <dt>Id</dt>
        <dd>
          <code>{p.id}</code>
        </dd>
      </dl>

      <section aria-labelledby="accounts">
        <h2 id="accounts">Accounts</h2>
        <Table columns={["Currency", "Balance", "Withdrawable", "Bonus"]}>
          {p.accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row">{account.currency}</th>
              <td>{account.balance}</td>
              <td>{account.withdrawalBalance}</td>
              <td>{account.bonusBalance}</td>
            </tr>
          ))}
        </Table>
      </section>

      <section aria-labelledby="actions">
        <h2 id="actions">Actions</h2>
        <ActionForm
          label="Change status"
          titled
          submit="Change status"
          action={async (form) => {
            await desk.api.send("PATCH", base, {
              status: Number(text(form, "status")),
              reason: text(form, "reason"),
            });
            player.reload();
            return "Status changed.";
          }}
        >
          <Field label="New status" name="status" defaultValue={String(p.status)}>
            {Object.entries(STATUS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </Field>
          <Field label="Reason" name="reason" />
        </ActionForm>
        <ActionForm
          label="Sign out everywhere"
          titled
          submit="Sign out everywhere"
          action={async (form) => {
            const { data } = await desk.api.send<{ data: { ended: number } }>(
              "POST",
              `${base}/sign-out`,
              { reason: text(form, "reason") },
            );
            player.reload();
            return `${data.ended} session${data.ended === 1 ? "" : "s"} ended.`;
          }}
        >
          <Field label="Reason" name="reason" />
        </ActionForm>
        {desk.can("payments") && <Adjust desk={desk} base={base} player={p} done={reloadMoney} />}
        {desk.can("promotions") && <Grant desk={desk} base={base} player={p} done={reloadMoney} />}
      </section>

      <section aria-labelledby="bonuses">
        <h2 id="bonuses">Bonuses</h2>
        {!bonuses.data ? (
          <Loading error={bonuses.error} />
        ) : (
          <Bonuses
            desk={desk}
            base={base}
            bonuses={bonuses.data.data.bonuses}
            freespins={bonuses.data.data.freespins}
            done={reloadMoney}
          />
        )}
      </section>

      <section aria-labelledby="limits">
        <h2 id="limits">Limits</h2>
        {!limits.data ? (
          <Loading error={limits.error} />
        ) : limits.data.data.length === 0 ? (
          <p>No limits.</p>
        ) : (
          <Table columns={["Limit", "Amount", "Used", "Until", "Pending change"]}>
            {limits.data.data.map((limit) => (
              <tr key={limit.limitId}>
                <th scope="row">
                  {LIMIT[limit.definition]}
                  {limit.period ? ` (${limit.period})` : ""}
                </th>
                <td>{limit.amount ? `${limit.amount} ${limit.currency}` : "—"}</td>
                <td>{limit.currentAmount ?? "—"}</td>
                <td>{when(limit.periodEndsAt ?? limit.expiresAt)}</td>
                <td>
                  {limit.pending
                    ? limit.pending.remove
                      ? "Removal"
                      : `${limit.pending.amount} ${limit.pending.period}`
                    : "—"}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <Rounds desk={desk} base={base} />

      <PlayerSportBets desk={desk} playerId={id} />

      <section aria-labelledby="ledger">
        <h2 id="ledger">Ledger</h2>
        {!ledger.data ? (
          <Loading error={ledger.error} />
        ) : (
          <Table
            caption={`${ledger.data.meta.total} entries, newest first`}
            columns={["When", "Kind", "Balance", "Amount"]}
          >
            {ledger.data.data.map((entry) => (
              <tr key={entry.entryId}>
                <td>{when(entry.createdAt)}</td>
                <td>{entry.kind}</td>
                <td>{entry.balance}</td>
                <td>
                  {entry.amount} {entry.currency}
                </td>
              </tr>
            ))}
          </Table>
        )}
        {ledger.data && (
          <Pager
            page={ledgerPage}
            total={ledger.data.meta.total}
            perPage={20}
            onPage={setLedgerPage}
          />
        )}
      </section>
    </>
  );
}

/** The player's game rounds, newest first, open ones too (what support checks for a bet). */
function Rounds({ desk, base }: { desk: Desk; base: string }) {
  const [page, setPage] = useState(1);
  const rounds = useLoad(
    () =>
      desk.api.get<{ data: OperatorRound[]; meta: PageMeta }>(
        `${base}/rounds?perPage=${ROUNDS_PER_PAGE}&page=${page}`,
      ),
    [base, page],
  );
  return (
    <section aria-labelledby="rounds">
      <h2 id="rounds">Game rounds</h2>
      {!rounds.data ? (
        <Loading error={rounds.error} />
      ) : (
        <Table
          caption={`${rounds.data.meta.total} ${rounds.data.meta.total === 1 ? "round" : "rounds"}, newest first`}
          columns={["Opened", "Game", "Round", "Bet", "Win", "Refund", "State"]}
        >
          {rounds.data.data.map((round) => (
            <tr key={round.id}>
              <td>{when(round.openedAt)}</td>
              <th scope="row">
                {round.game.title} <span className="hint">{round.provider.name}</span>
              </th>
              <td>
                <code>{round.providerRoundId}</code>
              </td>
              <td>
                {round.bet} {round.currency}
              </td>
              <td>
                {round.win} {round.currency}
              </td>
              <td>
                {round.refund} {round.currency}
              </td>
              <td>{round.status === "open" ? "Open" : `Settled ${when(round.closedAt)}`}</td>
            </tr>
          ))}
        </Table>
      )}
      {rounds.data && (
        <Pager
          label="Pages of game rounds"
          page={page}
          total={rounds.data.meta.total}
          perPage={ROUNDS_PER_PAGE}
          onPage={setPage}
        />
      )}
    </section>
  );
}

const ROUNDS_PER_PAGE = 10;

function Adjust(props: { desk: Desk; base: string; player: OperatorPlayer; done: () => void }) {
  const once = useOnceKey();
  return (
    <ActionForm
      label="Adjust balance"
      titled
      submit="Post adjustment"
      action={async (form) => {
        const body = {
          key: once.current(),
          currency: text(form, "currency"),
          amount: text(form, "amount"),
          reason: text(form, "reason"),
        };
        await props.desk.api.send("POST", `${props.base}/adjustments`, body);
        once.next();
        props.done();
        return `Posted ${body.amount} ${body.currency}.`;
      }}
    >
      <Field label="Currency" name="currency" defaultValue={props.player.currency ?? undefined}>
        {props.player.accounts.map((account) => (
          <option key={account.id} value={account.currency}>
            {account.currency}
          </option>
        ))}
      </Field>
      <Field label="Amount (negative to debit)" name="amount" />
      <Field label="Reason" name="reason" />
    </ActionForm>
  );
}

function Grant(props: { desk: Desk; base: string; player: OperatorPlayer; done: () => void }) {
  const once = useOnceKey();
  const definitions = useLoad(() => props.desk.api.get<{ data: OperatorBonus[] }>("/bonuses"), []);
  return (
    <ActionForm
      label="Grant bonus"
      titled
      submit="Grant bonus"
      action={async (form) => {
        const amount = text(form, "amount");
        const { data } = await props.desk.api.send<{
          data:
            | { kind: string; bonus: PlayerBonus | null; freespins: PlayerFreespin | null }
            | { kind?: undefined; id: number; status: string; amount: string; currency: string };
        }>("POST", `${props.base}/bonuses`, {
          key: once.current(),
          bonus: text(form, "bonus"),
          ...(amount ? { amount } : {}),
          reason: text(form, "reason"),
        });
        once.next();
        props.done();
        // Above OPERATOR_GRANT_APPROVAL_ABOVE: a request another operator approves (202).
        if (data.kind === undefined) {
          return `${data.amount} ${data.currency} waits for a second operator's approval (request ${data.id}).`;
        }
        return data.bonus
          ? `Granted ${data.bonus.name}: ${data.bonus.amount} ${data.bonus.currency}.`
          : `Granted ${data.freespins?.count} free spins.`;
      }}
    >
      <Field label="Bonus" name="bonus">
        {(definitions.data?.data ?? []).map((bonus) => (
          <option key={bonus.id} value={bonus.slug}>
            {bonus.name}
          </option>
        ))}
      </Field>
      <Field label="Amount (optional)" name="amount" required={false} />
      <Field label="Reason" name="reason" />
    </ActionForm>
  );
}

function Bonuses(props: {
  desk: Desk;
  base: string;
  bonuses: PlayerBonus[];
  freespins: PlayerFreespin[];
  done: () => void;
}) {
  if (props.bonuses.length + props.freespins.length === 0) return <p>No bonuses.</p>;
  return (
    <Table
      columns={[
        "Bonus",
        "Amount",
        "Balance",
        "Wagered",
        "Status",
        "Issued",
        ...(props.desk.can("promotions") ? ["Cancel"] : []),
      ]}
    >
      {props.bonuses.map((bonus) => (
        <tr key={`b${bonus.id}`}>
          <th scope="row">{bonus.name}</th>
          <td>
            {bonus.amount} {bonus.currency}
          </td>
          <td>{bonus.balance}</td>
          <td>
            {bonus.wagered} / {bonus.wagerTotal}
          </td>
          <td>{BONUS_STATUS[bonus.status]}</td>
          <td>{when(bonus.issuedAt)}</td>
          {props.desk.can("promotions") && (
            <td>
              {bonus.status !== 3 && (
                <ActionForm
                  label={`Cancel ${bonus.name}`}
                  submit="Cancel bonus"
                  action={async (form) => {
                    await props.desk.api.send("POST", `${props.base}/bonuses/${bonus.id}/cancel`, {
                      reason: text(form, "reason"),
                    });
                    props.done();
                    return "Canceled.";
                  }}
                >
                  <Field label="Reason" name="reason" />
                </ActionForm>
              )}
            </td>
          )}
        </tr>
      ))}
      {props.freespins.map((spins) => (
        <tr key={`f${spins.id}`}>
          <th scope="row">{spins.name}</th>
          <td>
            {spins.count} spins on {spins.gameTitle}
          </td>
          <td>
            {spins.played} played, won {spins.winAmount}
          </td>
          <td>—</td>
          <td>{BONUS_STATUS[spins.status]}</td>
          <td>{when(spins.issuedAt)}</td>
          {props.desk.can("promotions") && <td />}
        </tr>
      ))}
    </Table>
  );
}
