// Crypto address deposits and the sandbox chain watcher (issue 4 "Crypto", BE-23, BE-25, CR-03,
// CR-04, CR-06, DP-22): addresses per player, currency and network from the operator's public
// key, the tag network, crediting after the configured confirmations exactly once, reorgs, and
// the sandbox chain's API and page. docs/crypto-deposits.md describes the design.
import os from "node:os";
import path from "node:path";
import { paymentInvoicesChannel } from "@casino/contract/payment";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { CHAIN_NETWORKS } from "../src/modules/crypto/networks";
import { checkLedger } from "../src/modules/wallet/ledger-check";
import { type SeedMethod, xrpDepositMethod } from "../src/seed/payment-methods";
import { buildTestApp, expectErrorBody, expectErrorCode, testConfig } from "./helpers";
import {
  bearer,
  createPlayerTestApp,
  FAST_HASH_ENV,
  type PlayerTestApp,
  registerByEmail,
} from "./player-helpers";

const ENV = { CRYPTO_CONFIRMATIONS: "bitcoin=2,erc20=3,xrp=1" };
const METHOD = { BTC: "crypto-btc", ETH: "crypto-eth", XRP: "crypto-xrp" } as const;
const NETWORK = { BTC: "bitcoin", ETH: "erc20", XRP: "xrp" } as const;
type Coin = keyof typeof METHOD;

let app: PlayerTestApp;
beforeAll(async () => {
  app = await createPlayerTestApp(ENV);
  await insertMethod(xrpDepositMethod);
});
afterAll(async () => app?.close());

