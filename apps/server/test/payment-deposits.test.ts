import { randomUUID } from "node:crypto";
import { ErrorCode } from "@casino/contract/errors";
import { paymentInvoicesChannel } from "@casino/contract/payment";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signWebhook } from "../src/modules/payment/webhook-signature";
import { SIGNATURE_HEADER } from "../src/modules/sandbox/payment-processor";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorBody, expectErrorCode } from "./helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ SANDBOX_PAYMENTS: "true", COUNTRY_HEADER: "x-test-country" });
});
afterAll(async () => app?.close());

async function depositor() {
  const { tokens } = await registerByEmail(app, { currency: "EUR" });
  const headers = {
    ...(bearer(tokens.accessToken) as Record<string, string>),
    "x-test-country": "DE",
  };
  const accounts = await app.inject({ url: "/api/wallet/accounts", headers });
  const account = accounts.json().data[0] as { id: string };
  const balance = async () => {
    const response = await app.inject({ url: "/api/wallet/accounts", headers });
    return response.json().data[0].balance as string;
  };
  const deposit = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/payment/invoices/deposit",
      headers: { ...headers, ...extra },
      payload: { currency: "EUR", accountId: account.id, ...body },
    });
  const invoices = async () => {
    const response = await app.inject({ url: "/api/payment/invoices", headers });
    return response.json().data as {
      id: string;
      status: number;
      publicData: { qr: string | null };
    }[];
  };
  return { profileId: tokens.profileId, headers, account, balance, deposit, invoices };
}

/** The tester's click on the sandbox's hosted page. */
async function decide(action: string, decision: "approve" | "fail") {
  const url = new URL(action);
  const page = await app.inject({ url: url.pathname });
  expect(page.body).toContain("Approve payment");
  return app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `decision=${decision}`,
  });
}

async function referenceOf(invoiceId: string): Promise<string> {
  const [row] = await app.testDb.query<{ processor_reference: string }>(
    "SELECT processor_reference FROM payment_invoices WHERE id = $1",
    [invoiceId],
  );
  return row!.processor_reference;
}

/** A delivery exactly as the sandbox would send it (optionally at another time). */
function delivery(event: Record<string, unknown>, at = app.clock.now()) {
  const body = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: "/api/payment/webhooks/sandbox",
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signWebhook(app.testConfig.secrets.webhookSecret, body, at),
    },
    payload: body,
  });
}

