import {
  ConstantsResponse,
  CountryList,
  CurrencyList,
  LocaleList,
} from "@casino/contract/settings";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers";

describe("settings", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("API-01 currencies: every field of spec section 3, exact rates, BTC/ETH milli-units", async () => {
    const response = await app.inject({ url: "/api/settings/currencies?visible=1" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    const { data } = CurrencyList.parse(response.json());
    expect(data.length).toBeGreaterThan(10);
    for (const currency of data) {
      expect(Object.keys(currency).sort()).toEqual(
        [
          "code",
          "isBase",
          "isEnabled",
          "rate",
          "restrict",
          "restrictType",
          "subCurrencies",
          "subunitToUnit",
          "symbol",
          "type",
        ].sort(),
      );
      expect(currency.rate.rate).toMatch(/^\d+(\.\d+)?$/);
    }
    const byCode = new Map(data.map((currency) => [currency.code, currency]));
    expect(data.filter((currency) => currency.isBase).map((currency) => currency.code)).toEqual([
      "USD",
    ]);
    expect(byCode.get("USD")?.rate.rate).toBe("1");
    expect(byCode.get("EUR")).toMatchObject({
      type: "fiat",
      subunitToUnit: 100,
      rate: { rate: "1.08" },
    });
    expect(byCode.get("BTC")).toMatchObject({
      type: "crypto",
      subunitToUnit: 100_000_000,
      subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }],
    });
    expect(byCode.get("ETH")?.subCurrencies).toEqual([{ code: "mETH", subunitToUnit: 1000 }]);
    // Wei precision: 10^18 is past 2^53 but exact as a power of ten.
    expect(byCode.get("ETH")?.subunitToUnit).toBe(1e18);
    for (const code of ["BRL", "CAD", "USDT", "LTC"]) expect(byCode.has(code)).toBe(true);
  });

  it("API-01 BE-05 visible=1 leaves out currencies flagged not visible", async () => {
    const all = CurrencyList.parse((await app.inject({ url: "/api/settings/currencies" })).json());
    const visible = CurrencyList.parse(
      (await app.inject({ url: "/api/settings/currencies?visible=1" })).json(),
    );
    const allCodes = all.data.map((currency) => currency.code);
    const visibleCodes = visible.data.map((currency) => currency.code);
    expect(allCodes).toContain("XRP");
    expect(visibleCodes).not.toContain("XRP");
    expect(visibleCodes.length).toBeLessThan(allCodes.length);
    const explicitAll = await app.inject({ url: "/api/settings/currencies?visible=0" });
    expect(CurrencyList.parse(explicitAll.json()).data).toHaveLength(allCodes.length);
  });

  it("API-01 BE-05 a currency hidden by an operator's edit disappears from visible=1", async () => {
    await app.testDb.query("UPDATE currencies SET is_visible = false WHERE code = 'LTC'");
    try {
      const visible = CurrencyList.parse(
        (await app.inject({ url: "/api/settings/currencies?visible=1" })).json(),
      );
      expect(visible.data.map((currency) => currency.code)).not.toContain("LTC");
    } finally {
      await app.testDb.query("UPDATE currencies SET is_visible = true WHERE code = 'LTC'");
    }
  });

  it("API-02 locales: code, name and exactly one default (en)", async () => {
    const response = await app.inject({ url: "/api/settings/locales" });
    expect(response.statusCode).toBe(200);
    const { data } = LocaleList.parse(response.json());
    expect(data.map((locale) => locale.code)).toEqual(["en", "de", "pt-br"]);
    expect(data.filter((locale) => locale.isDefault).map((locale) => locale.code)).toEqual(["en"]);
    expect(data.find((locale) => locale.code === "pt-br")?.name).toBe("Português (Brasil)");
  });

  it("API-03 countries: code, name, locale, currency, phonePrefix, restrict, restrictType", async () => {
    const response = await app.inject({ url: "/api/settings/countries" });
    expect(response.statusCode).toBe(200);
    const { data } = CountryList.parse(response.json());
    expect(data.length).toBeGreaterThanOrEqual(30);
    const byCode = new Map(data.map((country) => [country.code, country]));
    expect(byCode.get("BR")).toEqual({
      code: "BR",
      name: "Brazil",
      locale: "pt-br",
      currency: "BRL",
      phonePrefix: "+55",
      restrict: false,
      restrictType: null,
    });
    expect(byCode.get("DE")).toMatchObject({ locale: "de", currency: "EUR", phonePrefix: "+49" });
    expect(byCode.get("BE")).toMatchObject({ restrict: true, restrictType: 1 });
    expect(byCode.get("CU")).toMatchObject({ restrict: true, restrictType: 2 });
    expect(byCode.get("KP")).toMatchObject({ restrict: true, restrictType: 2 });
    const names = data.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("CN-01 the country list leaves out US, UM, GB, FR, NL, AW, CW and MF (they stay stored)", async () => {
    const { data } = CountryList.parse(
      (await app.inject({ url: "/api/settings/countries" })).json(),
    );
    const codes = new Set(data.map((country) => country.code));
    for (const code of ["US", "UM", "GB", "FR", "NL", "AW", "CW", "MF"]) {
      expect(codes.has(code), code).toBe(false);
    }
    const stored = await app.testDb.query<{ code: string }>(
      "SELECT code FROM countries WHERE NOT is_listed ORDER BY code",
    );
    expect(stored.map((row) => row.code)).toEqual(["AW", "CW", "FR", "GB", "MF", "NL", "UM", "US"]);
  });

  it("CN-07 flag images are addressed by the lowercase country code", async () => {
    const flag = await app.inject({ url: "/images/flags/ie.svg" });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers["content-type"]).toContain("image/svg+xml");
    expect(flag.body).toContain("<svg");
    for (const file of ["IE.svg", "zz.svg", "ie.png", "..%2Fpackage.json"]) {
      expect([file, (await app.inject({ url: `/images/flags/${file}` })).statusCode]).toEqual([
        file,
        404,
      ]);
    }
  });

  it("API-04 constants: time zones and every enumeration of spec section 3", async () => {
    const response = await app.inject({ url: "/api/settings/constants" });
    expect(response.statusCode).toBe(200);
    const { data } = ConstantsResponse.parse(response.json());
    expect(data.player.timeZone.length).toBeGreaterThan(300);
    expect(data.player.timeZone[0]).toEqual({
      id: "UTC",
      name: "UTC (Coordinated Universal Time)",
    });
    expect(data.player.timeZone.find((zone) => zone.id === "Europe/Berlin")?.name).toMatch(
      /^Berlin \(/,
    );
    expect(data.player.playerStatuses).toContainEqual({ id: 2, name: "limited" });
    expect(data.player.playerStatuses.map((status) => status.name)).toContain("blocked");
    expect(data.player.document.status.length).toBeGreaterThan(0);
    expect(data.payment.invoiceStatuses.slice(0, 3)).toEqual([
      { id: 1, name: "pending" },
      { id: 2, name: "success" },
      { id: 3, name: "failure" },
    ]);
    expect(data.payment.invoiceTypes.map((type) => type.name)).toEqual(["deposit", "withdrawal"]);
    expect(data.game.bet.status.length).toBeGreaterThan(0);
    expect(data.game.playerBonus.status.map((status) => status.id)).toEqual([1, 2, 3]);
    expect(data.game.playerBonus.result.map((result) => `${result.id}:${result.name}`)).toEqual([
      "1:issued",
      "2:played",
      "3:canceled",
      "4:expired",
      "5:lost",
    ]);
    expect(data.game.playerFreespin.result.map((result) => result.name)).not.toContain("lost");
  });
});
