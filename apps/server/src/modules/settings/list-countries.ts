import type { Country } from "@casino/contract/settings";
import type { SettingsRepository } from "./repository";

/** API-03, CN-01: the listed countries; the ones of spec section 9 are stored unlisted. */
export async function listCountries(repo: SettingsRepository): Promise<Country[]> {
  return repo.listCountries(true);
}
