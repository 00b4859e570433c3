// The reports desk: what came in and went out over a range of UTC days, per currency (deposits,
// withdrawals, net deposits, settled rounds with GGR, promotional costs and NGR, players,
// sign-ups), per day with a CSV
// download, and how each game did in one currency. Figures of different currencies are never
// added together; net deposits are exact decimal arithmetic, never floats.

import type { DailyReport, GameReport, ReportFigures } from "@casino/contract/operator-reports";
import type { Currency } from "@casino/contract/settings";
import { readPlainDecimal } from "@casino/money/decimal";
import { formatScaled } from "@casino/money/format";
import { useEffect, useMemo, useState } from "react";
import { type Desk, NotFound } from "./app";
import { Field, Loading, Table, text, useLoad, usePageTitle } from "./ui";

type Range = { from: string; to: string; currency: string };

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The quick ranges, each ending today (UTC). */
const QUICK: { label: string; range: (now: number) => { from: string; to: string } }[] = [
  { label: "Today", range: (now) => ({ from: utcDay(now), to: utcDay(now) }) },
  { label: "Last 7 days", range: (now) => ({ from: utcDay(now - 6 * DAY_MS), to: utcDay(now) }) },
  {
    label: "This month",
    range: (now) => ({ from: `${utcDay(now).slice(0, 8)}01`, to: utcDay(now) }),
  },
  {
    label: "Last 30 days",
    range: (now) => ({ from: utcDay(now - 29 * DAY_MS), to: utcDay(now) }),
  },
];

/** `a − b` of two decimal strings, exactly, with the larger scale of the two ("150.00"). */
function minus(a: string, b: string): string {
  const x = readPlainDecimal(a, { allowNegative: true });
  const y = readPlainDecimal(b, { allowNegative: true });
  if (!x || !y) return "—";
  const scale = Math.max(x.scale, y.scale);
  const at = (value: { coefficient: bigint; scale: number }) =>
    value.coefficient * 10n ** BigInt(scale - value.scale);
  return formatScaled(at(x) - at(y), scale);
}

/**
 * A report's figures in the order of the tables and the CSV, as [label, text] pairs. Promotional
 * costs are bonus money granted less forfeited, tournament prizes and adjustments (credits less
 * debits); converted bonus money is shown, not added (contract ReportPromotions); NGR is GGR less
 * the promotional costs.
 */
function figures(row: ReportFigures, money: (amount: string) => string): [string, string][] {
  return [
    ["Deposits", String(row.deposits.count)],
    ["Deposited", money(row.deposits.amount)],
    ["Withdrawals", String(row.withdrawals.count)],
    ["Withdrawn", money(row.withdrawals.amount)],
    ["Net deposits", money(minus(row.deposits.amount, row.withdrawals.amount))],
    ["Rounds", String(row.bets.rounds)],
    ["Stakes", money(row.bets.stakes)],
    ["Wins", money(row.bets.wins)],
    ["Refunds", money(row.bets.refunds)],
    ["GGR", money(row.bets.ggr)],
    ["Casino stakes", money(row.products.casino.stakes)],
    ["Casino GGR", money(row.products.casino.ggr)],
    ["Sport stakes", money(row.products.sport.stakes)],
    ["Sport GGR", money(row.products.sport.ggr)],
    ["Bonus money granted", money(row.promotions.bonuses.granted)],
    ["Bonus money forfeited", money(row.promotions.bonuses.forfeited)],
    ["Bonus money converted", money(row.promotions.bonuses.converted)],
    ["Tournament prizes", money(row.promotions.prizes)],
    ["Adjustment credits", money(row.promotions.adjustments.credits)],
    ["Adjustment debits", money(row.promotions.adjustments.debits)],
    ["Promotional costs", money(row.promotions.total)],
    ["NGR", money(row.ngr)],
    ["Active players", String(row.players.active)],
    ["Depositors", String(row.players.depositors)],
    ["First-time depositors", String(row.players.firstDepositors)],
  ];
}

const FIGURE_NAMES = figures(
  {
    currency: "",
    deposits: { count: 0, amount: "0" },
    withdrawals: { count: 0, amount: "0" },
    bets: { rounds: 0, stakes: "0", wins: "0", refunds: "0", ggr: "0" },
    products: {
      casino: { rounds: 0, stakes: "0", wins: "0", refunds: "0", ggr: "0" },
      sport: { rounds: 0, stakes: "0", wins: "0", refunds: "0", ggr: "0" },
    },
    promotions: {
      bonuses: { granted: "0", forfeited: "0", converted: "0" },
      prizes: "0",
      adjustments: { credits: "0", debits: "0" },
      total: "0",
    },
    ngr: "0",
    players: { active: 0, depositors: 0, firstDepositors: 0 },
  },
  String,
).map(([label]) => label);

