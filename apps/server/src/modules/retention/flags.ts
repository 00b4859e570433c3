// The switches of spec §6 (SEC-04, QS-09, RT-29): quests and loyalty are on or off by the public
// settings (QUESTS_ENABLED, LOYALTY_ENABLED or the site_settings rows). Off: the routes answer
// 404 and the consumers earn nothing.
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { getPublicSettings } from "../settings/get-public-settings";
import { settingsRepository } from "../settings/repository";

export async function retentionFlags(
  db: Queryable,
  ctx: Pick<AppContext, "config">,
): Promise<{ quests: boolean; loyalty: boolean }> {
  const settings = await getPublicSettings(
    settingsRepository(db),
    ctx.config.publicSettingOverrides,
  );
  return { quests: settings.quests.enabled, loyalty: settings.loyalty.enabled };
}

/** 404 when the feature is switched off. */
export async function assertEnabled(
  ctx: Pick<AppContext, "config" | "db">,
  feature: "quests" | "loyalty",
): Promise<void> {
  if (!(await retentionFlags(ctx.db, ctx))[feature]) throw AppError.notFound();
}
