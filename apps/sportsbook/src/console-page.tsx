// The console for a tester or operator (/sportsbook/app/console, /sportsbook/console): pick an
// event, fast-forward it to its end, void it, settle or resettle one market with a result, cash
// out a bet, run the settlement job.
import { useCallback, useEffect, useState } from "react";
import {
  ApiError,
  api,
  type ConsoleBet,
  type ConsoleResult,
  consoleApi,
  type EventDetail,
  type EventSummary,
} from "./api";

const SECRET_KEY = "sportsbook.console-secret";

export function ConsolePage() {
  const [secretRequired, setSecretRequired] = useState<boolean | null>(null);
  const [secret, setSecret] = useState(() => sessionStorage.getItem(SECRET_KEY) ?? "");
  const [events, setEvents] = useState<EventSummary[]>([]);
  const [openBets, setOpenBets] = useState<ConsoleBet[]>([]);
  const [eventId, setEventId] = useState("");
  const [detail, setDetail] = useState<EventDetail | null>(null);
  const [eventBets, setEventBets] = useState<ConsoleBet[]>([]);
  const [results, setResults] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = "Console · Sportsbook";
    consoleApi
      .status()
      .then((s) => setSecretRequired(s.secretRequired))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : String(e)));
  }, []);

  const loadLists = useCallback(async () => {
    try {
      const [upcoming, live, bets] = await Promise.all([
        api.events({ live: false, limit: 200 }),
        api.events({ live: true, limit: 200 }),
        consoleApi.bets(secret, { status: "open" }),
      ]);
      setEvents([...live, ...upcoming]);
      setOpenBets(bets);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [secret]);

  const loadEvent = useCallback(async () => {
    if (!eventId) {
      setDetail(null);
      setEventBets([]);
      return;
    }
    try {
      const [d, bets] = await Promise.all([
        api.event(eventId),
        consoleApi.bets(secret, { eventId }),
      ]);
      setDetail(d);
      setEventBets(bets);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [eventId, secret]);

  useEffect(() => {
    if (secretRequired === null) return;
    void loadLists();
  }, [secretRequired, loadLists]);
  useEffect(() => {
    void loadEvent();
  }, [loadEvent]);

  const run = async (label: string, action: () => Promise<ConsoleResult>) => {
    setBusy(true);
    setStatus(null);
    setError(null);
    try {
      const r = await action();
      setStatus(`${label}: ${r.settled} bet(s) settled, ${r.pending} pending.`);
    } catch (e) {
      setError(`${label}: ${e instanceof ApiError ? e.message : String(e)}`);
    } finally {
      setBusy(false);
      await Promise.all([loadLists(), loadEvent()]);
    }
  };

  // Events with open bets first: those are the ones a tester settles.
  const betCount = new Map<string, number>();
  const legNames = new Map<string, string>();
  for (const bet of openBets) {
    for (const leg of bet.legs) {
      betCount.set(leg.eventId, (betCount.get(leg.eventId) ?? 0) + 1);
      legNames.set(leg.eventId, leg.event);
    }
  }
  const sorted = [...events].sort((a, b) => (betCount.get(b.id) ?? 0) - (betCount.get(a.id) ?? 0));
  const known = new Set(events.map((e) => e.id));
  const orphanIds = [...betCount.keys()].filter((id) => !known.has(id));

  return (
    <main className="console page-narrow">
      <h1>Sportsbook console</h1>
      <p className="muted">
        For testers and operators: results, voids, corrections and cash-outs of the sandbox book.
        Every action settles through the platform's provider wallet API.
      </p>
      {secretRequired ? (
        <label className="row">
          <span>Console secret</span>
          <input
            type="password"
            autoComplete="off"
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              sessionStorage.setItem(SECRET_KEY, e.target.value);
            }}
          />
        </label>
      ) : null}
      <div role="status" aria-live="polite">
        {status ? <p className="ok">{status}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="console-bar">
        <label className="row">
          <span>Event</span>
          <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">Choose an event…</option>
            {orphanIds.map((id) => (
              <option key={id} value={id}>
                {legNames.get(id) ?? id} · ended ({betCount.get(id)} open bet legs)
              </option>
            ))}
            {sorted.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name} · {e.league.name} · {e.status}
                {betCount.get(e.id) ? ` (${betCount.get(e.id)} open bet legs)` : ""}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run("Settlement job", () => consoleApi.runSettlement(secret))}
        >
          Run settlement job
        </button>
      </div>
      {detail ? (
        <section aria-labelledby="console-event">
          <h2 id="console-event">
            {detail.name}{" "}
            <span className="muted small">
              ({detail.id}, {detail.status})
            </span>
          </h2>
          {detail.score ? (
            <p>
              Score {detail.score.home}–{detail.score.away} {detail.clock ?? ""}
            </p>
          ) : null}
          <div className="console-actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                void run("Finish and settle", () => consoleApi.finish(secret, detail.id))
              }
            >
              Finish and settle
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run("Void event", () => consoleApi.voidEvent(secret, detail.id))}
            >
              Void event
            </button>
          </div>
          <h3>Markets</h3>
          <ul className="console-markets">
            {detail.markets.map((m) => {
              const value = results[m.id] ?? m.selections[0]?.id ?? "";
              const selectionId = value === "__void" ? null : value;
              return (
                <li key={m.id}>
                  <label className="row">
                    <span>Result for {m.name}</span>
                    <select
                      value={value}
                      onChange={(e) => setResults((r) => ({ ...r, [m.id]: e.target.value }))}
                    >
                      {m.selections.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                      <option value="__void">Void (odds 1)</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void run(`Settle ${m.name}`, () =>
                        consoleApi.settleMarket(secret, detail.id, m.id, selectionId, false),
                      )
                    }
                  >
                    Settle {m.name}
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void run(`Resettle ${m.name}`, () =>
                        consoleApi.settleMarket(secret, detail.id, m.id, selectionId, true),
                      )
                    }
                  >
                    Resettle {m.name}
                  </button>
                </li>
              );
            })}
          </ul>
          <h3>Bets on this event</h3>
          {eventBets.length === 0 ? <p className="muted">No bets.</p> : null}
          <table className="console-bets">
            <thead>
              <tr>
                <th scope="col">Bet</th>
                <th scope="col">Player</th>
                <th scope="col">Type</th>
                <th scope="col">Stake</th>
                <th scope="col">Odds</th>
                <th scope="col">Status</th>
                <th scope="col">Payout</th>
                <th scope="col">Cash-out</th>
              </tr>
            </thead>
            <tbody>
              {eventBets.map((b) => (
                <tr key={b.id}>
                  <td>{b.id}</td>
                  <td>{b.playerId}</td>
                  <td>
                    {b.type}
                    {b.system ? ` ${b.system}` : ""} ({b.legs.length})
                  </td>
                  <td>
                    {b.stake} {b.currency}
                  </td>
                  <td>{b.totalOdds}</td>
                  <td>{b.status}</td>
                  <td>{b.payout}</td>
                  <td>
                    {b.status === "open" ? (
                      <button
                        type="button"
                        disabled={busy || !b.cashOut}
                        onClick={() =>
                          void run(`Cash out bet ${b.id}`, () => consoleApi.cashOut(secret, b.id))
                        }
                      >
                        Cash out bet {b.id}
                        {b.cashOut ? ` (${b.cashOut})` : ""}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </main>
  );
}
