// Named fail points for crash tests (issue 4, "Crash"): `FAIL_POINTS=withdrawal.reserved` makes
// the process kill itself with SIGKILL when it reaches that point — no cleanup, no flush, the
// same as a power cut for the process. Tests start a real server with it, send a request, and
// show after a restart that the ledger is balanced and a retry gets the same answer.
//
// Unset (always, outside those tests) every call is a no-op: one Set lookup.

/** Every fail point the code has, so a test cannot name one that does not exist. */
export const FAIL_POINTS = [
  // Deposits: the invoice is committed, the processor not yet asked.
  "deposit.invoice-created",
  // Deposits: the processor created the payment, its reference not yet saved.
  "deposit.payment-created",
  // Webhooks: the credit and the status change are written, the transaction not committed.
  "webhook.before-commit",
  // Withdrawals: the funds are set aside and committed, the payout not yet created.
  "withdrawal.reserved",
  // Withdrawals: the processor created the payout, its reference not yet saved.
  "withdrawal.payout-created",
  // Provider wallet batches: every row of the batch written, the transaction not committed.
  "game.batch-written",
  // Provider wallet batches: committed, no call answered yet.
  "game.batch-committed",
] as const;
export type FailPoint = (typeof FAIL_POINTS)[number];

const armed = new Set(
  (process.env.FAIL_POINTS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean),
);
for (const name of armed) {
  if (!(FAIL_POINTS as readonly string[]).includes(name)) {
    throw new Error(`FAIL_POINTS names an unknown fail point: ${name}`);
  }
}

/** Kills the process here when this fail point is armed. */
export function failPoint(name: FailPoint): void {
  if (armed.size > 0 && armed.has(name)) {
    process.stderr.write(`fail point ${name}: killing the process\n`);
    process.kill(process.pid, "SIGKILL");
  }
}
