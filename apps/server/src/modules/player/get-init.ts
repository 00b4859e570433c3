import type { InitResponse } from "@casino/contract/init";
import { getPublicSettings } from "../settings/get-public-settings";
import { defaultLocale } from "../settings/list-locales";
import type { PublicSettingValues } from "../settings/public-settings";
import type { SettingsRepository } from "../settings/repository";

/** API-05, BE-06, BE-07: what the client needs at start, for this request's country. */
export async function getInit(
  repo: SettingsRepository,
  input: {
    country: string | null;
    overrides: PublicSettingValues;
    onInvalidSetting?: (key: string) => void;
    /** The sportsbook's catalogue game (game/sportsbook-game.ts). */
    bettingGameId?: Promise<number | null>;
  },
): Promise<InitResponse> {
  const [settings, locale, country] = await Promise.all([
    getPublicSettings(repo, input.overrides, input.onInvalidSetting, input.bettingGameId),
    defaultLocale(repo),
    input.country ? repo.findCountry(input.country) : null,
  ]);
  return {
    country: input.country,
    countryRestriction: country
      ? { restrict: country.restrict, restrictType: country.restrictType }
      : null,
    settings,
    defaultLocale: locale,
  };
}
