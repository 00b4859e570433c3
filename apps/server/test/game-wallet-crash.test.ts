// Crash tests of the provider wallet's batches (modules/game/wallet-batch.ts): a real server is
// killed with SIGKILL while a batch of bets of several players is in its transaction, and again
// right after the commit before any answer went out. After each crash the ledger is balanced;
// the studio's retries with the same transaction ids are applied once: a bet the crash rolled
// back is taken on the retry, a committed one answers with its first answer (replay).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SIGNATURE_HEADER,
  signProviderRequest,
  TIMESTAMP_HEADER,
} from "../src/modules/game/provider-signature";
import {
  type CrashHarness,
  crashHarness,
  eventually,
  httpClient,
  sandboxDecide,
} from "./crash-helpers";
import { TEST_PROVIDER, TEST_PROVIDER_SECRET } from "./game-helpers";
import { registrationBody } from "./player-helpers";

let harness: CrashHarness;
beforeAll(async () => {
  harness = await crashHarness({
    GAME_PROVIDER_SECRETS: `${TEST_PROVIDER}=${TEST_PROVIDER_SECRET}`,
  });
});
afterAll(async () => harness?.cleanUp());

type WalletData = { balance: string; replay: boolean };

/** A signed provider wallet call, as a studio sends it. */
async function providerCall(action: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${harness.url()}/api/game/wallet/${TEST_PROVIDER}/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signProviderRequest(TEST_PROVIDER_SECRET, timestamp, raw),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { data: WalletData } };
}

/** A registered player with 100.00 deposited through the sandbox processor and a game session. */
async function player() {
  const registered = await fetch(`${harness.url()}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(registrationBody()),
  });
  expect(registered.status).toBe(201);
  const { accessToken } = ((await registered.json()) as { data: { accessToken: string } }).data;
  const api = httpClient(harness.url, accessToken);
  const accounts = () => api.call<{ id: string; balance: string }[]>("GET", "/api/wallet/accounts");
  const account = (await accounts()).body.data[0]!;
  const deposit = await api.call(
    "POST",
    "/api/payment/invoices/deposit",
    { method: "sandbox-card", currency: "EUR", amount: "100", accountId: account.id },
    `deposit-${account.id}`,
  );
  expect(deposit.status).toBe(201);
  const reference = new URL(deposit.body.data.action!).pathname.split("/").pop()!;
  await sandboxDecide(harness.url(), reference, "approve");
  const funded = async () => (await accounts()).body.data[0]!.balance;
  expect(await eventually(funded, (balance) => balance === "100.00")).toBe("100.00");
  const launch = await api.call<{ token: string }>("POST", "/api/game/games/gold-rush/play", {
    mode: "real",
  });
  expect(launch.status).toBe(200);
  return { token: launch.body.data.token };
}

describe("crashes in the middle of provider wallet batches", () => {
  it("BE-32 killed before and after a batch's commit: the ledger stays balanced and every retried bet moves money once", {
    timeout: 300_000,
  }, async () => {
    const { start, crashOn, ledgerProblems } = harness;
    let running = await start();
    const players = [await player(), await player(), await player()];
    const bets = players.map((p, index) => ({
      token: p.token,
      transactionId: `crash-bet-${index}-${p.token.slice(0, 8)}`,
      roundId: `crash-round-${index}-${p.token.slice(0, 8)}`,
      amount: `${index + 1}.00`,
      currency: "EUR",
    }));
    const sendAll = () => Promise.all(bets.map((bet) => providerCall("bet", bet)));
    const balances = () =>
      Promise.all(
        players.map(async (p) => {
          const answer = await providerCall("balance", { token: p.token });
          expect(answer.status).toBe(200);
          return answer.body.data.balance;
        }),
      );
    await running.stop();

    // 1. Killed with the batch written and not committed: nothing of it stays.
    running = await start(["game.batch-written"]);
    await crashOn(running, sendAll);
    expect(await ledgerProblems()).toEqual([]);

    // 2. Killed after a batch committed, before any answer.
    running = await start(["game.batch-committed"]);
    await crashOn(running, sendAll);
    expect(await ledgerProblems()).toEqual([]);

    // 3. The studio retries: the committed bets answer with their first answer, the others are
    //    taken now; a second retry replays all. Each stake left each balance once.
    running = await start();
    const retried = await sendAll();
    for (const answer of retried) expect(answer.status).toBe(200);
    expect(retried.some((answer) => answer.body.data.replay)).toBe(true);
    const expected = ["99.00", "98.00", "97.00"];
    expect(retried.map((answer) => answer.body.data.balance)).toEqual(expected);
    const again = await sendAll();
    expect(again.map((answer) => answer.body.data)).toEqual(
      expected.map((balance) => expect.objectContaining({ balance, replay: true })),
    );
    expect(await balances()).toEqual(expected);
    await running.stop();
    expect(await ledgerProblems()).toEqual([]);
    const db = await harness.openDb();
    try {
      const [bets] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'game.bet'",
      );
      expect(bets!.n).toBe(3);
    } finally {
      await db.close();
    }
  });
});
