// Reality checks on game pages (issue 6; UKGC RTS 13): the session's running time in the game's
// header bar, and every `intervalMinutes` of the sign-in session a dialog with the time played
// and the session's net result per currency, asking whether to go on. "Stop playing" leaves the
// game; the limits page is one click away. A period acknowledged stays acknowledged across
// reloads of the page (sessionStorage, keyed by the session's start).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useSite } from "../../lib/site";
import { REALITY_CHECK_KEY, realityCheckQuery } from "./reality-check-api";
import { formatSessionTime, intervalsElapsed } from "./reality-check-timing";
import "../../modals/modal.css";
import "./reality-check.css";

const STORAGE_PREFIX = "reality-check:";

function acknowledged(startedAt: string): number {
  try {
    return Number(sessionStorage.getItem(STORAGE_PREFIX + startedAt) ?? 0) || 0;
  } catch {
    return 0;
  }
}

function acknowledge(startedAt: string, intervals: number): void {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + startedAt, String(intervals));
  } catch {
    // Private mode without storage: the prompt comes back after a reload, which is safe.
  }
}

/**
 * Seconds since the session started, on the local clock: the start is placed once per session
 * (from the server's count at the first answer), so later refetches of the net result do not
 * move it and the clock never jumps back.
 */
function useSessionSeconds(
  session: { startedAt: string; seconds: number } | undefined,
  fetchedAt: number,
): number | null {
  const anchor = useRef<{ startedAt: string; at: number } | null>(null);
  if (session && anchor.current?.startedAt !== session.startedAt) {
    anchor.current = { startedAt: session.startedAt, at: fetchedAt - session.seconds * 1000 };
  }
  const [now, setNow] = useState(() => Date.now());
  const running = session !== undefined;
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!session || !anchor.current) return null;
  return Math.max(0, Math.floor((now - anchor.current.at) / 1000));
}

export function RealityCheck() {
  const { t, href } = useSite();
  const text = (key: string, fallback: string, vars?: Record<string, string | number>) =>
    t(`global-components.realityCheck.${key}`, fallback, vars);
  const client = useQueryClient();
  const navigate = useNavigate();
  const check = useQuery(realityCheckQuery);
  const data = check.data;
  const seconds = useSessionSeconds(data?.session, check.dataUpdatedAt);
  const [open, setOpen] = useState(false);
  const due = data && seconds !== null ? intervalsElapsed(seconds, data.intervalMinutes) : 0;

  useEffect(() => {
    if (!data || open || due === 0) return;
    if (due > acknowledged(data.session.startedAt)) {
      setOpen(true);
      // The net result as of now, not as of the page's first load.
      void client.invalidateQueries({ queryKey: REALITY_CHECK_KEY });
    }
  }, [client, data, due, open]);

  if (!data || seconds === null) return null;
  const close = (leave: boolean) => {
    acknowledge(data.session.startedAt, due);
    setOpen(false);
    if (leave) void navigate(href("/"));
  };
  const minutes = Math.floor(seconds / 60);

  return (
    <>
      <p className="session-clock" role="timer" aria-live="off">
        <span>{text("sessionTime", "Session")}</span>{" "}
        <time dateTime={`PT${seconds}S`}>{formatSessionTime(seconds)}</time>
      </p>
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close(false))}>
        <Dialog.Portal>
          <div className="modal-layer" style={{ zIndex: 1200 }}>
            <Dialog.Overlay className="modal-overlay" />
            <Dialog.Content
              className="modal modal--sm reality-check"
              role="alertdialog"
              onPointerDownOutside={(event) => event.preventDefault()}
              onInteractOutside={(event) => event.preventDefault()}
            >
              <div className="modal__header">
                <Dialog.Title className="modal__title">
                  {text("title", "Reality check")}
                </Dialog.Title>
              </div>
              <div className="modal__body">
                <Dialog.Description>
                  {text("played", "You have been playing for {minutes} minutes.", { minutes })}
                </Dialog.Description>
                <dl className="reality-check__results">
                  {data.results.length === 0 ? (
                    <div>
                      <dt>{text("net", "Net result")}</dt>
                      <dd>{text("nothingPlayed", "No real-money bets this session")}</dd>
                    </div>
                  ) : (
                    data.results.map((result) => (
                      <div key={result.currency}>
                        <dt>
                          {text("net", "Net result")} ({result.currency})
                        </dt>
                        <dd data-negative={result.net.startsWith("-") || undefined}>
                          {result.net} {result.currency}
                        </dd>
                        <dd className="reality-check__detail">
                          {text("stakedWon", "Staked {staked}, won {won}", {
                            staked: result.staked,
                            won: result.won,
                          })}
                        </dd>
                      </div>
                    ))
                  )}
                </dl>
                <div className="reality-check__actions">
                  <button type="button" className="modal-button" onClick={() => close(false)}>
                    {text("continue", "Continue playing")}
                  </button>
                  <button
                    type="button"
                    className="modal-button modal-button--secondary"
                    onClick={() => close(true)}
                  >
                    {text("stop", "Stop playing")}
                  </button>
                </div>
                <p className="reality-check__limits">
                  <Link to={href("/profile/limits")} onClick={() => close(false)}>
                    {text("limits", "Set limits or take a break")}
                  </Link>
                </p>
              </div>
            </Dialog.Content>
          </div>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
