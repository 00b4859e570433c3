// Sports bets (issue 25): the search by player, event and status with each bet's legs, the open
// liability per event and market, and the section of a player's page. Reads
// /api/operator/sport-bets (scope players) and .../liability (players or reports).
import type { OperatorSportBet, OperatorSportLiability } from "@casino/contract/operator-sport";
import type { PageMeta } from "@casino/contract/pagination";
import type { SportBetStatus } from "@casino/contract/sport";
import { useState } from "react";
import type { Desk } from "./app";
import { Field, Link, Loading, Pager, QueryForm, Table, useLoad, usePageTitle, when } from "./ui";

const PER_PAGE = 25;

export const SPORT_STATUS: Record<SportBetStatus, string> = {
  open: "Open",
  won: "Won",
  lost: "Lost",
  void: "Void (stake back)",
  cashed_out: "Cashed out",
};

/** A bet's legs, one line each: event, market, selection @ odds, result. */
function Legs({ bet }: { bet: OperatorSportBet }) {
  return (
    <ul className="legs">
      {bet.legs.map((leg) => (
        <li key={`${leg.eventId}|${leg.market}|${leg.selection}`}>
          {leg.event} <span className="hint">({leg.eventId})</span> · {leg.market}: {leg.selection}{" "}
          @ {leg.odds}
          {leg.result ? ` · ${leg.result}` : ""}
        </li>
      ))}
    </ul>
  );
}

function BetRows({ bets, withPlayer }: { bets: OperatorSportBet[]; withPlayer: boolean }) {
  return (
    <>
      {bets.map((bet) => (
        <tr key={bet.id}>
          <td>{when(bet.placedAt)}</td>
          {withPlayer && (
            <td>
              <Link to={`/players/${bet.playerId}`}>{bet.playerEmail ?? bet.playerId}</Link>
            </td>
          )}
          <th scope="row">
            {bet.type === "system" ? `System ${bet.system}` : bet.type}{" "}
            <span className="hint">#{bet.id}</span>
            <Legs bet={bet} />
          </th>
          <td>
            {bet.stake} {bet.currency}
          </td>
          <td>{bet.totalOdds}</td>
          <td>
            {bet.potentialPayout} {bet.currency}
          </td>
          <td>
            {bet.payout} {bet.currency}
          </td>
          <td>
            {SPORT_STATUS[bet.status]}
            {bet.settledAt ? ` ${when(bet.settledAt)}` : ""}
          </td>
        </tr>
      ))}
    </>
  );
}

const COLUMNS = ["Placed", "Bet", "Stake", "Odds", "Potential payout", "Payout", "Status"];

/** The Sports bets page of the players desk. */
export function SportsBetsPage({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const bets = useLoad(
    () =>
      desk.api.get<{ data: OperatorSportBet[]; meta: PageMeta }>(
        `/sport-bets?perPage=${PER_PAGE}&page=${page}${query}`,
      ),
    [query, page],
  );
  usePageTitle("Sports bets");
  return (
    <>
      <h1>Sports bets</h1>
      <QueryForm
        label="Find sports bets"
        names={["player", "event", "status"]}
        submit="Search"
        onQuery={(next) => {
          setPage(1);
          setQuery(next);
        }}
      >
        <Field label="Player id" name="player" required={false} />
        <Field label="Event (id or words of its name)" name="event" required={false} />
        <Field label="Status" name="status" required={false}>
          <option value="">Any</option>
          {Object.entries(SPORT_STATUS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Field>
      </QueryForm>
      {!bets.data ? (
        <Loading error={bets.error} />
      ) : (
        <Table
          caption={`${bets.data.meta.total} sports ${bets.data.meta.total === 1 ? "bet" : "bets"}, newest first`}
          columns={[COLUMNS[0]!, "Player", ...COLUMNS.slice(1)]}
        >
          <BetRows bets={bets.data.data} withPlayer />
        </Table>
      )}
      {bets.data && (
        <Pager
          label="Pages of sports bets"
          page={page}
          total={bets.data.meta.total}
          perPage={PER_PAGE}
          onPage={setPage}
        />
      )}
      <Liability desk={desk} />
    </>
  );
}

/** Open liability per event and market: what the open bets would pay if they all won. */
function Liability({ desk }: { desk: Desk }) {
  const [query, setQuery] = useState("");
  const rows = useLoad(
    () =>
      desk.api.get<{ data: OperatorSportLiability[] }>(`/sport-bets/liability?limit=100${query}`),
    [query],
  );
  return (
    <section aria-labelledby="liability">
      <h2 id="liability">Open liability per event and market</h2>
      <QueryForm
        label="Filter the liability"
        names={["event", "currency"]}
        submit="Show"
        onQuery={setQuery}
      >
        <Field label="Event id" name="event" required={false} />
        <Field label="Currency" name="currency" required={false} />
      </QueryForm>
      {!rows.data ? (
        <Loading error={rows.error} />
      ) : (
        <Table
          caption="Open bets with a leg in the market; a multiple counts in each of its legs' markets. Largest first."
          columns={["Event", "Starts", "Market", "Open bets", "Stakes", "Liability"]}
        >
          {rows.data.data.map((row) => (
            <tr key={`${row.eventId}|${row.market}|${row.currency}`}>
              <th scope="row">
                {row.event}{" "}
                <span className="hint">
                  ({row.eventId}, {row.sport})
                </span>
              </th>
              <td>{when(row.startsAt)}</td>
              <td>{row.market}</td>
              <td>{row.openBets}</td>
              <td>
                {row.stakes} {row.currency}
              </td>
              <td>
                {row.liability} {row.currency}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** The player page's section: the player's sports bets, newest first. */
export function PlayerSportBets({ desk, playerId }: { desk: Desk; playerId: string }) {
  const [page, setPage] = useState(1);
  const bets = useLoad(
    () =>
      desk.api.get<{ data: OperatorSportBet[]; meta: PageMeta }>(
        `/sport-bets?player=${encodeURIComponent(playerId)}&perPage=10&page=${page}`,
      ),
    [playerId, page],
  );
  return (
    <section aria-labelledby="sport-bets">
      <h2 id="sport-bets">Sports bets</h2>
      {!bets.data ? (
        <Loading error={bets.error} />
      ) : (
        <Table
          caption={`${bets.data.meta.total} sports ${bets.data.meta.total === 1 ? "bet" : "bets"}, newest first`}
          columns={COLUMNS}
        >
          <BetRows bets={bets.data.data} withPlayer={false} />
        </Table>
      )}
      {bets.data && (
        <Pager
          label="Pages of sports bets"
          page={page}
          total={bets.data.meta.total}
          perPage={10}
          onPage={setPage}
        />
      )}
    </section>
  );
}
