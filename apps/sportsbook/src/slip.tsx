// The bet slip: singles, a multiple (up to 20 legs) or a system (2/3, 2/4, 3/4, ...), stakes,
// total odds and potential payout, the odds-change rule, min/max stake and max payout, and the
// answer of the book in plain words.
import { useEffect, useRef, useState } from "react";
import { ApiError, api, BookError, currencyDecimals, newRequestId, type OddsChange } from "./api";
import { legKey, type SlipLeg, useBook } from "./book";
import { useLiveSnapshot, useOddsStream } from "./live";
import {
  acceptsOddsChange,
  allowedTypes,
  type BetType,
  formatAmount,
  MAX_LEGS,
  type OddsChangeRule,
  parseAmount,
  quote,
  shownOdds,
  systemsFor,
} from "./slip-math";

interface Current {
  odds: string;
  status: "open" | "suspended" | "closed";
}

type Message = { kind: "ok" | "error"; text: string } | null;

export function Slip({ open, onClose }: { open: boolean; onClose: () => void }) {
  const book = useBook();
  const { t, legs } = book;
  const [chosenType, setChosenType] = useState<BetType>("single");
  const [system, setSystem] = useState("2/3");
  const [stake, setStake] = useState("");
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [rule, setRule] = useState<OddsChangeRule>("higher");
  const [message, setMessage] = useState<Message>(null);
  const [placing, setPlacing] = useState(false);
  const [changes, setChanges] = useState<Record<string, Current>>({});
  const live = useLiveSnapshot();
  useOddsStream(legs.map((l) => l.eventId));

  const previousCount = useRef(legs.length);
  useEffect(() => {
    const before = previousCount.current;
    previousCount.current = legs.length;
    if (legs.length > before) setMessage(null);
    if (before < 2 && legs.length >= 2 && chosenType === "single") setChosenType("multiple");
  }, [legs.length, chosenType]);

  const allowed = allowedTypes(legs.map((l) => l.eventId));
  const type: BetType = allowed.includes(chosenType) ? chosenType : "single";
  const systems = systemsFor(legs.length);
  const systemNow = systems.includes(system) ? system : (systems[0] ?? "");
  const decimals = currencyDecimals(book.session?.currency);
  const money = (minor: bigint) =>
    `${formatAmount(minor, decimals)}${book.session ? ` ${book.session.currency}` : ""}`;
  const maxPayout = book.session?.maxPayout ? parseAmount(book.session.maxPayout, decimals) : null;

  const current = (leg: SlipLeg): Current => {
    const liveEvent = live.get(leg.eventId);
    const market = liveEvent?.markets[leg.marketId];
    const selection = market?.selections.find((s) => s.id === leg.selectionId);
    if (liveEvent && (liveEvent.status === "ended" || liveEvent.status === "void")) {
      return { odds: selection?.odds ?? leg.odds, status: "closed" };
    }
    if (market && selection) return { odds: selection.odds, status: market.status };
    return changes[legKey(leg)] ?? { odds: leg.odds, status: "open" };
  };
  const now = legs.map((leg) => ({ leg, ...current(leg) }));
  const blocked = now.filter((n) => n.status !== "open");
  const moved = now.filter((n) => n.odds !== n.leg.odds);
  const needsAccept = moved.some((n) => !acceptsOddsChange(rule, n.leg.odds, n.odds));

  // Stakes and their limits.
  const stakeError = (text: string, leg: SlipLeg[] = legs): string | null => {
    if (text.trim() === "") return t("enterStake");
    const value = parseAmount(text, decimals);
    if (value === null || value === 0n) return t("badStake");
    const min = leg.reduce((m, l) => {
      const v = parseAmount(l.minStake, 18) ?? 0n;
      return v > m ? v : m;
    }, 0n);
    const max = leg.reduce<bigint | null>((m, l) => {
      const v = parseAmount(l.maxStake, 18);
      return v !== null && (m === null || v < m) ? v : m;
    }, null);
    const scale = 10n ** BigInt(18 - decimals);
    if (value * scale < min) return t("minStake", { min: money(min / scale) });
    if (max !== null && value * scale > max) return t("maxStake", { max: money(max / scale) });
    return null;
  };

  let totalStake = 0n;
  let potential = 0n;
  let capped = false;
  let totalOdds: bigint | null = null;
  let lines = 0;
  const odds = now.map((n) => n.odds);
  if (type === "single") {
    for (const n of now) {
      const v = parseAmount(stakes[legKey(n.leg)] ?? "", decimals) ?? 0n;
      const q = quote("single", [n.odds], v, { maxPayout });
      totalStake += v;
      potential += q.potentialPayout;
      capped ||= q.capped;
      lines += 1;
    }
  } else if (legs.length > 0 && (type === "multiple" || systemNow)) {
    const v = parseAmount(stake, decimals) ?? 0n;
    const q = quote(type, odds, v, { system: systemNow, maxPayout });
    totalStake = q.totalStake;
    potential = q.potentialPayout;
    capped = q.capped;
    totalOdds = q.totalOdds;
    lines = q.lines;
  }

  const errors =
    type === "single"
      ? legs.map((l) => stakeError(stakes[legKey(l)] ?? "", [l]))
      : [stakeError(stake)];
  const firstError = errors.find((e) => e !== null) ?? null;

  const applyChanges = (list: OddsChange[]) => {
    setChanges((before) => {
      const next = { ...before };
      for (const c of list) {
        const key = legKey(c);
        const leg = legs.find((l) => legKey(l) === key);
        next[key] = { odds: c.odds ?? leg?.odds ?? "1.01", status: c.status };
      }
      return next;
    });
  };

  const acceptChanges = () => {
    book.updateLegs(legs.map((l) => ({ ...l, odds: current(l).odds })));
    setChanges({});
    setMessage(null);
  };

  const place = async () => {
    setMessage(null);
    if (!book.session) {
      book.askToSignIn();
      return;
    }
    if (firstError || blocked.length > 0 || needsAccept || capped || legs.length === 0) return;
    setPlacing(true);
    const token = book.session.sessionToken;
    const legInput = (l: SlipLeg) => ({
      eventId: l.eventId,
      marketId: l.marketId,
      selectionId: l.selectionId,
      odds: l.odds,
    });
    const placedKeys: string[] = [];
    try {
      if (type === "single") {
        for (const leg of legs) {
          const answer = await api.placeBet(token, {
            requestId: newRequestId(),
            type: "single",
            system: null,
            stake: formatAmount(parseAmount(stakes[legKey(leg)] ?? "", decimals)!, decimals),
            oddsChange: rule,
            legs: [legInput(leg)],
          });
          placedKeys.push(legKey(leg));
          book.setBalance(answer.balance);
        }
      } else {
        const answer = await api.placeBet(token, {
          requestId: newRequestId(),
          type,
          system: type === "system" ? systemNow : null,
          stake: formatAmount(parseAmount(stake, decimals)!, decimals),
          oddsChange: rule,
          legs: legs.map(legInput),
        });
        placedKeys.push(...legs.map(legKey));
        book.setBalance(answer.balance);
      }
      setMessage({
        kind: "ok",
        text:
          placedKeys.length > 1 && type === "single"
            ? t("placedMany", { n: placedKeys.length })
            : t("placed"),
      });
      book.updateLegs(legs.filter((l) => !placedKeys.includes(legKey(l))));
      setStakes({});
      setChanges({});
    } catch (e) {
      if (placedKeys.length > 0) {
        book.updateLegs(legs.filter((l) => !placedKeys.includes(legKey(l))));
      }
      if (e instanceof ApiError) {
        if (e.code === BookError.OddsChanged) applyChanges(e.changes);
        const reason = e.code === BookError.SessionInvalid ? t("sessionOver") : e.message;
        setMessage({ kind: "error", text: t("notAccepted", { reason }) });
      } else {
        setMessage({ kind: "error", text: t("notAccepted", { reason: String(e) }) });
      }
    } finally {
      if (placedKeys.length > 0) book.notifyBalance();
      setPlacing(false);
    }
  };

  const stakeLabelFor = (leg: SlipLeg) =>
    legs.length === 1 ? t("stake") : t("stakeFor", { selection: leg.selection });

  return (
    <aside className={`slip${open ? " open" : ""}`} aria-label={t("betSlip")}>
      <header className="slip-head">
        <h2>
          {t("betSlip")} <span className="count">{legs.length}</span>
        </h2>
        {legs.length > 0 ? (
          <button type="button" className="link" onClick={() => book.clearLegs()}>
            {t("clearSlip")}
          </button>
        ) : null}
        <button type="button" className="close-sheet" aria-label={t("closeSlip")} onClick={onClose}>
          ✕
        </button>
      </header>
      {legs.length === 0 ? <p className="muted">{t("slipEmpty")}</p> : null}
      {legs.length > 0 ? (
        <fieldset className="bet-types">
          <legend className="sr-only">Bet type</legend>
          {(["single", "multiple", "system"] as const).map((bt) => (
            <label key={bt} className={`bet-type${type === bt ? " on" : ""}`}>
              <input
                type="radio"
                name="bet-type"
                value={bt}
                checked={type === bt}
                disabled={!allowed.includes(bt)}
                onChange={() => setChosenType(bt)}
              />
              {t(bt)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {legs.length > 1 && !allowed.includes("multiple") && legs.length <= MAX_LEGS ? (
        <p className="muted small">{t("sameEvent")}</p>
      ) : null}
      <ul className="slip-legs">
        {now.map(({ leg, odds: o, status }) => {
          const key = legKey(leg);
          const changed = o !== leg.odds;
          return (
            <li key={key} className={`slip-leg${status !== "open" ? " locked" : ""}`}>
              <div className="slip-leg-top">
                <span className="slip-selection">{leg.selection}</span>
                <span className={`slip-odds${changed ? " changed" : ""}`}>{o}</span>
                <button
                  type="button"
                  className="remove"
                  aria-label={t("remove", { selection: leg.selection })}
                  onClick={() => book.removeLeg(leg.eventId, leg.marketId, leg.selectionId)}
                >
                  ✕
                </button>
              </div>
              <div className="muted small">
                {leg.market} · {leg.event}
              </div>
              {changed ? (
                <p className="warn small">{t("oddsMoved", { was: leg.odds, now: o })}</p>
              ) : null}
              {status === "suspended" ? <p className="warn small">{t("legSuspended")}</p> : null}
              {status === "closed" ? <p className="warn small">{t("legClosed")}</p> : null}
              {type === "single" ? (
                <label className="stake">
                  <span className={legs.length === 1 ? "" : "sr-only"}>{stakeLabelFor(leg)}</span>
                  <input
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={stakeLabelFor(leg)}
                    value={stakes[key] ?? ""}
                    placeholder={leg.minStake}
                    onChange={(e) => setStakes((s) => ({ ...s, [key]: e.target.value }))}
                  />
                </label>
              ) : null}
            </li>
          );
        })}
      </ul>
      {legs.length > 0 ? (
        <div className="slip-foot">
          {type === "system" ? (
            <label className="row">
              <span>{t("systemType")}</span>
              <select value={systemNow} onChange={(e) => setSystem(e.target.value)}>
                {systems.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {type !== "single" ? (
            <label className="stake row">
              <span>{type === "system" ? t("totalStake") : t("stake")}</span>
              <input
                inputMode="decimal"
                autoComplete="off"
                value={stake}
                placeholder={legs[0]?.minStake}
                onChange={(e) => setStake(e.target.value)}
              />
            </label>
          ) : null}
          <label className="row">
            <span>{t("oddsRule")}</span>
            <select value={rule} onChange={(e) => setRule(e.target.value as OddsChangeRule)}>
              <option value="any">{t("oddsAny")}</option>
              <option value="higher">{t("oddsHigher")}</option>
              <option value="none">{t("oddsNone")}</option>
            </select>
          </label>
          <dl className="totals">
            {type === "system" && lines > 0 ? (
              <>
                <dt>{t("system")}</dt>
                <dd>{t("stakePerLine", { lines, stake: money(totalStake / BigInt(lines)) })}</dd>
              </>
            ) : null}
            {totalOdds !== null ? (
              <>
                <dt>{t("totalOdds")}</dt>
                <dd data-testid="total-odds">{shownOdds(totalOdds)}</dd>
              </>
            ) : null}
            <dt>{t("totalStake")}</dt>
            <dd>{money(totalStake)}</dd>
            <dt>{t("potentialPayout")}</dt>
            <dd className="payout">{money(potential)}</dd>
          </dl>
          {capped && maxPayout !== null ? (
            <p className="warn small">{t("payoutTooHigh", { max: money(maxPayout) })}</p>
          ) : null}
          {firstError && (stake !== "" || Object.values(stakes).some((s) => s !== "")) ? (
            <p className="warn small">{firstError}</p>
          ) : null}
          {needsAccept ? (
            <button type="button" className="primary" onClick={acceptChanges}>
              {t("acceptChanges")}
            </button>
          ) : (
            <button
              type="button"
              className="primary"
              disabled={
                placing ||
                (book.session !== null && (firstError !== null || blocked.length > 0 || capped))
              }
              onClick={() => void place()}
            >
              {placing ? t("placing") : book.session ? t("placeBet") : t("signInToBet")}
            </button>
          )}
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="slip-status">
        {message?.kind === "ok" ? <p className="ok">{message.text}</p> : null}
      </div>
      {message?.kind === "error" ? (
        <p role="alert" className="error">
          {message.text}
        </p>
      ) : null}
    </aside>
  );
}