describe("deposits through the sandbox processor (BE-23, BE-25, DP-04…DP-09)", () => {
  it("DP-05 BE-25 a hosted-page deposit approved by the tester credits the wallet once", async () => {
    const player = await depositor();
    const response = await player.deposit({
      method: "sandbox-card",
      amount: "25.50",
      redirectSuccessUrl: "http://localhost/?deposit=ok",
      redirectErrorUrl: "http://localhost/?deposit=failed",
    });
    expect(response.statusCode).toBe(201);
    const { invoiceId, action } = response.json().data;
    expect(action).toMatch(/\/sandbox\/payments\/sbx_[0-9a-f]+$/);
    expect((await player.invoices())[0]).toMatchObject({ id: invoiceId, status: 1 });

    const decided = await decide(action, "approve");
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe("http://localhost/?deposit=ok");
    expect((await player.invoices())[0]).toMatchObject({ id: invoiceId, status: 2 });
    expect(await player.balance()).toBe("25.50");

    const events = await app.testDb.query<{
      payload: { type: string; invoice: { status: number } };
    }>("SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id", [
      paymentInvoicesChannel(player.profileId),
    ]);
    expect(events.map((event) => `${event.payload.type}:${event.payload.invoice.status}`)).toEqual([
      "invoice.deposit.updated:2",
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-25 a failed payment fails the invoice and moves no money", async () => {
    const player = await depositor();
    const { action, invoiceId } = (
      await player.deposit({ method: "sandbox-card", amount: "30" })
    ).json().data;
    await decide(action, "fail");
    expect((await player.invoices()).find((invoice) => invoice.id === invoiceId)?.status).toBe(3);
    expect(await player.balance()).toBe("0.00");
  });

  it("API-40 DP-06 DP-07 DP-08 each processing type answers what the client needs", async () => {
    const player = await depositor();
    const iframe = (await player.deposit({ method: "sandbox-embedded", amount: "20" })).json().data;
    expect(iframe.action).toMatch(/embed=1$/);
    const qr = (await player.deposit({ method: "sandbox-qr", amount: "20" })).json().data;
    expect(qr).toMatchObject({ action: null, qr: expect.stringContaining("/sandbox/payments/") });
    const message = (await player.deposit({ method: "sandbox-bank-transfer", amount: "50" })).json()
      .data;
    expect(message).toMatchObject({ action: null, qr: null, invoiceId: expect.any(String) });
    for (const answer of [iframe, qr, message]) {
      expect(Object.keys(answer).sort()).toEqual([
        "action",
        "address",
        "fields",
        "invoiceId",
        "qr",
        "tag",
      ]);
    }
  });

  it("API-43 the invoice list takes type, status[], currency and page filters and returns the invoice fields", async () => {
    const player = await depositor();
    const kept = (await player.deposit({ method: "sandbox-bank-transfer", amount: "60" })).json()
      .data;
    const goneResponse = await player.deposit({ method: "sandbox-bank-transfer", amount: "70" });
    expect(goneResponse.statusCode, goneResponse.body).toBe(201);
    const gone = goneResponse.json().data;
    await app.inject({
      method: "PUT",
      url: `/api/payment/invoices/${gone.invoiceId}/decline`,
      headers: player.headers,
    });
    const list = async (query: string) => {
      const response = await app.inject({
        url: `/api/payment/invoices?${query}`,
        headers: player.headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { data: Record<string, unknown>[]; meta: Record<string, number> };
    };
    const pending = await list("type=1&status[]=1&currency=EUR&page=1&perPage=10");
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0]).toMatchObject({
      id: kept.invoiceId,
      number: expect.any(String),
      type: 1,
      status: 1,
      amount: "60.00",
      currency: "EUR",
      createdAt: expect.any(String),
      publicData: { qr: null },
    });
    expect(pending.meta).toMatchObject({ page: 1, perPage: 10, total: 1 });
    expect((await list("status[]=4")).data.map((invoice) => invoice.id)).toEqual([gone.invoiceId]);
    expect((await list("type=2")).data).toEqual([]);
    expect((await list("currency=USD")).data).toEqual([]);
  });

  it("DP-09 DP-10 an async invoice gets its QR later, by a signed pending event", async () => {
    const player = await depositor();
    const { invoiceId, qr } = (
      await player.deposit({ method: "sandbox-invoice", amount: "15" })
    ).json().data;
    expect(qr).toBeNull();
    await vi.waitFor(
      async () => {
        const invoice = (await player.invoices()).find((item) => item.id === invoiceId);
        expect(invoice?.publicData.qr).toMatch(/\/sandbox\/payments\//);
      },
      { timeout: 10_000, interval: 100 },
    );
    const events = await app.testDb.query<{
      payload: { invoice: { status: number; publicData: { qr: string } } };
    }>("SELECT payload FROM event_outbox WHERE channel = $1", [
      paymentInvoicesChannel(player.profileId),
    ]);
    expect(events[0]?.payload.invoice).toMatchObject({
      status: 1,
      publicData: { qr: expect.any(String) },
    });
  });

  it("BE-25 ten concurrent replays, a stale, a tampered and an out-of-order delivery credit exactly once", async () => {
    const player = await depositor();
    const { invoiceId } = (
      await player.deposit({ method: "sandbox-bank-transfer", amount: "100" })
    ).json().data;
    const reference = await referenceOf(invoiceId);
    const succeeded = {
      id: `evt_${randomUUID()}`,
      type: "payment.succeeded",
      reference,
      amount: "10000",
      currency: "EUR",
      qr: null,
    };

    const stale = await delivery(succeeded, new Date(app.clock.now().getTime() - 10 * 60_000));
    expectErrorCode(stale, 401, ErrorCode.Unauthorized);
    const body = JSON.stringify(succeeded);
    const tampered = await app.inject({
      method: "POST",
      url: "/api/payment/webhooks/sandbox",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signWebhook(
          app.testConfig.secrets.webhookSecret,
          body,
          app.clock.now(),
        ),
      },
      payload: body.replace('"10000"', '"99999"'),
    });
    expectErrorCode(tampered, 401, ErrorCode.Unauthorized);
    expect(await player.balance()).toBe("0.00");

    const outcomes = await Promise.all(Array.from({ length: 10 }, () => delivery(succeeded)));
    const names = outcomes.map((response) => response.json().data.outcome).sort();
    expect(names).toEqual(["applied", ...Array(9).fill("duplicate")]);
    // A failure arriving after the success (out of order) changes nothing.
    const late = await delivery({
      ...succeeded,
      id: `evt_${randomUUID()}`,
      type: "payment.failed",
    });
    expect(late.json().data.outcome).toBe("ignored");
    expect(await player.balance()).toBe("100.00");
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("DP-08 the tester finds a message (bank transfer) payment on the sandbox's list and approves it", async () => {
    const player = await depositor();
    const { invoiceId } = (
      await player.deposit({ method: "sandbox-bank-transfer", amount: "75" })
    ).json().data;
    const reference = await referenceOf(invoiceId);
    const list = await app.inject({ url: "/sandbox/payments" });
    expect(list.body).toContain(`/sandbox/payments/${reference}`);
    expect(list.body).toContain("75.00 EUR (message)");
    await decide(`${app.testConfig.publicUrl}/sandbox/payments/${reference}`, "approve");
    expect(await player.balance()).toBe("75.00");
    expect((await app.inject({ url: "/sandbox/payments" })).body).not.toContain(reference);
  });

  it("BE-25 an event whose amount differs from the invoice is refused and credits nothing", async () => {
    const player = await depositor();
    const { invoiceId } = (
      await player.deposit({ method: "sandbox-bank-transfer", amount: "100" })
    ).json().data;
    const response = await delivery({
      id: `evt_${randomUUID()}`,
      type: "payment.succeeded",
      reference: await referenceOf(invoiceId),
      amount: "1000000",
      currency: "EUR",
    });
    expect(response.json().data.outcome).toBe("mismatch");
    expect(await player.balance()).toBe("0.00");
  });

  it("API-44 BE-27 a pending invoice can be declined; money that arrives anyway is still credited", async () => {
    const player = await depositor();
    const { invoiceId } = (
      await player.deposit({ method: "sandbox-bank-transfer", amount: "60" })
    ).json().data;
    const declined = await app.inject({
      method: "PUT",
      url: `/api/payment/invoices/${invoiceId}/decline`,
      headers: player.headers,
    });
    expect(declined.json().data.status).toBe(4);
    const again = await app.inject({
      method: "PUT",
      url: `/api/payment/invoices/${invoiceId}/decline`,
      headers: player.headers,
    });
    expectErrorCode(again, 422, ErrorCode.UnprocessableEntity);
    await delivery({
      id: `evt_${randomUUID()}`,
      type: "payment.succeeded",
      reference: await referenceOf(invoiceId),
      amount: "6000",
      currency: "EUR",
    });
    expect(await player.balance()).toBe("60.00");
  });

  it("BE-23 a retried request with the same Idempotency-Key returns the first invoice", async () => {
    const player = await depositor();
    const key = { "idempotency-key": randomUUID() };
    const first = await player.deposit({ method: "sandbox-card", amount: "20" }, key);
    const second = await player.deposit({ method: "sandbox-card", amount: "20" }, key);
    expect(second.json().data).toEqual(first.json().data);
    expect(await player.invoices()).toHaveLength(1);
  });

  it("BE-23 amounts outside min/max or malformed, unknown methods and foreign accounts get 422", async () => {
    const player = await depositor();
    for (const amount of ["5", "5000.01", "10.001", "1e3", "-20", "0", "abc", "", " 20", "20,50"]) {
      const response = await player.deposit({ method: "sandbox-card", amount });
      expectErrorCode(response, 422, ErrorCode.UnprocessableEntity);
      expect(Object.keys(expectErrorBody(response.json()).error.fields ?? {})).toEqual(["amount"]);
    }
    const unknown = await player.deposit({ method: "no-such-method", amount: "20" });
    expect(expectErrorBody(unknown.json()).error.fields).toHaveProperty("method");
    const other = await depositor();
    const foreign = await player.deposit({
      method: "sandbox-card",
      amount: "20",
      accountId: other.account.id,
    });
    expect(expectErrorBody(foreign.json()).error.fields).toHaveProperty("accountId");
    const extraField = await player.deposit({
      method: "sandbox-card",
      amount: "20",
      fields: { x: "1" },
    });
    expect(expectErrorBody(extraField.json()).error.fields).toHaveProperty(["fields.x"]);
    expect(await player.invoices()).toHaveLength(0);
  });

  it("DP-03 BE-23 a limited profile (status 2) cannot deposit", async () => {
    const player = await depositor();
    await app.testDb.query("UPDATE players SET status = 2 WHERE id = $1", [player.profileId]);
    const response = await player.deposit({ method: "sandbox-card", amount: "20" });
    expectErrorCode(response, 400, ErrorCode.ProfileLimited);
  });
});