/** Operator data: a payment method as the seed would insert it. */
async function insertMethod(method: SeedMethod) {
  const [row] = await app.testDb.query<{ id: string }>(
    `INSERT INTO payment_methods (direction, method, title, type, processing_type, processor)
     VALUES ($1, $2, $3, $4, $5, 'sandbox') RETURNING id`,
    [method.direction, method.method, method.title, method.type, method.processingType],
  );
  for (const currency of method.currencies) {
    await app.testDb.query(
      `INSERT INTO payment_method_currencies (method_id, currency, amount_min, amount_max)
       VALUES ($1, $2, $3, $4)`,
      [row!.id, currency.currency, currency.min, currency.max],
    );
  }
  for (const [position, field] of (method.fields ?? []).entries()) {
    await app.testDb.query(
      `INSERT INTO payment_method_fields (method_id, key, position, labels, is_required,
         field_type, options)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row!.id,
        field.key,
        position,
        JSON.stringify(field.labels),
        field.isRequired ?? false,
        field.fieldType ?? "text",
        JSON.stringify(field.options ?? []),
      ],
    );
  }
}

interface DepositAnswer {
  invoiceId: string;
  action: string | null;
  qr: string | null;
  address: string;
  tag: string | null;
}

/** A signed-in player with a wallet account in `coin`. */
async function cryptoPlayer(coin: Coin, target: PlayerTestApp = app) {
  const { tokens } = await registerByEmail(target, { currency: "EUR" });
  const headers = bearer(tokens.accessToken) as Record<string, string>;
  const opened = await target.inject({
    method: "POST",
    url: "/api/wallet/accounts",
    headers,
    payload: { currency: coin },
  });
  expect(opened.statusCode).toBe(201);
  const accountId = opened.json().data.id as string;
  const deposit = (body: Record<string, unknown> = {}, fields?: Record<string, string>) =>
    target.inject({
      method: "POST",
      url: "/api/payment/invoices/deposit",
      headers,
      payload: {
        method: METHOD[coin],
        currency: coin,
        accountId,
        amount: "",
        fields: fields ?? { crypto_network: NETWORK[coin] },
        ...body,
      },
    });
  const address = async (body: Record<string, unknown> = {}) => {
    const response = await deposit(body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as DepositAnswer;
  };
  const account = async () => {
    const response = await target.inject({ url: "/api/wallet/accounts", headers });
    return (response.json().data as { id: string; balance: string }[]).find(
      (item) => item.id === accountId,
    )!;
  };
  const invoices = async () => {
    const response = await target.inject({ url: "/api/payment/invoices", headers });
    return response.json().data as { id: string; status: number; amount: string }[];
  };
  return { profileId: tokens.profileId, headers, accountId, deposit, address, account, invoices };
}

const chain = () => app.crypto.sandbox!;

async function events(profileId: string) {
  const rows = await app.testDb.query<{ payload: { type: string; invoice: { status: number } } }>(
    "SELECT payload FROM event_outbox WHERE channel = $1 ORDER BY id",
    [paymentInvoicesChannel(profileId)],
  );
  return rows.map((row) => `${row.payload.type}:${row.payload.invoice.status}`);
}

async function networkRegex(coin: Coin, headers: Record<string, string>): Promise<RegExp> {
  const response = await app.inject({
    url: `/api/payment/methods/deposit?currency=${coin}`,
    headers,
  });
  const method = (
    response.json().data as {
      method: string;
      fields: { key: string; options: { id: string; regex: string }[] }[];
    }[]
  ).find((item) => item.method === METHOD[coin]);
  const option = method?.fields
    .find((field) => field.key === "crypto_network")
    ?.options.find((item) => item.id === NETWORK[coin]);
  return new RegExp(option!.regex);
}

describe("crypto deposit addresses", () => {
  it("BE-23 CR-03 CR-06 a bitcoin deposit answers the player's bc1 address and opens a pending invoice", async () => {
    const player = await cryptoPlayer("BTC");
    const answer = await player.address({ amount: "0.001" });
    expect(answer.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(answer.address).toMatch(await networkRegex("BTC", player.headers));
    expect(answer).toMatchObject({ action: null, tag: null, qr: answer.address });
    expect(await player.invoices()).toEqual([
      expect.objectContaining({ id: answer.invoiceId, status: 1, amount: "0.00100000" }),
    ]);
  });

  it("BE-23 CR-04 asking again (network, bonus or decline changed) gives the same address and keeps one pending invoice", async () => {
    const player = await cryptoPlayer("BTC");
    const first = await player.address({ bonusId: 7 });
    const second = await player.address({ isBonusDecline: true });
    expect(second).toEqual(first);
    const invoices = await player.invoices();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 1, amount: "0.00010000" });
    const [stored] = await app.testDb.query<{ bonus_id: string | null; is_bonus_decline: boolean }>(
      "SELECT bonus_id, is_bonus_decline FROM payment_invoices WHERE id = $1",
      [first.invoiceId],
    );
    expect(stored).toEqual({ bonus_id: null, is_bonus_decline: true });
  });

  it("BE-23 ten concurrent first requests of one player get one address; other players never share it", async () => {
    const player = await cryptoPlayer("ETH");
    const answers = await Promise.all(Array.from({ length: 10 }, () => player.deposit()));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    const addresses = new Set(answers.map((answer) => answer.json().data.address as string));
    expect(addresses.size).toBe(1);
    const invoiceIds = new Set(answers.map((answer) => answer.json().data.invoiceId as string));
    expect(invoiceIds.size).toBe(1);

    const others = await Promise.all(Array.from({ length: 5 }, () => cryptoPlayer("ETH")));
    const theirs = await Promise.all(others.map((other) => other.address()));
    const all = new Set([...addresses, ...theirs.map((answer) => answer.address)]);
    expect(all.size).toBe(6);
    const rows = await app.testDb.query<{ allocation: string }>(
      "SELECT allocation FROM crypto_deposit_addresses WHERE network = 'erc20' ORDER BY allocation",
    );
    // Allocations are unique and gapless (wallets scan derived addresses up to a gap limit).
    expect(rows.map((row) => Number(row.allocation))).toEqual(rows.map((_row, index) => index));
  });

  it("BE-23 an ERC-20 address is EIP-55 checksummed and matches the network's regex", async () => {
    const player = await cryptoPlayer("ETH");
    const answer = await player.address({ amount: "0.01" });
    expect(answer.address).toMatch(await networkRegex("ETH", player.headers));
    expect(answer.address).not.toBe(answer.address.toLowerCase());
    expect(answer.tag).toBeNull();
  });

  it("BE-23 CR-06 a destination-tag network gives every player the shared address and a tag of their own", async () => {
    const one = await cryptoPlayer("XRP");
    const two = await cryptoPlayer("XRP");
    const first = await one.address();
    const second = await two.address();
    expect(first.address).toBe(second.address);
    expect(first.address).toMatch(await networkRegex("XRP", one.headers));
    expect(first.tag).toMatch(/^[1-9]\d*$/);
    expect(second.tag).toMatch(/^[1-9]\d*$/);
    expect(first.tag).not.toBe(second.tag);
    expect(await one.address()).toEqual(first);
  });

  it("BE-23 bad input answers 422 with error.fields", async () => {
    const player = await cryptoPlayer("BTC");
    const cases: [Record<string, unknown>, Record<string, string> | undefined, string][] = [
      [{}, {}, "fields.crypto_network"],
      [{}, { crypto_network: "erc20" }, "fields.crypto_network"],
      [{}, { crypto_network: "bitcoin", memo: "1" }, "fields.memo"],
      [{ amount: "abc" }, undefined, "amount"],
      [{ amount: "-1" }, undefined, "amount"],
      [{ amount: "1e3" }, undefined, "amount"],
      [{ amount: "0.000000001" }, undefined, "amount"],
      [{ amount: "0.00001" }, undefined, "amount"],
      [{ amount: "5" }, undefined, "amount"],
      [{ amount: 5 }, undefined, "amount"],
    ];
    for (const [body, fields, field] of cases) {
      const response = await player.deposit(body, fields);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(expectErrorBody(response.json()).error.fields ?? {})).toContain(field);
    }
    expect(await player.invoices()).toEqual([]);
  });

  it("BE-23 without a watched chain the network answers 503 (no address nobody watches)", async () => {
    const offline = await buildTestApp(
      app.testDb,
      {},
      {
        config: testConfig({
          ...FAST_HASH_ENV,
          ...ENV,
          SANDBOX_CHAIN: "false",
          JWT_SECRET: app.testConfig.secrets.jwtSecret,
        }),
        // The player's token was signed on the test clock: the other app reads the same clock.
        now: app.clock.now,
      },
    );
    try {
      const player = await cryptoPlayer("BTC");
      const response = await offline.inject({
        method: "POST",
        url: "/api/payment/invoices/deposit",
        headers: player.headers,
        payload: {
          method: METHOD.BTC,
          currency: "BTC",
          accountId: player.accountId,
          amount: "",
          fields: { crypto_network: "bitcoin" },
        },
      });
      expectErrorCode(response, 503, 503);
      expect((await offline.inject({ url: "/sandbox/chain" })).statusCode).toBe(404);
    } finally {
      await offline.close();
    }
  });

  it("configuration: private keys, unknown networks and the test keys on a real chain are refused", () => {
    const env = (extra: Record<string, string>) => ({
      NODE_ENV: "production",
      DATA_DIR: path.join(os.tmpdir(), "casino-crypto-config"),
      JWT_SECRET: "j".repeat(32),
      WEBHOOK_SECRET: "w".repeat(32),
      ...extra,
    });
    const load = (extra: Record<string, string>) =>
      loadConfig(env(extra), { persistSecrets: false });
    const bitcoin = CHAIN_NETWORKS.find((network) => network.id === "bitcoin")!;
    expect(() => load({ CRYPTO_XPUBS: `bitcoin=${bitcoin.devKey}` })).toThrow(/test mnemonic/);
    expect(
      load({ SANDBOX_CHAIN: "true", CRYPTO_XPUBS: `bitcoin=${bitcoin.devKey}` }).crypto,
    ).toMatchObject({ sandboxChain: true });
    const zprv =
      "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE";
    expect(() => load({ CRYPTO_XPUBS: `bitcoin=${zprv}` })).toThrow(/PRIVATE/);
    expect(() => load({ CRYPTO_XPUBS: "dogecoin=xpub123" })).toThrow(/unknown network dogecoin/);
    expect(() => load({ CRYPTO_CONFIRMATIONS: "bitcoin=0" })).toThrow(/CRYPTO_CONFIRMATIONS/);
    const production = load({});
    // Production: no sandbox chain and no keys, so crypto deposits are off until configured.
    expect(production.crypto).toEqual({
      sandboxChain: false,
      xpubs: {},
      confirmations: {},
      bitcoinNetwork: "mainnet",
    });
  });
});

describe("sandbox chain watcher", () => {
  it("BE-25 DP-22 a transfer is credited after the network's confirmations, not before, with what arrived", async () => {
    const player = await cryptoPlayer("BTC");
    const answer = await player.address({ amount: "0.001" });
    // Another amount than the invoice expected: the chain is the truth.
    const sent = await chain().send({
      network: "bitcoin",
      address: answer.address,
      amount: "0.0025",
    });
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ waiting: 1, credited: 0 });
    await chain().mine("bitcoin", 1);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ waiting: 1, credited: 0 });
    expect((await player.account()).balance).toBe("0.00000000");
    expect(await player.invoices()).toEqual([expect.objectContaining({ status: 1 })]);

    await chain().mine("bitcoin", 1);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ credited: 1 });
    expect((await player.account()).balance).toBe("0.00250000");
    expect(await player.invoices()).toEqual([
      expect.objectContaining({ id: answer.invoiceId, status: 2, amount: "0.00250000" }),
    ]);
    expect(await events(player.profileId)).toEqual(["invoice.deposit.updated:2"]);
    const [row] = await app.testDb.query<{ status: string; confirmations: number }>(
      "SELECT status, confirmations FROM crypto_chain_transfers WHERE txid = $1",
      [sent.txid],
    );
    expect(row).toEqual({ status: "credited", confirmations: 2 });
    // A later run, more blocks: nothing more.
    await chain().mine("bitcoin", 3);
    await app.crypto.watcher.runOnce();
    expect((await player.account()).balance).toBe("0.00250000");
    expect(await checkLedger(app.testDb)).toEqual([]);
    // The player's messenger (NT-07): one "Deposit received" with what arrived, not repeated.
    const messages = await app.inject({
      url: "/api/notification/messenger/messages",
      headers: player.headers,
    });
    expect(messages.json().data).toEqual([
      expect.objectContaining({ type: "deposit", params: { sum: "0.00250000 BTC" } }),
    ]);
  });

  it("BE-25 exactly once under 10 concurrent watchers (as ten nodes), with and without an invoice", async () => {
    const player = await cryptoPlayer("ETH");
    const { address } = await player.address();
    const transfers = [
      await chain().send({ network: "erc20", address, amount: "0.5" }),
      await chain().send({ network: "erc20", address: address.toLowerCase(), amount: "0.25" }),
      await chain().send({ network: "erc20", address, amount: "0.125" }),
    ];
    await chain().mine("erc20", 3);
    const watchers = Array.from({ length: 10 }, () => app.crypto.newWatcher());
    const summaries = await Promise.all(watchers.map((watcher) => watcher.runOnce()));
    expect(summaries.reduce((total, summary) => total + summary.credited, 0)).toBe(3);
    expect((await player.account()).balance).toBe("0.875000000000000000");
    const credits = await app.testDb.query<{ idempotency_key: string }>(
      "SELECT idempotency_key FROM ledger_transactions WHERE idempotency_key = ANY ($1::text[])",
      [transfers.map((transfer) => `crypto:erc20:${transfer.txid}:0`)],
    );
    expect(credits).toHaveLength(3);
    // The open invoice took one transfer; each of the others got a successful invoice of its own.
    const invoices = await player.invoices();
    expect(invoices.map((invoice) => invoice.status)).toEqual([2, 2, 2]);
    expect(invoices.map((invoice) => invoice.amount).sort()).toEqual([
      "0.125000000000000000",
      "0.250000000000000000",
      "0.500000000000000000",
    ]);
    expect(await checkLedger(app.testDb)).toEqual([]);
  });

  it("BE-25 a restart between seeing and crediting credits once", async () => {
    const player = await cryptoPlayer("BTC");
    const { address } = await player.address();
    await chain().send({ network: "bitcoin", address, amount: "0.01" });
    await chain().mine("bitcoin", 1);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ waiting: 1 });
    await chain().mine("bitcoin", 1);
    // A new process on the same database (the first one died after seeing the transfer).
    const restarted = await buildTestApp(app.testDb, {}, { config: app.testConfig });
    try {
      expect(await restarted.crypto.watcher.runOnce()).toMatchObject({ credited: 1 });
      expect(await app.crypto.watcher.runOnce()).toMatchObject({ credited: 0 });
    } finally {
      await restarted.close();
    }
    expect((await player.account()).balance).toBe("0.01000000");
  });

  it("BE-25 a transfer dropped (reorg) before its threshold credits nothing, even when mined again later", async () => {
    const player = await cryptoPlayer("BTC");
    const { address, invoiceId } = await player.address();
    const sent = await chain().send({ network: "bitcoin", address, amount: "0.02" });
    await chain().mine("bitcoin", 1);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ waiting: 1 });
    await chain().drop("bitcoin", sent.txid, 0);
    await chain().mine("bitcoin", 5);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ dropped: 1, credited: 0 });
    expect((await player.account()).balance).toBe("0.00000000");
    expect(await player.invoices()).toEqual([
      expect.objectContaining({ id: invoiceId, status: 1 }),
    ]);
    const [row] = await app.testDb.query<{ status: string }>(
      "SELECT status FROM crypto_chain_transfers WHERE txid = $1",
      [sent.txid],
    );
    expect(row?.status).toBe("dropped");
  });

  it("BE-25 BE-27 money sent after the player declined the invoice is credited; a reorg after the credit leaves it and is flagged", async () => {
    const player = await cryptoPlayer("BTC");
    const { address, invoiceId } = await player.address();
    const declined = await app.inject({
      method: "PUT",
      url: `/api/payment/invoices/${invoiceId}/decline`,
      headers: player.headers,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const sent = await chain().send({ network: "bitcoin", address, amount: "0.005" });
    await chain().mine("bitcoin", 2);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ credited: 1 });
    expect(await player.invoices()).toEqual([
      expect.objectContaining({ id: invoiceId, status: 2, amount: "0.00500000" }),
    ]);
    await chain().drop("bitcoin", sent.txid, 0);
    await app.crypto.watcher.runOnce();
    await app.crypto.watcher.runOnce();
    expect((await player.account()).balance).toBe("0.00500000");
    const [row] = await app.testDb.query<{ status: string; reason: string }>(
      "SELECT status, reason FROM crypto_chain_transfers WHERE txid = $1",
      [sent.txid],
    );
    expect(row).toEqual({ status: "credited", reason: "dropped_after_credit" });
    // The next address request opens a new pending invoice for the same address.
    const again = await player.address();
    expect(again.address).toBe(address);
    expect(again.invoiceId).not.toBe(invoiceId);
  });

  it("BE-25 a tag network credits by tag: the right player, and a missing or unknown tag is ignored", async () => {
    const one = await cryptoPlayer("XRP");
    const two = await cryptoPlayer("XRP");
    const first = await one.address();
    const second = await two.address();
    await chain().send({ network: "xrp", address: first.address, tag: second.tag, amount: "12" });
    await chain().send({ network: "xrp", address: first.address, amount: "3" });
    await chain().send({ network: "xrp", address: first.address, tag: "4000000000", amount: "4" });
    await chain().mine("xrp", 1);
    expect(await app.crypto.watcher.runOnce()).toMatchObject({ credited: 1, ignored: 2 });
    expect((await one.account()).balance).toBe("0.000000");
    expect((await two.account()).balance).toBe("12.000000");
  });

  it("BE-25 a transfer to an unknown address, or of another asset, is ignored and moves no money", async () => {
    const player = await cryptoPlayer("ETH");
    const { address } = await player.address();
    const before = await app.testDb.query("SELECT id FROM ledger_transactions");
    const stranger = await chain().send({
      network: "bitcoin",
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      amount: "1",
    });
    const token = await chain().send({ network: "erc20", address, currency: "USDT", amount: "10" });
    await chain().mine("bitcoin", 2);
    await chain().mine("erc20", 3);
    await app.crypto.watcher.runOnce();
    const rows = await app.testDb.query<{ txid: string; status: string; reason: string }>(
      "SELECT txid, status, reason FROM crypto_chain_transfers WHERE txid = ANY ($1::text[])",
      [[stranger.txid, token.txid]],
    );
    expect(
      Object.fromEntries(rows.map((row) => [row.txid, `${row.status}:${row.reason}`])),
    ).toEqual({
      [stranger.txid]: "ignored:unknown_destination",
      [token.txid]: "ignored:other_asset",
    });
    expect(await app.testDb.query("SELECT id FROM ledger_transactions")).toHaveLength(
      before.length,
    );
    expect((await player.account()).balance).toBe("0.000000000000000000");
  });
});

describe("sandbox chain API and dev page (npm run chain:send)", () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url, payload });

  it("BE-25 sending with confirmations mines, notifies the watcher and reports the credit", async () => {
    const player = await cryptoPlayer("BTC");
    const { address } = await player.address();
    const sent = await post("/sandbox/chain/transfers", {
      network: "bitcoin",
      address,
      amount: "0.003",
      confirmations: 2,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const data = sent.json().data;
    expect(data).toMatchObject({
      network: "bitcoin",
      vout: 0,
      currency: "BTC",
      amount: "0.00300000",
      confirmations: 2,
      requiredConfirmations: 2,
      platformStatus: "credited",
    });
    expect((await player.account()).balance).toBe("0.00300000");
    const status = await app.inject({ url: `/sandbox/chain/transfers/bitcoin/${data.txid}/0` });
    expect(status.json().data.platformStatus).toBe("credited");
  });

  it("BE-25 mining through the API adds confirmations until the credit", async () => {
    const player = await cryptoPlayer("ETH");
    const { address } = await player.address();
    const sent = (
      await post("/sandbox/chain/transfers", { network: "erc20", address, amount: "1" })
    ).json().data;
    expect(sent).toMatchObject({ confirmations: 0, platformStatus: "seen" });
    const mined = await post("/sandbox/chain/mine", { network: "erc20", blocks: 2 });
    expect(mined.statusCode).toBe(200);
    expect((await player.account()).balance).toBe("0.000000000000000000");
    await post("/sandbox/chain/mine", { network: "erc20" });
    expect((await player.account()).balance).toBe("1.000000000000000000");
  });

  it("BE-23 a wrong-network address, a tag where none exists and bad input answer 422", async () => {
    const eth = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
    const cases: [Record<string, unknown>, string][] = [
      [{ network: "bitcoin", address: eth, amount: "1" }, "address"],
      [
        { network: "erc20", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", amount: "1" },
        "address",
      ],
      [{ network: "erc20", address: eth.replace("E", "e"), amount: "1" }, "address"],
      [
        {
          network: "bitcoin",
          address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
          tag: "5",
          amount: "1",
        },
        "tag",
      ],
      [
        {
          network: "xrp",
          address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
          tag: "99999999999",
          amount: "1",
        },
        "tag",
      ],
      [{ network: "dogecoin", address: eth, amount: "1" }, "network"],
      [{ network: "erc20", address: eth, amount: "-1" }, "amount"],
      [{ network: "erc20", address: eth, amount: "0" }, "amount"],
      [{ network: "erc20", address: eth, amount: "1e18" }, "amount"],
      [{ network: "erc20", address: eth, amount: "1", currency: "EUR" }, "currency"],
      [{ network: "erc20", address: eth, amount: "1", extra: true }, "extra"],
      [{ network: "erc20", address: eth }, "amount"],
    ];
    for (const [payload, field] of cases) {
      const response = await post("/sandbox/chain/transfers", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const fields = expectErrorBody(response.json()).error.fields ?? {};
      expect(Object.keys(fields).join(","), JSON.stringify(payload)).toContain(field);
    }
    expect((await post("/sandbox/chain/mine", { network: "erc20", blocks: 0 })).statusCode).toBe(
      422,
    );
    const unknown = await app.inject({
      url: `/sandbox/chain/transfers/bitcoin/${"ab".repeat(32)}/0`,
    });
    expectErrorCode(unknown, 404, 404);
  });

  it("the dev page sends, mines and drops through its forms", async () => {
    const player = await cryptoPlayer("XRP");
    const { address, tag } = await player.address();
    const form = (fields: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/sandbox/chain",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
    const sent = await form({
      action: "send",
      network: "xrp",
      address,
      tag: tag!,
      amount: "2.5",
      currency: "",
      confirmations: "0",
    });
    expect(sent.statusCode).toBe(303);
    expect(decodeURIComponent(sent.headers.location as string)).toContain("Sent 2.500000 XRP");
    const page = await app.inject({ url: "/sandbox/chain" });
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Sandbox chain");
    expect(page.body).toContain(address);
    expect(page.body).toContain("0 / 1");
    expect((await form({ action: "mine", network: "xrp", blocks: "1" })).statusCode).toBe(303);
    expect((await player.account()).balance).toBe("2.500000");
    const refused = await form({ action: "send", network: "xrp", address: "nope", amount: "1" });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("Not a valid XRP Ledger address");
  });
});
