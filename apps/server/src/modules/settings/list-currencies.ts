import type { Currency } from "@casino/contract/settings";
import type { Queryable } from "../../infra/db";
import { type SettingsRepository, settingsRepository } from "./repository";

/** Each currency's minor units per major unit (subunit_to_unit) by code, switched-off ones too. */
export async function currencySubunits(db: Queryable): Promise<ReadonlyMap<string, number>> {
  const currencies = await settingsRepository(db).listCurrencies(false);
  return new Map(currencies.map((currency) => [currency.code, currency.subunitToUnit]));
}

/** API-01: the currencies, or with visible=1 only those flagged visible. */
export async function listCurrencies(
  repo: SettingsRepository,
  query: { visible?: "0" | "1" },
): Promise<Currency[]> {
  const currencies = await repo.listCurrencies(query.visible === "1");
  return currencies.map(({ isVisible: _isVisible, rate, ...currency }) => ({
    ...currency,
    rate: { rate },
  }));
}
