// GET /api/player/limits (LM-01, BE-34): the player's cash limits with what they used in the
// current period, and the self-exclusion or cooling-off in force. Blocks that have ended are not
// listed (the wallet's limit notice shows for any listed cooling-off, LM-08).
import type { PlayerLimit } from "@casino/contract/limits";
import type { AppContext } from "../../context";
import { currencySubunits } from "../settings/list-currencies";
import {
  currencyRates,
  depositLimitsCountAll,
  playerTimeZone,
  toPlayerLimit,
  usageOf,
} from "./limit-usage";
import { limitsRepository } from "./limits-repository";

export async function listLimits(ctx: AppContext, playerId: string): Promise<PlayerLimit[]> {
  const now = ctx.now();
  const limits = await limitsRepository(ctx.db).listCurrent(playerId, now);
  if (limits.length === 0) return [];
  const timeZone = await playerTimeZone(ctx.db, playerId);
  const subunits = await currencySubunits(ctx.db);
  const allCurrencies = await depositLimitsCountAll(ctx);
  const rates = allCurrencies ? await currencyRates(ctx.db) : undefined;
  const views: PlayerLimit[] = [];
  for (const limit of limits) {
    const usage = await usageOf(ctx.db, limit, { now, timeZone, allCurrencies, rates });
    views.push(toPlayerLimit(limit, usage, subunits, now));
  }
  return views;
}
