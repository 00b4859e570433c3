import type { Currency } from "@casino/contract/settings";
import type { SettingsRepository } from "./repository";

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