/** One CSV field: always quoted, inner quotes doubled. */
const csvField = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** The daily figures as CSV (RFC 4180: a header row, CRLF, quoted fields); plain amounts. */
function dailyCsv(report: DailyReport): string {
  const rows = [
    ["Day", "Currency", ...FIGURE_NAMES],
    ...report.days.map((day) => [
      day.day,
      day.currency,
      ...figures(day, (amount) => amount).map(([, value]) => value),
    ]),
  ];
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** A link that downloads `content` as a file, made in the browser (a Blob's object URL). */
function DownloadLink(props: { content: string; type: string; filename: string; label: string }) {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([props.content], { type: props.type })),
    [props.content, props.type],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <a href={url} download={props.filename}>
      {props.label}
    </a>
  );
}

/** The codes of the site's currencies (GET /api/settings/currencies, public: no key needed). */
async function siteCurrencies(): Promise<string[]> {
  const response = await fetch("/api/settings/currencies");
  if (!response.ok) return [];
  const { data } = (await response.json()) as { data: Pick<Currency, "code">[] };
  return data.map((currency) => currency.code);
}

export function ReportsDesk({ desk, rest }: { desk: Desk; rest: string }) {
  usePageTitle("Reports");
  const [range, setRange] = useState<Range>(() => ({
    ...(QUICK[1]?.range(Date.now()) ?? { from: "", to: "" }),
    currency: "",
  }));
  /** The site's currencies (its public list) and every one seen in an answer: the choices. */
  const [known, setKnown] = useState<string[]>([]);
  const listed = useLoad(siteCurrencies, []);
  const report = useLoad(
    () =>
      desk.api.get<{ data: DailyReport }>(
        `/reports/daily?${new URLSearchParams({
          from: range.from,
          to: range.to,
          ...(range.currency ? { currency: range.currency } : {}),
        })}`,
      ),
    [range.from, range.to, range.currency],
  );
  const seen = report.data?.data.totals.map((total) => total.currency).join(",") ?? "";
  useEffect(() => {
    if (seen) setKnown((previous) => [...new Set([...previous, ...seen.split(",")])].sort());
  }, [seen]);

  if (rest !== "") return <NotFound />;
  const currencies = [
    ...new Set([...(listed.data ?? []), ...known, ...(range.currency ? [range.currency] : [])]),
  ].sort();
  const data = report.data?.data;
  return (
    <>
      <h1>Reports</h1>
      <form
        aria-label="Report range"
        key={`${range.from}|${range.to}|${range.currency}`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setRange({
            from: text(form, "from"),
            to: text(form, "to"),
            currency: text(form, "currency"),
          });
        }}
      >
        <Field label="From (UTC day)" name="from" type="date" defaultValue={range.from} />
        <Field label="To (UTC day)" name="to" type="date" defaultValue={range.to} />
        <Field label="Currency" name="currency" required={false} defaultValue={range.currency}>
          <option value="">All currencies</option>
          {currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </Field>
        <button type="submit">Show report</button>
      </form>
      <fieldset className="row">
        <legend>Quick ranges</legend>
        {QUICK.map((quick) => {
          const next = quick.range(Date.now());
          const current = next.from === range.from && next.to === range.to;
          return (
            <button
              key={quick.label}
              type="button"
              aria-pressed={current}
              onClick={() => setRange({ ...range, ...next })}
            >
              {quick.label}
            </button>
          );
        })}
      </fieldset>

      {!data || report.error ? (
        <Loading error={report.error} />
      ) : (
        <Report report={data} busy={report.loading} />
      )}

      <Games
        desk={desk}
        range={range}
        currencies={currencies}
        played={data?.totals.find((total) => total.bets.rounds > 0)?.currency}
      />
    </>
  );
}

