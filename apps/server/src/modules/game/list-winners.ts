import { maskNickname } from "@casino/contract/nickname";
import { formatAmount } from "@casino/money/format";
import type { Queryable } from "../../infra/db";
import { subunitOf } from "./provider-wallet";
import type { GameCatalogueRepository } from "./repository";

/**
 * "Adam" → "A**m", an e-mail's local part likewise: winners are shown, never identified. Cut by
 * grapheme, so an emoji of an older nickname is never split in half (issue 31 item 9).
 */
export const maskName = maskNickname;

const TTL_MS = 5_000;

/** GM-10: the latest 20 wins, cached for five seconds per process. */
export function winnersLister(db: Queryable, repo: GameCatalogueRepository) {
  let cached: { at: number; value: Promise<unknown[]> } | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
    const value = (async () => {
      const rows = await repo.listWinners(20);
      const out = [];
      for (const row of rows) {
        const subunit = await subunitOf(db, row.currency);
        out.push({
          gameId: row.game_id,
          gameSlug: row.game_slug,
          gameTitle: row.game_title,
          gameImage: row.game_image,
          nickname: maskName(row.nickname ?? row.email?.split("@")[0] ?? "player"),
          amount: formatAmount(BigInt(row.win_amount), subunit),
          currency: row.currency,
          wonAt: new Date(row.closed_at).toISOString(),
        });
      }
      return out;
    })();
    cached = { at: Date.now(), value };
    value.catch(() => {
      cached = null;
    });
    return value;
  };
}
