// A player's game rounds as the operator reads them (GET /api/operator/players/{id}/rounds,
// scope players): newest first, open ones too, with the game, the studio and the money of each.
// What support looks at when a player asks about a bet; the ledger has the postings behind it.
import type { OperatorRound, OperatorRoundQuery } from "@casino/contract/operator-players";
import type { PageMeta } from "@casino/contract/pagination";
import { formatAmount } from "@casino/money/format";
import type { AppContext } from "../../context";
import { iso } from "../../lib/operator-keys";
import { requireOperatorPlayer } from "../player/operator-players";
import { currencySubunits } from "../settings/list-currencies";

interface RoundRow {
  id: string | number;
  provider_round_id: string;
  game_id: number;
  game_slug: string;
  game_title: string;
  provider_slug: string;
  provider_name: string;
  currency: string;
  bet_amount: string;
  win_amount: string;
  refund_amount: string;
  status: "open" | "closed";
  created_at: Date | string;
  closed_at: Date | string | null;
}

export async function listPlayerRounds(
  ctx: AppContext,
  playerId: string,
  query: OperatorRoundQuery,
): Promise<{ data: OperatorRound[]; meta: PageMeta }> {
  await requireOperatorPlayer(ctx.db, playerId);
  const where = `WHERE r.player_id = $1 AND ($2::text IS NULL OR r.status = $2)
                   AND ($3::text IS NULL OR r.currency = $3)`;
  const filters = [playerId, query.status ?? null, query.currency ?? null];
  const [rows, [count], subunits] = await Promise.all([
    ctx.db.query<RoundRow>(
      `SELECT r.id, r.provider_round_id, r.game_id, g.slug AS game_slug, g.title AS game_title,
              p.slug AS provider_slug, p.name AS provider_name, r.currency,
              r.bet_amount::text AS bet_amount, r.win_amount::text AS win_amount,
              r.refund_amount::text AS refund_amount, r.status, r.created_at, r.closed_at
         FROM game_rounds r
         JOIN games g ON g.id = r.game_id
         JOIN game_providers p ON p.id = r.provider_id
        ${where}
        ORDER BY r.id DESC LIMIT $4 OFFSET $5`,
      [...filters, query.perPage, (query.page - 1) * query.perPage],
    ),
    ctx.db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM game_rounds r ${where}`,
      filters,
    ),
    currencySubunits(ctx.db),
  ]);
  return {
    data: rows.map((row) => {
      const units = subunits.get(row.currency) ?? 100;
      return {
        id: String(row.id),
        providerRoundId: row.provider_round_id,
        game: { id: Number(row.game_id), slug: row.game_slug, title: row.game_title },
        provider: { slug: row.provider_slug, name: row.provider_name },
        currency: row.currency,
        bet: formatAmount(BigInt(row.bet_amount), units),
        win: formatAmount(BigInt(row.win_amount), units),
        refund: formatAmount(BigInt(row.refund_amount), units),
        status: row.status,
        openedAt: iso(row.created_at)!,
        closedAt: iso(row.closed_at),
      };
    }),
    meta: { page: query.page, perPage: query.perPage, total: Number(count?.total ?? 0) },
  };
}
