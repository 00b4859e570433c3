import type { Locale } from "@casino/contract/settings";
import type { SettingsRepository } from "./repository";

/** API-02: the enabled locales; exactly one is the default. */
export async function listLocales(repo: SettingsRepository): Promise<Locale[]> {
  return repo.listLocales();
}

/** The default locale, falling back to the first (or en) if an operator cleared the flag. */
export async function defaultLocale(repo: SettingsRepository): Promise<string> {
  return pickDefaultLocale(await repo.listLocales());
}

export function pickDefaultLocale(locales: Locale[]): string {
  return (locales.find((locale) => locale.isDefault) ?? locales[0])?.code ?? "en";
}
