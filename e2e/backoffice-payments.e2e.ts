import { describe, expect, test } from "vitest";
import { ACCOUNT_ENV, PASSWORD, registerByApi, uniqueEmail } from "./support/accounts";
import { issueOperatorKey, newRootKey, openDesk, signInWithKey } from "./support/backoffice";
import { hydrated, useSite } from "./support/fixture";

const ROOT = newRootKey();
const site = useSite({ ...ACCOUNT_ENV, SANDBOX_PAYMENTS: "true", OPERATOR_API_TOKEN: ROOT });

const issueKey = (name: string, scopes: string[]) => issueOperatorKey(site, ROOT, name, scopes);

/** A public (or player) GET from a request country; the answer's JSON. */
async function getJson<T>(path: string, country: string, token?: string): Promise<T> {
  const response = await fetch(`${site.server.url}${path}`, {
    headers: {
      "x-test-country": country,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** The currency codes the site's sign-up form offers a visitor from Ireland. */
async function signUpCurrencies(): Promise<string[]> {
  const { page } = await site.open({ country: "IE" });
  await page.goto("/?sign-up=true");
  await hydrated(page);
  const currency = page
    .getByRole("dialog", { name: "Sign up" })
    .getByRole("combobox", { name: "Currency" });
  await currency.getByRole("option", { name: "EUR", exact: true }).waitFor({ state: "attached" });
  return currency.getByRole("option").allInnerTexts();
}

type Method = {
  method: string;
  amountMin: string;
  presets: { amount: string; default: boolean }[];
};

describe("back office: payments and countries", () => {
  test("a payments key raises the EUR minimum of a deposit method, fixes the presets the API refused, switches the method off, and keeps another out of two countries", async () => {
    const player = await registerByApi(site.server.url, uniqueEmail("methods"));
    const depositMethods = async () =>
      (
        await getJson<{ data: Method[] }>(
          "/api/payment/methods/deposit?currency=EUR",
          "DE",
          player.accessToken,
        )
      ).data;
    const card = (await depositMethods()).find((method) => method.method === "sandbox-card");
    expect(card?.amountMin).toBe("10.00");

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Pat, payments", ["payments"])).token);
    await openDesk(page, "Payments");
    await page
      .getByRole("region", { name: "Deposit methods" })
      .getByRole("link", { name: "Card (hosted page)" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Card (hosted page)" }).waitFor();

    const eur = page.getByRole("form", { name: "Limits in EUR" });
    expect(await eur.getByLabel("Minimum (EUR)").inputValue()).toBe("10.00");
    await eur.getByLabel("Minimum (EUR)").fill("25");
    await eur.getByRole("button", { name: "Save EUR" }).click();
    // The 20.00 preset is now below the minimum: the API's field problem shows by the form.
    await eur
      .getByRole("alert")
      .filter({ hasText: "presets.0.amount: Must be within amountMin and amountMax" })
      .waitFor();
    await eur.getByLabel("Preset amounts (EUR, separated by commas)").fill("25, 50, 100, 500");
    await eur.getByLabel("Default preset (EUR, optional)").fill("100");
    await eur.getByRole("button", { name: "Save EUR" }).click();
    await eur.getByRole("status").filter({ hasText: "Saved the limits in EUR." }).waitFor();
    const row = page
      .getByRole("region", { name: "Currencies" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "EUR" }) });
    await row.getByRole("cell", { name: "25.00 EUR" }).waitFor();
    await row.getByRole("cell", { name: "100.00 (default)" }).waitFor();

    const changed = (await depositMethods()).find((method) => method.method === "sandbox-card");
    expect(changed?.amountMin).toBe("25.00");
    expect(changed?.presets).toEqual([
      { amount: "25.00", default: false },
      { amount: "50.00", default: false },
      { amount: "100.00", default: true },
      { amount: "500.00", default: false },
    ]);

    await page
      .getByRole("form", { name: "Switch off Card (hosted page) (deposit)" })
      .getByRole("button", { name: "Switch off" })
      .click();
    await page.getByRole("form", { name: "Switch on Card (hosted page) (deposit)" }).waitFor();

    // QR payments: no longer offered to players in Germany or Austria.
    await page.getByRole("link", { name: "All currencies and methods" }).click();
    await page
      .getByRole("region", { name: "Deposit methods" })
      .getByRole("link", { name: "QR payment" })
      .click();
    const qr = page.getByRole("form", { name: "Edit QR payment" });
    await qr.getByLabel("Never in these countries (codes)").fill("de, at");
    await qr.getByRole("button", { name: "Save method" }).click();
    await qr.getByRole("status").filter({ hasText: "Saved QR payment." }).waitFor();
    await page.getByRole("definition").filter({ hasText: "DE, AT" }).waitFor();

    const left = (await depositMethods()).map((method) => method.method);
    expect(left).not.toContain("sandbox-card");
    expect(left).not.toContain("sandbox-qr");
    expect(left).toContain("sandbox-embedded");
  });

  test("a payments key takes CAD out of the pickers, then puts it back with a new rate", async () => {
    const visible = async () =>
      (
        await getJson<{ data: { code: string; rate: { rate: string } }[] }>(
          "/api/settings/currencies?visible=1",
          "DE",
        )
      ).data;
    expect((await visible()).map((currency) => currency.code)).toContain("CAD");

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Pat, payments", ["payments"])).token);
    await openDesk(page, "Payments");
    const currencies = page.getByRole("region", { name: "Currencies" });
    await currencies
      .getByRole("form", { name: "Switch off CAD in the pickers" })
      .getByRole("button", { name: "Switch off" })
      .click();
    await currencies.getByRole("form", { name: "Switch on CAD in the pickers" }).waitFor();
    expect((await visible()).map((currency) => currency.code)).not.toContain("CAD");

    await currencies.getByRole("link", { name: "CAD", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "CAD C$" }).waitFor();
    const edit = page.getByRole("form", { name: "Edit CAD" });
    expect(await edit.getByLabel("Rate: 1 CAD in USD").inputValue()).toBe("0.73");
    await edit.getByLabel("Rate: 1 CAD in USD").fill("0.7425");
    await edit.getByLabel("Offered in the sign-up and wallet pickers").check();
    await edit.getByRole("button", { name: "Save currency" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved CAD." }).waitFor();
    await page.getByText("1 CAD = 0.7425 USD").waitFor();

    const cad = (await visible()).find((currency) => currency.code === "CAD");
    expect(cad?.rate.rate).toBe("0.7425");
  });

  test("a payments key adds a currency switched off, gives a deposit method its limits from the currency's page, switches it on for players, then the method stops taking it", async () => {
    const player = await registerByApi(site.server.url, uniqueEmail("newcurrency"));
    const playerCall = (method: string, path: string, body?: unknown) =>
      fetch(`${site.server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${player.accessToken}`,
          "x-test-country": "DE",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    await playerCall("GET", "/api/wallet/accounts");
    const openAccount = () => playerCall("POST", "/api/wallet/accounts", { currency: "PEN" });
    expect((await openAccount()).status).toBe(422);

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Pat, payments", ["payments"])).token);
    await openDesk(page, "Payments");
    const create = page.getByRole("form", { name: "New currency" });
    await create.getByLabel("Code (like PEN)").fill("PEN");
    await create.getByLabel("Symbol").fill("S/");
    await create.getByLabel("Decimals").selectOption("2");
    await create.getByLabel("Rate: 1 unit in USD").fill("0.27");
    await create.getByRole("button", { name: "Add currency" }).click();
    await page.getByRole("heading", { level: 1, name: "PEN S/" }).waitFor();
    await page.getByText("No: no new accounts or deposits").waitFor();
    await page.getByText("No payment method takes PEN yet.").waitFor();
    // Visible in the pickers but switched off: the site's sign-up does not offer it.
    expect(await signUpCurrencies()).not.toContain("PEN");

    const add = page.getByRole("form", { name: "Add PEN to a method" });
    await add.getByLabel("Method").selectOption({ label: "Bank transfer (deposit)" });
    await add.getByLabel("Minimum (PEN)").fill("20");
    await add.getByLabel("Maximum (PEN)").fill("2000");
    await add.getByRole("button", { name: "Add PEN" }).click();
    await add
      .getByRole("status")
      .filter({ hasText: "Bank transfer (deposit) takes PEN now." })
      .waitFor();
    const taking = page
      .getByRole("region", { name: "Payment methods" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Bank transfer (deposit)" }) });
    await taking.getByRole("cell", { name: "20.00 PEN" }).waitFor();

    await page
      .getByRole("form", { name: "Switch on PEN" })
      .getByRole("button", { name: "Switch on" })
      .click();
    await page.getByRole("form", { name: "Switch off PEN" }).waitFor();

    expect(await signUpCurrencies()).toContain("PEN");
    const opened = await openAccount();
    expect(opened.status, await opened.clone().text()).toBe(201);
    const depositMethods = async () =>
      (
        (await (await playerCall("GET", "/api/payment/methods/deposit?currency=PEN")).json()) as {
          data: Method[];
        }
      ).data;
    expect(
      (await depositMethods()).find((method) => method.method === "sandbox-bank-transfer"),
    ).toMatchObject({
      amountMin: "20.00",
    });

    await taking.getByRole("link", { name: "Bank transfer (deposit)" }).click();
    await page.getByRole("heading", { level: 1, name: "Bank transfer" }).waitFor();
    await page
      .getByRole("form", { name: "Stop taking PEN" })
      .getByRole("button", { name: "Stop taking PEN" })
      .click();
    await page.getByRole("form", { name: "Limits in PEN" }).waitFor({ state: "detached" });
    expect((await depositMethods()).map((method) => method.method)).not.toContain(
      "sandbox-bank-transfer",
    );
  });

  test("a players key refuses sign-up from Austria and takes it out of the country picker, then opens it again", async () => {
    const register = (country: string) =>
      fetch(`${site.server.url}/api/player/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-test-country": country },
        body: JSON.stringify({
          email: uniqueEmail("austria"),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          country,
          currency: "EUR",
          agreements: "1",
          locale: "en",
        }),
      });
    const listed = async () =>
      (await getJson<{ data: { code: string }[] }>("/api/settings/countries", "AT")).data.map(
        (country) => country.code,
      );
    expect(await listed()).toContain("AT");

    const { page } = await site.open();
    await signInWithKey(page, (await issueKey("Ada, compliance", ["players"])).token);
    await openDesk(page, "Countries");
    await page.getByLabel("Name or code").fill("austria");
    await page.getByText(/^1 of \d+ countries$/).waitFor();
    await page.getByRole("link", { name: "Austria" }).click();
    await page.getByRole("heading", { level: 1, name: "Austria (AT)" }).waitFor();

    const edit = page.getByRole("form", { name: "Edit Austria" });
    await edit.getByLabel("Restriction").selectOption({ label: "No sign-in or sign-up" });
    await edit.getByLabel("Listed in the country pickers").uncheck();
    await edit.getByRole("button", { name: "Save country" }).click();
    await edit.getByRole("status").filter({ hasText: "Saved Austria." }).waitFor();

    const refused = await register("AT");
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(11010);
    expect(await listed()).not.toContain("AT");

    await page.getByRole("link", { name: "All countries" }).click();
    await page.getByLabel("Restriction").selectOption({ label: "No sign-in or sign-up" });
    const table = page.getByRole("table");
    await table.getByRole("rowheader", { name: "Austria AT" }).waitFor();
    await table.getByRole("rowheader", { name: "Cuba CU" }).waitFor();
    await table.getByRole("rowheader", { name: "Austria AT" }).getByRole("link").click();

    const reopen = page.getByRole("form", { name: "Edit Austria" });
    await reopen.getByLabel("Restriction").selectOption({ label: "Open" });
    await reopen.getByLabel("Listed in the country pickers").check();
    await reopen.getByRole("button", { name: "Save country" }).click();
    await reopen.getByRole("status").filter({ hasText: "Saved Austria." }).waitFor();
    expect((await register("AT")).status).toBe(201);
    expect(await listed()).toContain("AT");
  });
});
