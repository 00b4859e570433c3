import type { PublicSettings } from "@casino/contract/init";
import {
  assemblePublicSettings,
  type PublicSettingValues,
  resolvePublicSettingValues,
} from "./public-settings";
import type { SettingsRepository } from "./repository";

/** BE-07: the site_settings rows with the deployment's environment overrides on top. */
export async function getPublicSettings(
  repo: SettingsRepository,
  overrides: PublicSettingValues,
  onInvalid?: (key: string) => void,
  /** settings.betting.gameId: the sportsbook's catalogue game, when the caller knows it. */
  bettingGameId?: Promise<number | null>,
): Promise<PublicSettings> {
  const [stored, gameId] = await Promise.all([repo.siteSettings(), bettingGameId ?? null]);
  return assemblePublicSettings(resolvePublicSettingValues(stored, overrides, onInvalid), gameId);
}
