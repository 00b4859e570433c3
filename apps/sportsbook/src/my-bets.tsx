// "My bets": open bets (with a cash-out offer that follows the odds) and settled ones.
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, api, type Bet } from "./api";
import { useBook } from "./book";

export function MyBetsPage() {
  const book = useBook();
  const { t } = book;
  const [tab, setTab] = useState<"open" | "settled">("open");
  const [bets, setBets] = useState<Bet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const token = book.session?.sessionToken ?? null;
  const openIds = useRef<Set<string> | null>(null);
  const { notifyBalance } = book;

  const load = useCallback(async () => {
    if (!token) return;
    try {
      const list = await api.bets(token, tab);
      setBets(list);
      setError(null);
      if (tab === "open") {
        // An open bet that left the list was settled: the site may refresh the balance.
        const ids = new Set(list.map((b) => b.id));
        if (openIds.current && [...openIds.current].some((id) => !ids.has(id))) notifyBalance();
        openIds.current = ids;
      }
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [token, tab, notifyBalance]);

  useEffect(() => {
    setBets(null);
    void load();
    // Cash-out offers follow the odds: refresh open bets often.
    const timer = setInterval(() => void load(), tab === "open" ? 5_000 : 30_000);
    return () => clearInterval(timer);
  }, [load, tab]);

  if (!book.session) {
    return (
      <section aria-labelledby="page-title">
        <h1 id="page-title">{t("myBets")}</h1>
        <p>{t("signInForBets")}</p>
        <button type="button" className="primary" onClick={() => book.askToSignIn()}>
          {t("signInToBet")}
        </button>
      </section>
    );
  }

  const cashOut = async (bet: Bet) => {
    if (!token || !bet.cashOut) return;
    setBusy(bet.id);
    setMessage(null);
    try {
      const answer = await api.cashOut(token, bet.id, bet.cashOut);
      book.setBalance(answer.balance);
      notifyBalance();
      setMessage(t("cashedOut", { amount: `${answer.bet.payout} ${answer.bet.currency}` }));
      await load();
    } catch (e) {
      setMessage(t("notAccepted", { reason: e instanceof ApiError ? e.message : String(e) }));
      await load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="my-bets" aria-labelledby="page-title">
      <h1 id="page-title">{t("myBets")}</h1>
      <div className="tabs" role="tablist" aria-label={t("myBets")}>
        {(["open", "settled"] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? "on" : ""}
            onClick={() => setTab(k)}
          >
            {t(k)}
          </button>
        ))}
      </div>
      <div role="status" aria-live="polite">
        {message ? <p>{message}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      {bets === null && !error ? <p className="muted">{t("loading")}</p> : null}
      {bets?.length === 0 ? <p className="muted">{t("noBets")}</p> : null}
      <ul className="bet-cards">
        {bets?.map((bet) => (
          <li key={bet.id} className={`bet-card status-${bet.status}`}>
            <article aria-label={`${t(bet.type)} ${bet.id}`}>
              <header className="bet-card-head">
                <strong>
                  {t(bet.type)}
                  {bet.system ? ` ${bet.system}` : ""}
                </strong>
                <span className={`status status-${bet.status}`}>{t(`status_${bet.status}`)}</span>
              </header>
              <ul className="bet-legs">
                {bet.legs.map((leg) => (
                  <li key={`${leg.eventId}|${leg.marketId}|${leg.selectionId}`}>
                    <div>
                      <strong>{leg.selection}</strong>{" "}
                      <span className="odds-inline">{leg.odds}</span>
                      {leg.result ? (
                        <span className={`result result-${leg.result}`}>
                          {" "}
                          · {t(`result_${leg.result}`)}
                        </span>
                      ) : null}
                    </div>
                    <div className="muted small">
                      {leg.market} · {leg.event}
                    </div>
                  </li>
                ))}
              </ul>
              <dl className="totals">
                <dt>{t("stake")}</dt>
                <dd>
                  {bet.stake} {bet.currency}
                </dd>
                <dt>{t("totalOdds")}</dt>
                <dd>{bet.totalOdds}</dd>
                <dt>{bet.status === "open" ? t("potentialPayout") : t("payout")}</dt>
                <dd>
                  {bet.status === "open" ? bet.potentialPayout : bet.payout} {bet.currency}
                </dd>
              </dl>
              <p className="muted small">
                {t("placedAt", { at: new Date(bet.placedAt).toLocaleString(book.locale) })}
              </p>
              {bet.status === "open" ? (
                bet.cashOut ? (
                  <button
                    type="button"
                    className="cash-out"
                    disabled={busy === bet.id}
                    onClick={() => void cashOut(bet)}
                  >
                    {t("cashOut", { amount: `${bet.cashOut} ${bet.currency}` })}
                  </button>
                ) : (
                  <p className="muted small">{t("cashOutNone")}</p>
                )
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
