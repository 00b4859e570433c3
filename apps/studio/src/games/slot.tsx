// Fruit Lines: 5 reels, 3 rows, 10 paylines; 3 scatters start 10 free spins at 2×. Platform
// free spins (granted by the casino) are played here too, at the grant's bet.
import { useState } from "react";
import type { GameProps } from "../game-page";
import { outcomeText, Result } from "./fields";
import { SLOT_SYMBOLS } from "./meta";

const LINE_BETS = ["0.01", "0.02", "0.05", "0.10", "0.20", "0.50", "1.00", "2.00"];
const LINES = 10;

interface Spin {
  freeSpin: boolean;
  window: number[][];
  lineWins: { line: number; symbol: number; count: number; pay: number }[];
  scatters: number;
  units: number;
  awarded: number;
}

function Reels({ spin, label }: { spin: Spin; label: string }) {
  const rows = [0, 1, 2];
  return (
    <div className="reels" role="img" aria-label={label}>
      {spin.window.map((column, reel) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions
        <div className="reel" key={reel}>
          {rows.map((row) => {
            const symbol = SLOT_SYMBOLS[column[row]!]!;
            return (
              <span
                key={row}
                className={`symbol s${column[row]}${symbol.face.length > 3 ? " word" : ""}`}
                title={symbol.name}
              >
                {symbol.face}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function describe(spin: Spin): string {
  const rows = [0, 1, 2].map((row) =>
    spin.window.map((column) => SLOT_SYMBOLS[column[row]!]!.name).join(", "),
  );
  return `Reels: top ${rows[0]}; middle ${rows[1]}; bottom ${rows[2]}`;
}

export function SlotGame({ currency, busy, play, lastRound, session }: GameProps) {
  const [lineBet, setLineBet] = useState("0.10");
  const [shown, setShown] = useState(0);
  const spins = lastRound?.game === "slot" ? (lastRound.outcome.spins as Spin[]) : [];
  const spin = spins[Math.min(shown, spins.length - 1)];
  const freeSpinsLeft = session.freeSpins.reduce((sum, grant) => sum + grant.spinsLeft, 0);
  const total = (Number(lineBet) * LINES).toFixed(2);

  const spinOnce = async (body: Record<string, unknown>) => {
    const answer = await play(body);
    if (answer) setShown(0);
  };

  return (
    <div className="controls">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void spinOnce({ lineBet });
        }}
      >
        <div className="field">
          <label htmlFor="line-bet">Bet per line ({currency})</label>
          <select
            id="line-bet"
            name="lineBet"
            value={lineBet}
            onChange={(e) => setLineBet(e.target.value)}
          >
            {LINE_BETS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <p className="odds">
          {LINES} lines × {lineBet} = {total} {currency} per spin
        </p>
        <button type="submit" className="primary" disabled={busy}>
          Spin
        </button>
      </form>
      {freeSpinsLeft > 0 ? (
        <section className="free-spins" aria-label="Free spins from the casino">
          <p>
            You have {freeSpinsLeft} free spin{freeSpinsLeft === 1 ? "" : "s"} from the casino at{" "}
            {session.freeSpins[0]!.betPerSpin} {currency} per spin.
          </p>
          <button type="button" disabled={busy} onClick={() => void spinOnce({ freeSpin: true })}>
            Play a free spin
          </button>
        </section>
      ) : null}
      {spin ? <Reels spin={spin} label={describe(spin)} /> : <EmptyReels />}
      {spins.length > 1 ? (
        <nav className="row" aria-label="Free spins feature">
          <span>
            Free spins feature: {spins.length - 1} free spin{spins.length === 2 ? "" : "s"} at 2×
          </span>
          <button
            type="button"
            onClick={() => setShown(Math.max(0, shown - 1))}
            disabled={shown === 0}
          >
            Previous spin
          </button>
          <span aria-live="polite">
            {shown === 0 ? "Base spin" : `Free spin ${shown} of ${spins.length - 1}`}
          </span>
          <button
            type="button"
            onClick={() => setShown(Math.min(spins.length - 1, shown + 1))}
            disabled={shown >= spins.length - 1}
          >
            Next spin
          </button>
        </nav>
      ) : null}
      {spin && spin.lineWins.length > 0 ? (
        <ul className="line-wins" aria-label="Line wins">
          {spin.lineWins.map((win) => (
            <li key={win.line}>
              Line {win.line + 1}: {win.count} × {SLOT_SYMBOLS[win.symbol]!.name} pays {win.pay}×
              line bet{spin.freeSpin ? " (×2)" : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {lastRound?.game === "slot" ? (
        <Result won={Number(lastRound.payout) > 0}>
          {spins[0]!.awarded > 0 ? <strong>Free spins! </strong> : null}
          {lastRound.freeSpinsId ? "Free spin from the casino. " : null}
          {outcomeText(lastRound.payout, lastRound.stake, currency)}
        </Result>
      ) : null}
    </div>
  );
}

function EmptyReels() {
  const face = ["7", "BAR", "WILD", "A", "K"];
  return (
    <div className="reels idle" aria-hidden="true">
      {face.map((symbol) => (
        <div className="reel" key={symbol}>
          <span className="symbol">{symbol}</span>
          <span className="symbol">{symbol}</span>
          <span className="symbol">{symbol}</span>
        </div>
      ))}
    </div>
  );
}
