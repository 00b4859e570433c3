import { ErrorCode } from "@casino/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { expectErrorBody, testDbKind } from "./helpers";
import {
  sandboxDecision as decide,
  fundedPlayer as fundedPlayerOf,
  IBAN,
  referenceOf as invoiceReference,
  sandboxDeposit,
} from "./payment-helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

const fundedPlayer = (amount: string) => fundedPlayerOf(app, amount);
const referenceOf = (invoiceId: string) => invoiceReference(app, invoiceId);
const sandboxDecision = (reference: string, decision: "approve" | "fail") =>
  decide(app, reference, decision);

describe("withdrawals (BE-26, WD-02)", () => {
  it("API-42 API-45 BE-26 BE-27 PR-08 a withdrawal sets the funds aside at once and pays them out on the processor's success; statistics add up", async () => {
    const player = await fundedPlayer("100");
    expect(await player.wallet()).toMatchObject({ balance: "100.00", withdrawalBalance: "100.00" });
    const response = await player.withdraw({ amount: "40" });
    expect(response.statusCode).toBe(201);
    const { invoiceId } = response.json().data;
    expect(await player.wallet()).toMatchObject({ balance: "60.00", withdrawalBalance: "60.00" });
    expect(await player.status(invoiceId)).toBe(1);

    const page = await app.inject({ url: `/sandbox/payments/${await referenceOf(invoiceId)}` });
    expect(page.body).toContain("Approve payout");
    await sandboxDecision(await referenceOf(invoiceId), "approve");
    expect(await player.status(invoiceId)).toBe(2);
    expect(await player.wallet()).toMatchObject({ balance: "60.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);

    const statistics = await app.inject({
      url: "/api/payment/invoices/statistics",
      headers: player.headers,
    });
    expect(statistics.json().data).toEqual([
      {
        currency: "EUR",
        depositCount: 1,
        depositTotal: "100.00",
        withdrawalCount: 1,
        withdrawalTotal: "40.00",
        pendingWithdrawalTotal: "0.00",
      },
    ]);
  });

  it("BE-26 a failed payout returns the funds", async () => {
    const player = await fundedPlayer("100");
    const { invoiceId } = (await player.withdraw({ amount: "70" })).json().data;
    await sandboxDecision(await referenceOf(invoiceId), "fail");
    expect(await player.status(invoiceId)).toBe(3);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "100.00" });
  });

  it("API-44 BE-27 declining a pending withdrawal cancels the payout and returns the funds", async () => {
    const player = await fundedPlayer("100");
    const { invoiceId } = (await player.withdraw({ amount: "30" })).json().data;
    const declined = await app.inject({
      method: "PUT",
      url: `/api/payment/invoices/${invoiceId}/decline`,
      headers: player.headers,
    });
    expect(declined.json().data.status).toBe(4);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "100.00" });
    // The tester's late approval on the sandbox page finds the payout cancelled.
    await sandboxDecision(await referenceOf(invoiceId), "approve");
    expect(await player.status(invoiceId)).toBe(4);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "100.00" });
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  // Issue 4: 200 rounds on PostgreSQL (20 on the single-connection embedded database, where
  // requests cannot overlap inside the database anyway).
  const ROUNDS = testDbKind() === "pg" ? 200 : 20;
  it(`BE-26 50 concurrent withdrawals of the whole balance, ${ROUNDS} rounds: exactly one is accepted each round, no overdraft`, {
    timeout: 600_000,
  }, async () => {
    const player = await fundedPlayer("100");
    let accepted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        await sandboxDeposit(app, player, "100");
      }
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => player.withdraw({ amount: "100" })),
      );
      const winners = responses.filter((response) => response.statusCode === 201);
      expect(winners).toHaveLength(1);
      accepted += winners.length;
      for (const response of responses.filter((item) => item.statusCode !== 201)) {
        expect(response.statusCode).toBe(422);
        expect(expectErrorBody(response.json()).error.fields).toHaveProperty("amount");
      }
      expect(await player.wallet()).toMatchObject({ balance: "0.00", withdrawalBalance: "0.00" });
      // Paid out, so the next round starts from a fresh deposit of exactly one withdrawal.
      await sandboxDecision(await referenceOf(winners[0]!.json().data.invoiceId), "approve");
    }
    expect(accepted).toBe(ROUNDS);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("API-42 WR-13 WR-14 WR-16 more than the withdrawable balance, or bad method fields, get 422", async () => {
    const player = await fundedPlayer("50");
    const tooMuch = await player.withdraw({ amount: "50.01" });
    expect(expectErrorBody(tooMuch.json()).error.fields).toHaveProperty("amount");
    const badIban = await player.withdraw({
      amount: "20",
      fields: { ...IBAN, iban: "not an iban" },
    });
    expect(badIban.statusCode).toBe(422);
    expect(expectErrorBody(badIban.json()).error.fields).toHaveProperty(["fields.iban"]);
    const missing = await player.withdraw({ amount: "20", fields: { iban: IBAN.iban } });
    expect(expectErrorBody(missing.json()).error.fields).toHaveProperty(["fields.accountHolder"]);
    expect(await player.wallet()).toMatchObject({ withdrawalBalance: "50.00" });
  });

  it("WR-17 WD-08 a crypto payout checks wallet_id against the chosen network", async () => {
    const { tokens } = await registerByEmail(app, { currency: "EUR" });
    const headers = bearer(tokens.accessToken) as Record<string, string>;
    const btc = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "BTC" },
    });
    const send = (fields: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/api/payment/invoices/withdrawal",
        headers,
        payload: {
          method: "crypto-btc-payout",
          currency: "BTC",
          amount: "0.001",
          accountId: btc.json().data.id,
          fields,
        },
      });
    const wrongNetwork = await send({ crypto_network: "tron", wallet_id: "bc1qxyz" });
    expect(expectErrorBody(wrongNetwork.json()).error.fields).toHaveProperty([
      "fields.crypto_network",
    ]);
    const ethAddress = await send({
      crypto_network: "bitcoin",
      wallet_id: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    expect(expectErrorBody(ethAddress.json()).error.fields).toHaveProperty(["fields.wallet_id"]);
    // A valid request still fails on the (empty) balance, not on the fields.
    const empty = await send({
      crypto_network: "bitcoin",
      wallet_id: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    expect(Object.keys(expectErrorBody(empty.json()).error.fields ?? {})).toEqual(["amount"]);
    expect(empty.json().error.code).toBe(ErrorCode.UnprocessableEntity);
  });
});
