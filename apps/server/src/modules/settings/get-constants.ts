import type { Constants } from "@casino/contract/settings";
import type { SettingsRepository } from "./repository";

/** API-04: the global constants of spec section 3 assembled from their tables. */
export async function getConstants(repo: SettingsRepository): Promise<Constants> {
  const [timeZone, values] = await Promise.all([repo.listTimeZones(), repo.listConstantValues()]);
  const byEnumeration = new Map<string, { id: number; name: string }[]>();
  for (const value of values) {
    const list = byEnumeration.get(value.enumeration) ?? [];
    list.push({ id: value.id, name: value.name });
    byEnumeration.set(value.enumeration, list);
  }
  // A missing enumeration is an empty list rather than an error: the client copes with that.
  const get = (key: string) => byEnumeration.get(key) ?? [];
  return {
    player: {
      timeZone,
      playerStatuses: get("player.playerStatuses"),
      document: { status: get("player.document.status") },
    },
    payment: {
      invoiceStatuses: get("payment.invoiceStatuses"),
      invoiceTypes: get("payment.invoiceTypes"),
    },
    game: {
      bet: { status: get("game.bet.status") },
      playerBonus: {
        status: get("game.playerBonus.status"),
        result: get("game.playerBonus.result"),
      },
      playerFreespin: {
        status: get("game.playerFreespin.status"),
        result: get("game.playerFreespin.result"),
      },
    },
  };
}
