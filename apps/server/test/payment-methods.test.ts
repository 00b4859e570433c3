import { ErrorCode } from "@casino/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorBody } from "./helpers";
import { bearer, createPlayerTestApp, type PlayerTestApp, registerByEmail } from "./player-helpers";

let app: PlayerTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  app = await createPlayerTestApp({ COUNTRY_HEADER: "x-test-country" });
  const { tokens } = await registerByEmail(app);
  headers = bearer(tokens.accessToken) as Record<string, string>;
});
afterAll(async () => app?.close());

type Method = {
  method: string;
  type: string;
  processingType: string;
  amountMin: string;
  amountMax: string;
  presets: { amount: string; default: boolean }[];
  fields: { key: string; options: { id: string; regex: string; minAmount: string }[] }[];
};

async function methods(direction: string, query: string, country = "DE"): Promise<Method[]> {
  const response = await app.inject({
    url: `/api/payment/methods/${direction}?${query}`,
    headers: { ...headers, "x-test-country": country },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe("payment methods (BE-22, DP-01, WD-01)", () => {
  it("BE-22 deposit methods of a fiat currency cover every processing type, amounts in the currency", async () => {
    const list = await methods("deposit", "currency=EUR");
    expect(list.map((method) => method.processingType).sort()).toEqual(
      ["asyncRedirect", "form", "iframe", "message", "qr"].sort(),
    );
    const card = list.find((method) => method.method === "sandbox-card");
    expect(card).toMatchObject({
      amountMin: "10.00",
      amountMax: "5000.00",
      presets: [
        { amount: "20.00", default: false },
        { amount: "50.00", default: true },
        { amount: "100.00", default: false },
        { amount: "500.00", default: false },
      ],
    });
  });

  it("BE-22 a country-limited method shows only in its country, or for the chosen region (WL-23)", async () => {
    expect((await methods("deposit", "currency=BRL", "DE")).map((m) => m.method)).not.toContain(
      "pix",
    );
    expect((await methods("deposit", "currency=BRL", "BR")).map((m) => m.method)).toContain("pix");
    expect(
      (await methods("deposit", "currency=BRL&country=BR", "DE")).map((m) => m.method),
    ).toContain("pix");
  });

  it("BE-22 crypto methods carry networks with their own regex and range in the coin's units", async () => {
    const [payout] = await methods("withdrawal", "currency=BTC");
    expect(payout?.method).toBe("crypto-btc-payout");
    const network = payout?.fields.find((field) => field.key === "crypto_network")?.options[0];
    expect(network).toMatchObject({ id: "bitcoin", minAmount: "0.00010000" });
    expect(new RegExp(network!.regex).test("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(
      true,
    );
    expect(new RegExp(network!.regex).test("0x52908400098527886E0F7030069857D2E4169EE7")).toBe(
      false,
    );
  });

  it("API-39 API-41 deposit and withdrawal methods, fiat and crypto, carry every field of the method shape", async () => {
    const all = [
      ...(await methods("deposit", "currency=EUR")),
      ...(await methods("withdrawal", "currency=EUR")),
      ...(await methods("deposit", "currency=BTC")),
      ...(await methods("withdrawal", "currency=BTC")),
    ];
    expect(all.length).toBeGreaterThan(3);
    const methodKeys = ["action", "amountMax", "amountMin", "fields", "logo", "method"];
    const moreKeys = ["presets", "processingType", "title", "type"];
    const fieldKeys = ["fieldType", "hints", "isRequired", "key", "labels", "options"];
    for (const method of all as unknown as Record<string, unknown>[]) {
      expect(Object.keys(method).sort()).toEqual([...methodKeys, ...moreKeys]);
      expect(["form", "address"]).toContain(method.type);
      for (const field of method.fields as Record<string, unknown>[]) {
        expect(Object.keys(field).sort()).toEqual([...fieldKeys, "regexp", "value"]);
        for (const option of field.options as Record<string, unknown>[]) {
          expect(Object.keys(option).sort()).toEqual([
            "id",
            "maxAmount",
            "minAmount",
            "name",
            "regex",
          ]);
        }
      }
    }
    expect(all.some((method) => method.type === "address")).toBe(true);
  });

  it("answers 401 for guests and 422 for an unknown currency or bad query", async () => {
    const guest = await app.inject({ url: "/api/payment/methods/deposit?currency=EUR" });
    expect(guest.statusCode).toBe(401);
    for (const query of [
      "currency=XXX",
      "currency=eur",
      "",
      "currency=EUR&country=germany",
      "currency=EUR&x=1",
    ]) {
      const response = await app.inject({ url: `/api/payment/methods/deposit?${query}`, headers });
      expect(response.statusCode).toBe(422);
      expect(expectErrorBody(response.json()).error.code).toBe(ErrorCode.UnprocessableEntity);
    }
  });
});
