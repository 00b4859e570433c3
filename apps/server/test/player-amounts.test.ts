// Issue 31 items 3 and 6, the server's part: the deposit bonuses carry their bonus money and cap
// in the asked currency, converted as a grant converts them (a BTC wallet sees 0.00010309 BTC
// for a 10 USD cash bonus, never "10"), and the payment history names each method by its display
// name and logo rather than its internal key. Runs on PGlite and PostgreSQL.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DepositBonus } from "@casino/contract/bonus";
import type { Invoice } from "@casino/contract/payment";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../src/infra/migrate";
import { GAME_TEST_ENV } from "./game-helpers";
import { eurPlayer, fundedPlayer } from "./payment-helpers";
import { createPlayerTestApp, type PlayerTestApp } from "./player-helpers";

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp({ ...GAME_TEST_ENV, SANDBOX_PAYMENTS: "true" });
});
afterAll(async () => app?.close());

async function slugOf(id: number): Promise<string> {
  const [row] = await app.testDb.query<{ slug: string }>("SELECT slug FROM bonuses WHERE id = $1", [
    id,
  ]);
  return row!.slug;
}

async function offered(headers: Record<string, string>, currency: string) {
  const response = await app.inject({ url: `/api/game/bonuses?currency=${currency}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  const list = response.json().data as DepositBonus[];
  const bySlug = new Map<string, DepositBonus>();
  for (const bonus of list) bySlug.set(await slugOf(bonus.id), bonus);
  return bySlug;
}

describe("deposit bonus amounts in the asked currency (issue 31 item 3)", () => {
  it("BN-13 BN-14 API-57 the cash bonus and the percent cap are given in the wallet's currency, converted at the site's rates", async () => {
    const p = await eurPlayer(app);
    const eur = await offered(p.headers, "EUR");
    // The currency's own items, as configured.
    expect(eur.get("cash-10")).toMatchObject({ bonusAmount: "10.00", maxBonusAmount: null });
    expect(eur.get("welcome-1")).toMatchObject({ bonusAmount: null, maxBonusAmount: "200.00" });

    // BTC has no item of its own: the base-currency (USD) amounts at 1 BTC = 97000 USD, rounded
    // down as the grant rounds them: 10 / 97000 = 0.000103092… → 0.00010309.
    const btc = await offered(p.headers, "BTC");
    expect(btc.get("cash-10")).toMatchObject({ bonusAmount: "0.00010309", maxBonusAmount: null });
    expect(btc.get("welcome-1")).toMatchObject({
      bonusAmount: null,
      maxBonusAmount: "0.00206185",
      minDeposit: "0.00010309",
      maxDeposit: "0.05154639",
    });
    // The base currency's own amount as it stands.
    const usd = await offered(p.headers, "USD");
    expect(usd.get("cash-10")).toMatchObject({ bonusAmount: "10.00" });
  });
});

describe("bonus texts without bare amounts (issue 31 item 3)", () => {
  it("BN-13 the demo bonuses name no amount without its currency; migration 0093 renames older databases' seeded texts, never an operator's", async () => {
    const p = await eurPlayer(app);
    for (const bonus of (await offered(p.headers, "BTC")).values()) {
      expect(`${bonus.name} ${bonus.description}`).not.toMatch(/up to \d|^\d+ (cash|free)/);
    }
    const seeded = async (slug: string) =>
      (
        await app.testDb.query<{ name: string; description: string }>(
          "SELECT name, description FROM bonuses WHERE slug = $1",
          [slug],
        )
      )[0]!;
    const before = { welcome: await seeded("welcome-1"), cash: await seeded("cash-10") };
    // An older database: the old seeded texts, and one the operator renamed.
    await app.testDb.query(
      "UPDATE bonuses SET name = 'Welcome bonus: 100% up to 200', description = 'First deposit: 100% of it as a bonus, up to 200. Wager it 35 times.' WHERE slug = 'welcome-1'",
    );
    await app.testDb.query(
      "UPDATE bonuses SET name = 'Our ten', description = 'Deposit 50 or more and get 10 bonus money. Wager it 20 times.' WHERE slug = 'cash-10'",
    );
    const sql = await readFile(
      path.join(migrationsDir, "0093_bonus_texts_without_bare_amounts.sql"),
      "utf8",
    );
    await app.testDb.exec(sql);
    expect(await seeded("welcome-1")).toEqual(before.welcome);
    expect(await seeded("cash-10")).toEqual({
      name: "Our ten",
      description: before.cash.description,
    });
    await app.testDb.query("UPDATE bonuses SET name = $1 WHERE slug = 'cash-10'", [
      before.cash.name,
    ]);
  });
});

describe("payment history methods (issue 31 item 6)", () => {
  it("BE-27 PR-08 each invoice names its method's display name and logo, not its key", async () => {
    const player = await fundedPlayer(app, "100");
    const withdrawal = await player.withdraw({ amount: "20" });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const response = await app.inject({ url: "/api/payment/invoices", headers: player.headers });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data as Invoice[];
    const deposit = list.find((invoice) => invoice.type === 1);
    const payout = list.find((invoice) => invoice.type === 2);
    expect(deposit).toMatchObject({
      method: "sandbox-bank-transfer",
      methodTitle: "Bank transfer",
      methodLogo: "/images/payments/bank.svg",
    });
    expect(payout).toMatchObject({
      method: "sandbox-bank-payout",
      methodTitle: "Bank transfer",
      methodLogo: "/images/payments/bank.svg",
    });

    // A method the operator renamed shows its new name; one that is gone keeps its key.
    await app.testDb.query(
      "UPDATE payment_methods SET title = 'Bank payout' WHERE direction = 'withdrawal' AND method = 'sandbox-bank-payout'",
    );
    await app.testDb.query("UPDATE payment_invoices SET method = 'retired-method' WHERE id = $1", [
      deposit!.id,
    ]);
    const again = (
      await app.inject({ url: "/api/payment/invoices", headers: player.headers })
    ).json().data as Invoice[];
    expect(again.find((invoice) => invoice.type === 2)).toMatchObject({
      methodTitle: "Bank payout",
    });
    expect(again.find((invoice) => invoice.type === 1)).toMatchObject({
      method: "retired-method",
      methodTitle: "retired-method",
      methodLogo: null,
    });
    await app.testDb.query(
      "UPDATE payment_methods SET title = 'Bank transfer' WHERE direction = 'withdrawal' AND method = 'sandbox-bank-payout'",
    );
  });
});