function Report({ report, busy }: { report: DailyReport; busy: boolean }) {
  const span = report.from === report.to ? report.from : `${report.from} to ${report.to}`;
  const empty = report.totals.length === 0 && report.signUps.total === 0;
  return (
    <div aria-busy={busy}>
      <section aria-labelledby="report-totals">
        <h2 id="report-totals">Totals</h2>
        {empty ? (
          <p>No activity in this range.</p>
        ) : (
          <>
            {report.totals.length === 0 ? (
              <p>No deposits, withdrawals, rounds or promotional costs in this range.</p>
            ) : (
              <Table
                caption={`Totals, ${span} (UTC), per currency; players counted once over the range`}
                columns={["Figure", ...report.totals.map((total) => total.currency)]}
              >
                {FIGURE_NAMES.map((name, index) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    {report.totals.map((total) => (
                      <td key={total.currency}>
                        {figures(total, (amount) => `${amount} ${total.currency}`)[index]?.[1] ??
                          "—"}
                      </td>
                    ))}
                  </tr>
                ))}
              </Table>
            )}
            <dl className="facts">
              <dt>Sign-ups</dt>
              <dd>{report.signUps.total}</dd>
            </dl>
          </>
        )}
      </section>

      {!empty && (
        <section aria-labelledby="report-days">
          <h2 id="report-days">Per day</h2>
          {report.days.length === 0 ? (
            <p>No deposits, withdrawals, rounds or promotional costs in this range.</p>
          ) : (
            <>
              <p>
                <DownloadLink
                  content={dailyCsv(report)}
                  type="text/csv;charset=utf-8"
                  filename={`daily-report-${report.from}-${report.to}.csv`}
                  label="Download CSV"
                />
              </p>
              <div className="scroll">
                <Table
                  caption={`Per UTC day and currency, ${span}`}
                  columns={["Day", "Currency", ...FIGURE_NAMES]}
                >
                  {report.days.map((day) => (
                    <tr key={`${day.day}-${day.currency}`}>
                      <th scope="row">{day.day}</th>
                      <td>{day.currency}</td>
                      {figures(day, (amount) => `${amount} ${day.currency}`).map(
                        ([name, value]) => (
                          <td key={name}>{value}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </Table>
              </div>
            </>
          )}
          {report.signUps.days.length > 0 && (
            <Table caption={`Sign-ups per UTC day, ${span}`} columns={["Day", "Sign-ups"]}>
              {report.signUps.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  <td>{day.count}</td>
                </tr>
              ))}
            </Table>
          )}
        </section>
      )}
    </div>
  );
}

const SORTS = { ggr: "GGR", stakes: "Stakes", rounds: "Rounds" } as const;

function Games({
  desk,
  range,
  currencies,
  played,
}: {
  desk: Desk;
  range: Range;
  currencies: string[];
  /** A currency the range has rounds in. */
  played: string | undefined;
}) {
  const [chosen, setChosen] = useState("");
  const [sort, setSort] = useState<keyof typeof SORTS>("ggr");
  const [limit, setLimit] = useState("50");
  // The one chosen here; else the range's currency, else one with rounds, else the first.
  const currency = chosen || range.currency || played || currencies[0] || "";
  const games = useLoad(
    () =>
      currency
        ? desk.api.get<{ data: GameReport }>(
            `/reports/games?${new URLSearchParams({ from: range.from, to: range.to, currency, sort, limit })}`,
          )
        : Promise.resolve(null),
    [range.from, range.to, currency, sort, limit],
  );
  const span = range.from === range.to ? range.from : `${range.from} to ${range.to}`;
  return (
    <section aria-labelledby="report-games">
      <h2 id="report-games">Games</h2>
      {currencies.length === 0 ? (
        <p>No games played in this range.</p>
      ) : (
        <>
          <form aria-label="Games report" onSubmit={(event) => event.preventDefault()}>
            <div className="field">
              <label htmlFor="games-currency">Games currency</label>
              <select
                id="games-currency"
                value={currency}
                onChange={(event) => setChosen(event.currentTarget.value)}
              >
                {currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="games-sort">Order by</label>
              <select
                id="games-sort"
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value as keyof typeof SORTS)}
              >
                {Object.entries(SORTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="games-limit">Games shown</label>
              <select
                id="games-limit"
                value={limit}
                onChange={(event) => setLimit(event.currentTarget.value)}
              >
                {["10", "50", "100", "500"].map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
          </form>
          {!games.data || games.error ? (
            <Loading error={games.error} />
          ) : games.data.data.games.length === 0 ? (
            <p>No games played in this range.</p>
          ) : (
            <div aria-busy={games.loading}>
              <Table
                caption={`Games in ${games.data.data.currency}, ${span} (UTC), by ${SORTS[sort]}`}
                columns={[
                  "Game",
                  "Provider",
                  "Rounds",
                  "Stakes",
                  "Wins",
                  "Refunds",
                  "GGR",
                  "Payout",
                ]}
              >
                {games.data.data.games.map((game) => {
                  const money = (amount: string) => `${amount} ${games.data?.data.currency}`;
                  return (
                    <tr key={game.gameId}>
                      <th scope="row">{game.title}</th>
                      <td>{game.provider}</td>
                      <td>{game.rounds}</td>
                      <td>{money(game.stakes)}</td>
                      <td>{money(game.wins)}</td>
                      <td>{money(game.refunds)}</td>
                      <td>{money(game.ggr)}</td>
                      <td>{game.payout === null ? "—" : `${game.payout} %`}</td>
                    </tr>
                  );
                })}
              </Table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
