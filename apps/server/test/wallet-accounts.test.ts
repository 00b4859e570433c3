import { ErrorCode } from "@casino/contract/errors";
import { walletAccountsChannel } from "@casino/contract/wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postInTransaction } from "../src/modules/wallet/ledger";
import { walletRepository } from "../src/modules/wallet/repository";
import { expectErrorCode } from "./helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp();
});
afterAll(async () => app?.close());

type Account = {
  id: string;
  currency: string;
  status: number;
  balance: string;
  withdrawalBalance: string;
  bonusBalance: string;
  isHidden: boolean;
};

async function player(overrides: Record<string, unknown> = {}) {
  const { tokens } = await registerByEmail(app, overrides);
  const headers = bearer(tokens.accessToken);
  const list = async (): Promise<Account[]> => {
    const response = await app.inject({ url: "/api/wallet/accounts", headers });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  return { profileId: tokens.profileId, headers, list };
}

describe("wallet accounts (BE-21, WL-11…WL-13)", () => {
  it("API-35 BE-21 a new player's first account opens active in the registration currency, empty", async () => {
    const { list } = await player({ currency: "EUR" });
    expect(await list()).toEqual([
      {
        id: expect.any(String),
        currency: "EUR",
        status: 1,
        balance: "0.00",
        withdrawalBalance: "0.00",
        bonusBalance: "0.00",
        isHidden: false,
      },
    ]);
  });

  it("API-36 WL-11 POST opens another account (201), inactive; posting it again answers 200 with the same", async () => {
    const { headers, list } = await player({ currency: "EUR" });
    await list();
    const created = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "BTC" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      currency: "BTC",
      status: 2,
      balance: "0.00000000",
    });
    const again = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "BTC" },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(created.json().data.id);
    expect((await list()).map((account) => account.currency).sort()).toEqual(["BTC", "EUR"]);
  });

  it("API-37 WL-12 switching leaves exactly one active account and publishes the changes", async () => {
    const { headers, list, profileId } = await player({ currency: "EUR" });
    const [eur] = await list();
    const usd = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "USD" },
    });
    const usdId = usd.json().data.id;
    const switched = await app.inject({
      method: "PUT",
      url: `/api/wallet/accounts/${usdId}/switch`,
      headers,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ id: usdId, status: 1 });
    const accounts = await list();
    expect(accounts.filter((account) => account.status === 1).map((a) => a.id)).toEqual([usdId]);
    expect(accounts.find((account) => account.id === eur!.id)?.status).toBe(2);

    const events = await app.testDb.query<{ payload: { type: string; account: Account } }>(
      "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
      [walletAccountsChannel(profileId)],
    );
    expect(
      events.map((event) => `${event.payload.type}:${event.payload.account.currency}`),
    ).toEqual([
      "wallet.account.created:EUR",
      "wallet.account.created:USD",
      "wallet.account.updated:EUR",
      "wallet.account.updated:USD",
    ]);
  });

  it("WL-12 concurrent switches still leave exactly one active account", async () => {
    const { headers, list } = await player({ currency: "EUR" });
    await list();
    const ids: string[] = [];
    for (const currency of ["USD", "BTC", "ETH"]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/wallet/accounts",
        headers,
        payload: { currency },
      });
      ids.push(response.json().data.id);
    }
    const results = await Promise.all(
      [...ids, ...ids].map((id) =>
        app.inject({ method: "PUT", url: `/api/wallet/accounts/${id}/switch`, headers }),
      ),
    );
    expect(results.every((response) => response.statusCode === 200)).toBe(true);
    expect((await list()).filter((account) => account.status === 1)).toHaveLength(1);
  });

  it("API-38 WL-13 hides an inactive account; the active one cannot be hidden (422)", async () => {
    const { headers, list } = await player({ currency: "EUR" });
    const [eur] = await list();
    const usd = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "USD" },
    });
    const hidden = await app.inject({
      method: "PUT",
      url: `/api/wallet/accounts/${usd.json().data.id}/hide`,
      headers,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ currency: "USD", isHidden: true });
    const active = await app.inject({
      method: "PUT",
      url: `/api/wallet/accounts/${eur!.id}/hide`,
      headers,
    });
    expectErrorCode(active, 422, ErrorCode.UnprocessableEntity);
    // Opening it again shows it again.
    const reopened = await app.inject({
      method: "POST",
      url: "/api/wallet/accounts",
      headers,
      payload: { currency: "USD" },
    });
    expect(reopened.json().data).toMatchObject({ isHidden: false });
  });

  it("API-35 BE-21 balances come from the ledger: balance = real + bonus, withdrawalBalance = real", async () => {
    const { list, profileId } = await player({ currency: "EUR" });
    const [eur] = await list();
    const repo = walletRepository(app.testDb);
    const wallet = await repo.find(profileId, eur!.id);
    const deposits = await repo.houseAccount("deposits", "EUR");
    const bonuses = await repo.houseAccount("bonuses", "EUR");
    await postInTransaction(app.testDb, [
      {
        key: `deposit-${profileId}`,
        kind: "deposit",
        legs: [
          { account: deposits, currency: "EUR", amount: -12_345n },
          { account: wallet!.ledger.real, currency: "EUR", amount: 12_345n },
        ],
      },
      {
        key: `bonus-${profileId}`,
        kind: "bonus.grant",
        legs: [
          { account: bonuses, currency: "EUR", amount: -500n },
          { account: wallet!.ledger.bonus, currency: "EUR", amount: 500n },
        ],
      },
    ]);
    expect((await list())[0]).toMatchObject({
      balance: "128.45",
      withdrawalBalance: "123.45",
      bonusBalance: "5.00",
    });
  });

  it("answers 401 without a session, 404 for another player's account, 422 for bad input", async () => {
    const unauthenticated = await app.inject({ url: "/api/wallet/accounts" });
    expect(unauthenticated.statusCode).toBe(401);

    const alice = await player();
    const bob = await player();
    const [aliceAccount] = await alice.list();
    const foreign = await app.inject({
      method: "PUT",
      url: `/api/wallet/accounts/${aliceAccount!.id}/switch`,
      headers: bob.headers,
    });
    expectErrorCode(foreign, 404, ErrorCode.NotFound);

    for (const payload of [
      { currency: "XXX" },
      { currency: "eur" },
      {},
      { currency: "EUR", x: 1 },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/wallet/accounts",
        headers: bob.headers,
        payload,
      });
      expectErrorCode(response, 422, ErrorCode.UnprocessableEntity);
    }
    const badId = await app.inject({
      method: "PUT",
      url: "/api/wallet/accounts/not-a-uuid/switch",
      headers: bob.headers,
    });
    expectErrorCode(badId, 422, ErrorCode.UnprocessableEntity);
  });
});
