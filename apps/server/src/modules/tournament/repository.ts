// Tournament SQL (migration 0026). Ranking everywhere: score descending, then the earlier
// reached_at, then the earlier join (seq).
import type { TournamentScoring } from "@casino/contract/tournament";
import type { Queryable } from "../../infra/db";
import { enqueueRealtimeEvents } from "../../infra/event-outbox";

export interface TournamentRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  scoring: TournamentScoring;
  currency: string;
  convert_currencies: boolean;
  product: "all" | "casino" | "sport";
  min_bet: string;
  game_ids: number[];
  provider_ids: number[];
  collection_ids: number[];
  starts_at: Date;
  ends_at: Date;
  leaderboard_size: number;
  completed_at: Date | null;
  participants: string;
  subunit_to_unit: string;
}

export interface PrizeRow {
  tournament_id: string;
  place_from: number;
  place_to: number;
  kind: "cash" | "bonus" | "freespins";
  amount: string | null;
  reward: Record<string, unknown>;
  title: string;
}

export interface EntryRow {
  player_id: string;
  seq: string;
  score: string;
  bets: number;
  reached_at: Date | null;
  nickname: string | null;
  email: string | null;
  place: number;
}

const TOURNAMENT_SELECT = `
  SELECT t.id, t.slug, t.title, t.description, t.image, t.scoring, t.currency,
         t.convert_currencies, t.product, t.min_bet, t.game_ids, t.provider_ids, t.collection_ids,
         t.starts_at, t.ends_at, t.leaderboard_size, t.completed_at, c.subunit_to_unit,
         (SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = t.id) AS participants
    FROM tournaments t
    JOIN currencies c ON c.code = t.currency`;

const RANK_ORDER = "p.score DESC, p.reached_at ASC NULLS LAST, p.seq ASC";

export function tournamentRepository(db: Queryable) {
  return {
    async list(): Promise<TournamentRow[]> {
      return db.query<TournamentRow>(
        `${TOURNAMENT_SELECT} WHERE t.is_enabled ORDER BY t.position, t.starts_at, t.id`,
      );
    },

    async findBySlug(slug: string): Promise<TournamentRow | null> {
      const [row] = await db.query<TournamentRow>(
        `${TOURNAMENT_SELECT} WHERE t.is_enabled AND t.slug = $1`,
        [slug],
      );
      return row ?? null;
    },

    async findById(id: string): Promise<TournamentRow | null> {
      const [row] = await db.query<TournamentRow>(`${TOURNAMENT_SELECT} WHERE t.id = $1`, [id]);
      return row ?? null;
    },

    async prizes(tournamentIds: readonly string[]): Promise<PrizeRow[]> {
      if (tournamentIds.length === 0) return [];
      return db.query<PrizeRow>(
        `SELECT tournament_id, place_from, place_to, kind, amount, reward, title
           FROM tournament_prizes WHERE tournament_id = ANY($1::uuid[])
          ORDER BY tournament_id, place_from`,
        [tournamentIds],
      );
    },

    /** The tournaments (of these) the player joined. */
    async joinedOf(playerId: string, tournamentIds: readonly string[]): Promise<Set<string>> {
      if (tournamentIds.length === 0) return new Set();
      const rows = await db.query<{ tournament_id: string }>(
        `SELECT tournament_id FROM tournament_participants
          WHERE player_id = $1 AND tournament_id = ANY($2::uuid[])`,
        [playerId, tournamentIds],
      );
      return new Set(rows.map((row) => row.tournament_id));
    },

    async eligibility(row: TournamentRow) {
      const [games, providers, collections] = await Promise.all([
        db.query<{ id: number; slug: string; title: string }>(
          "SELECT id, slug, title FROM games WHERE id = ANY($1::int[]) ORDER BY title, id",
          [row.game_ids],
        ),
        db.query<{ id: number; slug: string; name: string }>(
          "SELECT id, slug, name FROM game_providers WHERE id = ANY($1::int[]) ORDER BY name, id",
          [row.provider_ids],
        ),
        db.query<{ id: number; slug: string; name: string }>(
          "SELECT id, slug, name FROM game_collections WHERE id = ANY($1::int[]) ORDER BY name, id",
          [row.collection_ids],
        ),
      ]);
      return { games, providers, collections };
    },

    /** The top `limit` entries with their places. */
    async leaderboard(tournamentId: string, limit: number): Promise<EntryRow[]> {
      return db.query<EntryRow>(
        `SELECT p.player_id, p.seq, p.score, p.bets, p.reached_at, pl.nickname, pl.email,
                (row_number() OVER (ORDER BY ${RANK_ORDER}))::int AS place
           FROM tournament_participants p
           JOIN players pl ON pl.id = p.player_id
          WHERE p.tournament_id = $1
          ORDER BY ${RANK_ORDER}
          LIMIT $2`,
        [tournamentId, limit],
      );
    },

    /** One player's entry and place, or null when they have not joined. */
    async entry(tournamentId: string, playerId: string): Promise<EntryRow | null> {
      const [entry] = await tournamentRepository(db).entries([{ tournamentId, playerId }]);
      return entry ?? null;
    },

    /** entry for several (tournament, player) pairs in one statement, in their order (null: not joined). */
    async entries(
      pairs: readonly { tournamentId: string; playerId: string }[],
    ): Promise<(EntryRow | null)[]> {
      if (pairs.length === 0) return [];
      const rows = await db.query<EntryRow & { n: string }>(
        `SELECT q.n::text AS n, p.player_id, p.seq, p.score, p.bets, p.reached_at, pl.nickname,
                pl.email,
                (1 + (SELECT count(*) FROM tournament_participants o
                       WHERE o.tournament_id = p.tournament_id
                         AND (o.score > p.score
                              OR (o.score = p.score AND o.reached_at < p.reached_at)
                              OR (o.score = p.score AND o.reached_at IS NOT NULL AND p.reached_at IS NULL)
                              OR (o.score = p.score AND o.reached_at IS NOT DISTINCT FROM p.reached_at
                                  AND o.seq < p.seq))))::int AS place
           FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS q(tournament_id, player_id, n)
           JOIN tournament_participants p
             ON p.tournament_id = q.tournament_id AND p.player_id = q.player_id
           JOIN players pl ON pl.id = p.player_id`,
        [pairs.map((pair) => pair.tournamentId), pairs.map((pair) => pair.playerId)],
      );
      const found = new Map(
        rows.map(({ n, ...entry }) => [Number(n) - 1, entry as EntryRow] as const),
      );
      return pairs.map((_, index) => found.get(index) ?? null);
    },

    /** Opts in; false when the player had joined already. */
    async join(tournamentId: string, playerId: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO tournament_participants (tournament_id, player_id, joined_at)
         VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING seq`,
        [tournamentId, playerId, now],
      );
      return rows.length > 0;
    },

    /** One realtime event in the outbox (infra/event-outbox.ts), in this transaction. */
    async enqueueEvent(channel: string, payload: unknown, now: Date): Promise<void> {
      await enqueueRealtimeEvents(db, [{ channel, payload }], now);
    },
  };
}

export type TournamentRepository = ReturnType<typeof tournamentRepository>;
