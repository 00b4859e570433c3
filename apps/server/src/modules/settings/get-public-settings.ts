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
): Promise<PublicSettings> {
  const stored = await repo.siteSettings();
  return assemblePublicSettings(resolvePublicSettingValues(stored, overrides, onInvalid));
}
