import { amountInputState, amountOnBlur, maskAmountInput } from "@casino/money/amount-input";
import { describe, expect, it } from "vitest";
import { CASH_AGENT_METHOD, fallbackIcon } from "./method-logo";
import {
  accountsOfTab,
  countryParam,
  defaultAmount,
  depositLimitReached,
  displayMoney,
  equivalentAmount,
  formatMoney,
  hasSubUnit,
  invoiceAlertKey,
  knownEquivalent,
  localized,
  methodBounds,
  networkCode,
  paymentRegion,
  presetsInRange,
  shortPlayerId,
  showsEquivalent,
  sortAccounts,
  turnOverProgress,
  visibleFields,
  withdrawBounds,
} from "./wallet-rules";
import type { MethodField } from "./wallet-types";

const EUR = {
  code: "EUR",
  type: "fiat" as const,
  subunitToUnit: 100,
  rate: { rate: "1.08" },
  subCurrencies: [],
};
const USD = { ...EUR, code: "USD", rate: { rate: "1" } };
const BTC = {
  code: "BTC",
  type: "crypto" as const,
  subunitToUnit: 100_000_000,
  rate: { rate: "97000" },
  subCurrencies: [{ code: "mBTC", subunitToUnit: 1000 }],
};

describe("wallet rules", () => {
  it("WL-07 the short player id is the first dash-separated segment, upper-case", () => {
    expect(shortPlayerId("9f1c6b3a-1111-2222-3333-444455556666")).toBe("9F1C6B3A");
    expect(shortPlayerId(null)).toBe("");
  });

  it("WL-10 accounts sort non-zero balances first, then alphabetically", () => {
    const sorted = sortAccounts([
      { currency: "USD", balance: "0.00" },
      { currency: "EUR", balance: "0.00" },
      { currency: "ETH", balance: "0.5" },
      { currency: "BTC", balance: "0.00000001" },
    ]);
    expect(sorted.map((a) => a.currency)).toEqual(["BTC", "ETH", "EUR", "USD"]);
  });

  it("WL-09 the crypto tab lists only crypto currencies", () => {
    const accounts = [{ currency: "EUR" }, { currency: "BTC" }];
    expect(accountsOfTab(accounts, "crypto", [EUR, BTC]).map((a) => a.currency)).toEqual(["BTC"]);
    expect(accountsOfTab(accounts, "all", [EUR, BTC])).toHaveLength(2);
  });

  it("WL-18 WL-19 equivalent at 2 decimals through the rates; BTC shown in mBTC", () => {
    expect(equivalentAmount("0.01", BTC, USD)).toBe("970.00");
    expect(equivalentAmount("0.00000333", BTC, EUR)).toBe("0.30"); // 0.32301 / 1.08 = 0.2990…
    expect(equivalentAmount("1", BTC, { ...USD, rate: { rate: "0" } })).toBeNull();
    expect(displayMoney("0.01234567", BTC, "BTC")).toEqual({ value: "12.34567", code: "mBTC" });
    expect(displayMoney("12.5", EUR, "EUR")).toEqual({ value: "12.50", code: "EUR" });
    expect(showsEquivalent(BTC)).toBe(true);
    expect(showsEquivalent(EUR)).toBe(false);
  });

  it("WL-19 one unit choice: BTC in mBTC by default or in whole BTC, always with its unit (issue 31)", () => {
    expect(formatMoney("0.00010309", BTC, "BTC")).toBe("0.10309 mBTC");
    expect(formatMoney("0.00010309", BTC, "BTC", "major")).toBe("0.00010309 BTC");
    // Currencies without sub-units are the same either way.
    expect(formatMoney("10", EUR, "EUR", "major")).toBe("10.00 EUR");
    expect(formatMoney("10", EUR, "EUR", "sub")).toBe("10.00 EUR");
    expect(hasSubUnit(BTC)).toBe(true);
    expect(hasSubUnit(EUR)).toBe(false);
  });

  it("WL-16 WL-17 the equivalent currency is USD unless a known one is stored", () => {
    expect(knownEquivalent(null, [EUR, USD])).toBe("USD");
    expect(knownEquivalent("EUR", [EUR, USD])).toBe("EUR");
    expect(knownEquivalent("XXX", [EUR, USD])).toBe("USD");
  });

  it("WR-01…WR-07 amount mask, clamp on blur and the clamped button amount", () => {
    const bounds = { min: 1000n, max: 500000n, subunitToUnit: 100 };
    expect(maskAmountInput("0012a.345", { maxFractionDigits: 2 })).toBe("12.34");
    expect(maskAmountInput("12345678901")).toHaveLength(10);
    expect(amountOnBlur("", bounds)).toBe("10");
    expect(amountOnBlur("5", bounds)).toBe("10");
    expect(amountOnBlur("9999", bounds)).toBe("5000");
    expect(amountOnBlur("25.5", bounds)).toBe("25.5");
    const state = amountInputState("9999", bounds);
    expect(state.inRange).toBe(false);
    expect(state.clamped).toBe(500000n);
  });

  it("WR-09 WR-10 presets within range; the default preset, else the minimum", () => {
    const method = { amountMin: "10.00", amountMax: "300.00" };
    const bounds = methodBounds(method, 100);
    const presets = [
      { amount: "5.00", default: false },
      { amount: "50.00", default: true },
      { amount: "500.00", default: false },
    ];
    expect(presetsInRange(presets, bounds).map((p) => p.amount)).toEqual(["50.00"]);
    expect(defaultAmount(presets, bounds)).toBe("50");
    expect(defaultAmount([{ amount: "500.00", default: true }], bounds)).toBe("10");
  });

  it("WR-11…WR-13 withdraw range: min, the network's max, the withdrawable balance", () => {
    const method = { amountMin: "20.00", amountMax: "10000.00" };
    expect(withdrawBounds(method, null, "150.00", 100)).toMatchObject({ min: 2000n, max: 15000n });
    expect(
      withdrawBounds(method, { minAmount: "30.00", maxAmount: "100.00" }, "150.00", 100),
    ).toMatchObject({ min: 3000n, max: 10000n });
  });

  it("WR-24 a network without an id gets a placeholder code", () => {
    expect(networkCode({ id: null, name: "Tron" }, 1)).toBe("network-2");
    expect(networkCode({ id: "erc20", name: "ERC-20" }, 0)).toBe("erc20");
  });

  it("method field labels by locale with en fallback", () => {
    expect(localized({ en: "Network", de: "Netzwerk" }, "de")).toBe("Netzwerk");
    expect(localized({ en: "Network", "pt-br": "Rede" }, "pt-br")).toBe("Rede");
    expect(localized({ en: "Network" }, "fr")).toBe("Network");
  });

  it("WR-19 WR-22 WR-23 prefilled valid fields hide unless configured; agentNumber always shows", () => {
    const field = (key: string, value: string | null): MethodField => ({
      key,
      labels: { en: key },
      hints: {},
      isRequired: true,
      regexp: null,
      fieldType: "text",
      value,
      options: [],
    });
    const fields = [
      field("phone", "+4915112345678"),
      field("agentNumber", "1"),
      field("iban", null),
    ];
    const valid = () => true;
    const keys = (list: MethodField[]) => list.map((f) => f.key);
    expect(
      keys(visibleFields(fields, valid, { showFilledFields: false, direction: "deposit" })),
    ).toEqual(["agentNumber", "iban"]);
    expect(
      keys(visibleFields(fields, valid, { showFilledFields: true, direction: "deposit" })),
    ).toEqual(["phone", "agentNumber", "iban"]);
    expect(
      keys(
        visibleFields(fields, valid, {
          showFilledFields: false,
          withdrawShowAllFields: true,
          direction: "withdrawal",
        }),
      ),
    ).toEqual(["phone", "agentNumber", "iban"]);
    expect(
      keys(visibleFields(fields, () => false, { showFilledFields: false, direction: "deposit" })),
    ).toEqual(["phone", "agentNumber", "iban"]);
  });

  it("WL-22 WL-23 region: stored choice, else request country; country sent only when different", () => {
    expect(paymentRegion("BR", "DE")).toBe("BR");
    expect(paymentRegion(null, "DE")).toBe("DE");
    expect(paymentRegion(null, null)).toBeNull();
    expect(paymentRegion(null, null, "DE")).toBe("DE");
    expect(paymentRegion(null, "BR", "DE")).toBe("BR");
    expect(paymentRegion("PT", null, "DE")).toBe("PT");
    expect(countryParam("DE", "DE")).toBeUndefined();
    expect(countryParam("BR", "DE")).toBe("BR");
  });

  it("RTM-11 DP-22 WD-07 only invoice status 2 and 3 raise alerts", () => {
    expect(invoiceAlertKey("invoice.deposit.updated", 1)).toBeNull();
    expect(invoiceAlertKey("invoice.deposit.updated", 2)).toBe("depositSuccess");
    expect(invoiceAlertKey("invoice.deposit.updated", 3)).toBe("depositError");
    expect(invoiceAlertKey("invoice.deposit.updated", 4)).toBeNull();
    expect(invoiceAlertKey("invoice.withdrawal.updated", 2)).toBe("withdrawSuccess");
    expect(invoiceAlertKey("invoice.withdrawal.updated", 3)).toBe("withdrawError");
  });

  it("WR-26 turn-over progress at 2 decimals", () => {
    expect(turnOverProgress("1", "3")).toBe("33.33");
    expect(turnOverProgress("2", "3")).toBe("66.67");
    expect(turnOverProgress("5", "0")).toBe("100.00");
  });

  it("deposit-limit notice: a used-up deposit limit in the currency, or a cooling-off", () => {
    const limit = { definition: 3, currency: "EUR", amount: "100.00", currentAmount: "100.00" };
    expect(depositLimitReached([limit], "EUR", 100)).toBe(true);
    expect(depositLimitReached([{ ...limit, currentAmount: "99.99" }], "EUR", 100)).toBe(false);
    expect(depositLimitReached([limit], "USD", 100)).toBe(false);
    expect(depositLimitReached([{ definition: 5 }], "USD", 100)).toBe(true);
  });
});

describe("method icons without a logo", () => {
  it("CN-06 the cash agent has its own icon; others go by crypto currency or fiat", () => {
    const euro = { code: "EUR", type: "fiat" as const };
    const bitcoin = { code: "BTC", type: "crypto" as const };
    expect(fallbackIcon({ method: CASH_AGENT_METHOD }, euro)).toEqual({
      icon: "cash-agent",
      text: "",
    });
    expect(fallbackIcon({ method: CASH_AGENT_METHOD }, bitcoin).icon).toBe("cash-agent");
    expect(fallbackIcon({ method: "crypto-btc-payout" }, bitcoin)).toEqual({
      icon: "currency",
      text: "BTC",
    });
    expect(fallbackIcon({ method: "sandbox-bank-payout" }, euro)).toEqual({
      icon: "fiat",
      text: "▭",
    });
  });
});
