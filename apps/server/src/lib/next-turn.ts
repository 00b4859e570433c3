// Work that many callers ask for in one turn of the event loop, done once on the next turn
// (setImmediate): after the I/O already waiting — other requests — has asked too. The batchers
// use it to collect a batch; the drain loops to share one run between nudges.

/** Returns `ask()`: calls within one turn run `fn` once, on the next turn. */
export function onNextTurn(fn: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      fn();
    });
  };
}
