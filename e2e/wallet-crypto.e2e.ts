import { describe, expect, test } from "vitest";
import { useSite } from "./support/fixture";
import {
  networkField,
  openAccountByApi,
  openWallet,
  signedInPlayer,
  switchAccountByApi,
  WAIT,
  WALLET_ENV,
  waitForBalance,
} from "./support/wallet";

// The sandbox chain (dev page /sandbox/chain and its JSON API) watches the deposit addresses.
// Deposit bonuses start declined here (DP-14): the credited balance below is the transfer alone.
const site = useSite({ ...WALLET_ENV, SANDBOX_CHAIN: "true", DEPOSIT_DEFAULT_DECLINE: "true" });

const isDeposit = (url: string, method: string) =>
  method === "POST" && new URL(url).pathname === "/api/payment/invoices/deposit";

describe("crypto deposits", () => {
  test("CR-01 CR-02 CR-03 CR-06 WL-24 CN-02 a BTC deposit: network, warning, address with QR and copy, then a transfer on the sandbox chain is credited", async () => {
    const player = await signedInPlayer(site);
    const { page, context } = player;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: site.server.url,
    });
    const btc = await openAccountByApi(site.server.url, player.accessToken, "BTC");
    await switchAccountByApi(site.server.url, player.accessToken, btc.id);

    const request = page.waitForRequest((r) => isDeposit(r.url(), r.method()));
    const dialog = await openWallet(page);
    const network = dialog.getByRole("combobox", { name: "Network" });
    await network.waitFor(WAIT);
    expect(await network.getAttribute("name")).toBe("crypto_network");
    expect(await network.inputValue()).toBe("bitcoin");
    await dialog.getByText(/Send only BTC over the Bitcoin network/).waitFor(WAIT);
    expect((await request).postDataJSON()).toMatchObject({
      method: "crypto-btc",
      currency: "BTC",
      accountId: btc.id,
      fields: { crypto_network: "bitcoin" },
    });

    const addressBox = dialog.getByRole("textbox", { name: "Deposit address" });
    await addressBox.waitFor(WAIT);
    const address = await addressBox.inputValue();
    expect(address).toMatch(/^(bc1|tb1|bcrt1)/);
    await dialog.getByRole("img", { name: "Deposit address QR code" }).waitFor(WAIT);
    expect(await dialog.locator("[data-qr-payload]").getAttribute("data-qr-payload")).toBe(address);
    // CN-02: the QR is drawn and shown 176 px wide.
    const qr = dialog.locator("img[alt='Deposit address QR code']");
    await qr.waitFor(WAIT);
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>("img[alt='Deposit address QR code']")
          ?.naturalWidth ?? 0) > 0,
    );
    expect(
      await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.offsetWidth]),
    ).toEqual([176, 176]);

    await dialog.getByRole("button", { name: "Copy" }).click();
    await dialog.getByRole("button", { name: "Copied" }).waitFor(WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // The copied state lasts 2 s, then the button reads Copy again.
    await dialog.getByRole("button", { name: "Copy" }).waitFor(WAIT);

    const sent = await fetch(`${site.server.url}/sandbox/chain/transfers`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ network: "bitcoin", address, amount: "0.001", confirmations: 6 }),
    });
    expect(sent.status).toBe(201);
    const wallet = await openWallet(page);
    await waitForBalance(wallet, "1.00000 mBTC");
  });

  test("CR-04 CR-05 CR-06 a network change asks for the address again, debounced, and a destination tag is shown", async () => {
    const { page } = await signedInPlayer(site);
    // Two networks and a tag network are not in the demo data: the answers are forced.
    await page.route("**/api/payment/methods/deposit*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({
          data: [
            {
              method: "crypto-usdt",
              title: "Tether",
              type: "address",
              processingType: "form",
              logo: null,
              amountMin: "10.00",
              amountMax: "1000.00",
              presets: [],
              action: null,
              fields: [
                networkField([
                  { id: "trc20", name: "Tron (TRC-20)" },
                  { id: "erc20", name: "Ethereum (ERC-20)" },
                  { id: null, name: "Memo network" },
                ]),
              ],
            },
          ],
        }),
      }),
    );
    const bodies: { fields?: Record<string, string> }[] = [];
    await page.route("**/api/payment/invoices/deposit", (route) => {
      const body = route.request().postDataJSON() as { fields?: Record<string, string> };
      bodies.push(body);
      return route.fulfill({
        status: 201,
        contentType: "application/json",
        body: JSON.stringify({
          data: {
            invoiceId: `inv-${bodies.length}`,
            action: null,
            fields: {},
            qr: null,
            address: `ADDR-${body.fields?.crypto_network}`,
            tag: body.fields?.crypto_network === "network-3" ? "424242" : null,
          },
        }),
      });
    });
    const dialog = await openWallet(page);
    const addressBox = dialog.getByRole("textbox", { name: "Deposit address" });
    await addressBox.waitFor(WAIT);
    expect(await addressBox.inputValue()).toBe("ADDR-trc20");
    expect(bodies).toHaveLength(1);

    // Two changes in quick succession: one request, for the last network (a placeholder code).
    const network = dialog.getByRole("combobox", { name: "Network" });
    await network.selectOption("erc20");
    await network.selectOption("network-3");
    await page.waitForFunction(
      () =>
        (document.querySelector("input[name=address]") as HTMLInputElement | null)?.value ===
        "ADDR-network-3",
      undefined,
      WAIT,
    );
    expect(bodies.map((body) => body.fields?.crypto_network)).toEqual(["trc20", "network-3"]);
    expect(await dialog.getByRole("textbox", { name: "Destination tag" }).inputValue()).toBe(
      "424242",
    );
  });
});
