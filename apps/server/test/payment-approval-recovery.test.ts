import { randomBytes } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorCode } from "./helpers";
import { fundedPlayer, referenceOf, sandboxDecision } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

const OPERATOR_TOKEN = randomBytes(24).toString("hex");

let app: PlayerTestApp;
beforeAll(async () => {
  // EUR is worth 1.08 USD in the seed: 100 EUR needs approval above 100 USD, 50 EUR does not.
  app = await createPlayerTestApp({
    SANDBOX_PAYMENTS: "true",
    WITHDRAWAL_APPROVAL_ABOVE: "100",
    OPERATOR_API_TOKEN: OPERATOR_TOKEN,
  });
});
afterAll(async () => app?.close());

const operator = (method: "GET" | "POST", url: string, token = OPERATOR_TOKEN) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(method === "POST" ? { payload: { reviewer: "risk-team@example.com" } } : {}),
  });

describe("withdrawal approval by an operator (BE-26)", () => {
  it("BE-26 a withdrawal above the threshold waits; approval sends the payout, and it is paid", async () => {
    const player = await fundedPlayer(app, "500");
    const small = (await player.withdraw({ amount: "50" })).json().data;
    expect(await referenceOf(app, small.invoiceId)).toMatch(/^sbx_/);

    const response = await player.withdraw({ amount: "200" });
    expect(response.statusCode).toBe(201);
    const { invoiceId, action } = response.json().data;
    expect(action).toBeNull();
    expect(await referenceOf(app, invoiceId)).toBeNull();
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "250.00" });

    const queue = (await operator("GET", "/api/operator/withdrawals")).json().data;
    expect(queue).toContainEqual(
      expect.objectContaining({ id: invoiceId, amount: "200.00", currency: "EUR" }),
    );
    expect(queue.map((item: { id: string }) => item.id)).not.toContain(small.invoiceId);

    const approved = await operator("POST", `/api/operator/withdrawals/${invoiceId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id: invoiceId, status: 1 });
    const reference = await referenceOf(app, invoiceId);
    expect(reference).toMatch(/^sbx_/);
    // A second decision finds nothing to decide.
    const again = await operator("POST", `/api/operator/withdrawals/${invoiceId}/reject`);
    expectErrorCode(again, 422, ErrorCode.UnprocessableEntity);

    await sandboxDecision(app, reference, "approve");
    expect(await player.status(invoiceId)).toBe(2);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "250.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-26 a rejection fails the invoice and returns the funds; the player can decline while it waits", async () => {
    const player = await fundedPlayer(app, "500");
    const first = (await player.withdraw({ amount: "300" })).json().data.invoiceId;
    const rejected = await operator("POST", `/api/operator/withdrawals/${first}/reject`);
    expect(rejected.json().data).toMatchObject({ id: first, status: 3 });
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "500.00" });

    const second = (await player.withdraw({ amount: "400" })).json().data.invoiceId;
    expect((await player.decline(second)).json().data.status).toBe(4);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "500.00" });
    const late = await operator("POST", `/api/operator/withdrawals/${second}/approve`);
    expectErrorCode(late, 422, ErrorCode.UnprocessableEntity);
    expect(await referenceOf(app, second)).toBeNull();
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-26 approve, reject and decline racing on one withdrawal: one operator decision wins, money moves once", async () => {
    const player = await fundedPlayer(app, "500");
    const id = (await player.withdraw({ amount: "500" })).json().data.invoiceId;
    const results = await Promise.all([
      operator("POST", `/api/operator/withdrawals/${id}/approve`),
      operator("POST", `/api/operator/withdrawals/${id}/reject`),
      player.decline(id),
      operator("POST", `/api/operator/withdrawals/${id}/approve`),
    ]);
    const operatorWins = [results[0], results[1], results[3]].filter(
      (result) => result?.statusCode === 200,
    );
    expect(operatorWins).toHaveLength(1);
    const status = await player.status(id);
    const balance = (await player.wallet()).withdrawalBalance;
    // Approved: pending at the processor, funds held; rejected or declined (before the approval,
    // or after it while the processor had not paid yet): funds back.
    expect([
      [1, "0.00"],
      [3, "500.00"],
      [4, "500.00"],
    ]).toContainEqual([status, balance]);
    // A payout that exists is never left payable for a withdrawal whose funds came back.
    const payouts = await app.testDb.query<{ status: string }>(
      "SELECT status FROM sandbox_payments WHERE invoice_id = $1",
      [id],
    );
    if (status !== 1) expect(payouts.every((payout) => payout.status === "cancelled")).toBe(true);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-26 a named key with the payments scope approves without naming a reviewer: its name is recorded", async () => {
    const issued = await app.inject({
      method: "POST",
      url: "/api/operator/api-keys",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { name: "Payments desk: Sam", scopes: ["payments"] },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const player = await fundedPlayer(app, "300");
    const { invoiceId } = (await player.withdraw({ amount: "150" })).json().data;
    const approved = await app.inject({
      method: "POST",
      url: `/api/operator/withdrawals/${invoiceId}/approve`,
      headers: { authorization: `Bearer ${issued.json().data.token}` },
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await app.testDb.query<{ reviewed_by: string }>(
      "SELECT reviewed_by FROM payment_invoices WHERE id = $1",
      [invoiceId],
    );
    expect(row!.reviewed_by).toBe("Payments desk: Sam");
  });

  it("the operator API refuses a wrong or missing token", async () => {
    expectErrorCode(
      await operator("GET", "/api/operator/withdrawals", "x".repeat(48)),
      401,
      ErrorCode.Unauthorized,
    );
    const none = await app.inject({ url: "/api/operator/withdrawals" });
    expectErrorCode(none, 401, ErrorCode.Unauthorized);
    const bad = await app.inject({
      method: "POST",
      url: "/api/operator/withdrawals/not-a-uuid/approve",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { reviewer: "" },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("payment recovery (issue 4, Crash)", () => {
  it("BE-23 BE-26 an invoice committed but never sent to the processor is sent by the recovery job, once", async () => {
    const player = await fundedPlayer(app, "80");
    const { invoiceId } = (await player.withdraw({ amount: "80" })).json().data;
    const reference = await referenceOf(app, invoiceId);
    // What a crash between the commit and the processor's answer leaves: no reference saved.
    await app.testDb.query(
      "UPDATE payment_invoices SET processor_reference = NULL, client_response = NULL WHERE id = $1",
      [invoiceId],
    );
    // Too recent: a request may still be finishing it.
    await app.jobs.runAllOnce();
    expect(await referenceOf(app, invoiceId)).toBeNull();
    app.clock.advance(60);
    await Promise.all([app.jobs.runAllOnce(), app.jobs.runAllOnce()]);
    // The processor gave back the payout it had already made for this invoice: one payout.
    expect(await referenceOf(app, invoiceId)).toBe(reference);
    const [payouts] = await app.testDb.query<{ count: string }>(
      "SELECT count(*) FROM sandbox_payments WHERE invoice_id = $1",
      [invoiceId],
    );
    expect(payouts?.count).toBe("1");
    await sandboxDecision(app, reference, "approve");
    expect(await player.status(invoiceId)).toBe(2);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-25 a processor event the platform never acknowledged is redelivered with its event id and applied once", async () => {
    const player = await fundedPlayer(app, "60");
    const { invoiceId } = (await player.withdraw({ amount: "60" })).json().data;
    const reference = await referenceOf(app, invoiceId);
    await sandboxDecision(app, reference, "approve");
    expect(await player.status(invoiceId)).toBe(2);
    // As if our 200 was lost on the way back: the processor will deliver the same event again.
    await app.testDb.query("UPDATE sandbox_payments SET delivered_at = NULL WHERE reference = $1", [
      reference,
    ]);
    await app.jobs.runAllOnce();
    const [row] = await app.testDb.query<{ delivered_at: Date | null; delivery_attempts: number }>(
      "SELECT delivered_at, delivery_attempts FROM sandbox_payments WHERE reference = $1",
      [reference],
    );
    expect(row?.delivered_at).not.toBeNull();
    expect(row?.delivery_attempts).toBe(2);
    const [events] = await app.testDb.query<{ outcomes: string[] }>(
      `SELECT array_agg(e.outcome ORDER BY e.received_at) AS outcomes
         FROM payment_webhook_events e WHERE e.invoice_id = $1`,
      [invoiceId],
    );
    expect(events?.outcomes).toEqual(["applied"]);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "0.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });
});
