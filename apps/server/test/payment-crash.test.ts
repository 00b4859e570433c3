// Crash tests (issue 4, "Crash"): a real server process is killed with SIGKILL at named fail
// points (lib/fail-point.ts) in the middle of deposit and withdrawal flows. After each crash the
// ledger is checked with the server down, then the server restarts and the client retries with
// the same Idempotency-Key: the same invoice answers, the processor holds one payment per
// invoice, an unacknowledged webhook is redelivered, and every balance ends where it should.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CrashHarness,
  crashHarness,
  eventually,
  httpClient,
  sandboxDecide,
} from "./crash-helpers";
import { IBAN } from "./payment-helpers";
import { registrationBody } from "./player-helpers";

let harness: CrashHarness;
beforeAll(async () => {
  harness = await crashHarness();
});
afterAll(async () => harness?.cleanUp());

describe("crashes in the middle of payment flows (issue 4)", () => {
  it("BE-23 BE-25 BE-26 killed at every fail point, the ledger stays balanced and retries give the first answer", {
    timeout: 300_000,
  }, async () => {
    const { url, start, crashOn, ledgerProblems } = harness;
    let running = await start();
    const registered = await fetch(`${url()}/api/player/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(registrationBody()),
    });
    expect(registered.status).toBe(201);
    const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
    const player = httpClient(url, accessToken);
    type Account = { id: string; balance: string };
    type InvoiceSummary = { id: string; status: number; amount: string };
    const accounts = () => player.call<Account[]>("GET", "/api/wallet/accounts");
    const account = (await accounts()).body.data[0]!;
    const balance = async () => (await accounts()).body.data[0]!.balance;
    const invoiceList = async (type: 1 | 2) =>
      (await player.call<InvoiceSummary[]>("GET", `/api/payment/invoices?type=${type}`)).body.data;
    const deposit = (key: string) =>
      player.call(
        "POST",
        "/api/payment/invoices/deposit",
        { method: "sandbox-card", currency: "EUR", amount: "100", accountId: account.id },
        key,
      );
    const withdraw = (key: string) =>
      player.call(
        "POST",
        "/api/payment/invoices/withdrawal",
        {
          method: "sandbox-bank-payout",
          currency: "EUR",
          amount: "60",
          accountId: account.id,
          fields: IBAN,
        },
        key,
      );
    await running.stop();

    // 1. Deposit: killed after the invoice commit, then (on the retry) after the processor
    //    created the payment; the third attempt answers with the same invoice.
    running = await start(["deposit.invoice-created"]);
    await crashOn(running, () => deposit("deposit-1"));
    expect(await ledgerProblems()).toEqual([]);
    running = await start(["deposit.payment-created"]);
    await crashOn(running, () => deposit("deposit-1"));
    expect(await ledgerProblems()).toEqual([]);

    // 2. The tester approves; the server dies inside the webhook's transaction before commit.
    running = await start(["webhook.before-commit"]);
    const answered = await deposit("deposit-1");
    expect(answered.status).toBe(201);
    const { invoiceId, action } = answered.body.data;
    if (!action) throw new Error("a hosted-page deposit answers with the page");
    expect(action).toMatch(/\/sandbox\/payments\/sbx_/);
    const reference = new URL(action).pathname.split("/").pop()!;
    expect((await deposit("deposit-1")).body.data).toEqual(answered.body.data);
    await crashOn(running, () => sandboxDecide(url(), reference, "approve"));
    expect(await ledgerProblems()).toEqual([]);

    // 3. Restarted, the processor redelivers the unacknowledged event: credited once.
    running = await start(["withdrawal.reserved"], true);
    expect(await eventually(balance, (value) => value === "100.00")).toBe("100.00");
    expect(await invoiceList(1)).toEqual([expect.objectContaining({ id: invoiceId, status: 2 })]);

    // 4. Withdrawal: killed after the funds were set aside, then after the payout was created.
    await crashOn(running, () => withdraw("withdrawal-1"));
    expect(await ledgerProblems()).toEqual([]);
    running = await start(["withdrawal.payout-created"]);
    expect(await balance()).toBe("40.00");
    await crashOn(running, () => withdraw("withdrawal-1"));
    expect(await ledgerProblems()).toEqual([]);

    // 5. The retry answers with the one invoice and the processor's one payout, which pays.
    running = await start();
    const first = await withdraw("withdrawal-1");
    const again = await withdraw("withdrawal-1");
    expect(first.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await invoiceList(2)).toEqual([
      expect.objectContaining({ id: first.body.data.invoiceId, status: 1, amount: "60.00" }),
    ]);
    expect(await balance()).toBe("40.00");
    await running.stop();

    const db = await harness.openDb();
    const payments = await db.query<{ invoice_id: string; kind: string; count: string }>(
      "SELECT invoice_id, kind, count(*) FROM sandbox_payments GROUP BY invoice_id, kind",
    );
    const [payout] = await db.query<{ reference: string }>(
      "SELECT reference FROM sandbox_payments WHERE kind = 'payout'",
    );
    await db.close();
    expect(payments.map((row) => row.count)).toEqual(["1", "1"]);

    running = await start();
    await sandboxDecide(url(), payout!.reference, "approve");
    expect((await invoiceList(2))[0]).toMatchObject({ status: 2 });
    expect(await balance()).toBe("40.00");
    await running.stop();
    expect(await ledgerProblems()).toEqual([]);
  });
});
