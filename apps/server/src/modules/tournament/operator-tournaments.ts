// The operator's tournaments besides creating them (GET and PATCH /api/operator/tournaments):
// the list with each one's state and participants, and the changes that keep the contest fair.
// Text, image and order change at any time; switching one off hides it and stops its scoring
// (score-bet.ts reads is_enabled) while the completion still pays the leaderboard as it stands.
// The window moves only forward of now: startsAt before the tournament starts, endsAt until it
// is completed; a round already scored is never outside the window. Scoring, games and prizes
// stay as defined.
import { ErrorCode } from "@casino/contract/errors";
import type {
  OperatorTournament,
  OperatorTournamentDetail,
  PatchOperatorTournamentBody,
} from "@casino/contract/tournament";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { fieldProblems, iso, recordOperatorChange } from "../../lib/operator-keys";
import { tournamentRepository } from "./repository";
import { toEntry, toPrize, toRules } from "./view";

interface TournamentRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  image: string | null;
  scoring: OperatorTournament["scoring"];
  currency: string;
  starts_at: Date | string;
  ends_at: Date | string;
  is_enabled: boolean;
  position: number;
  completed_at: Date | string | null;
  participants: string | number;
}

const SELECT = `
  SELECT t.id, t.slug, t.title, t.description, t.image, t.scoring, t.currency, t.starts_at,
         t.ends_at, t.is_enabled, t.position, t.completed_at,
         (SELECT count(*) FROM tournament_participants p WHERE p.tournament_id = t.id)
           AS participants
    FROM tournaments t`;

function toView(row: TournamentRow, now: Date): OperatorTournament {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  return {
    id: row.id,
    identity: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    scoring: row.scoring,
    currency: row.currency,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    state:
      row.completed_at !== null
        ? "completed"
        : now < startsAt
          ? "upcoming"
          : now < endsAt
            ? "running"
            : "ended",
    participants: Number(row.participants),
    isEnabled: row.is_enabled,
    position: Number(row.position),
    completedAt: iso(row.completed_at),
  };
}

/** GET /api/operator/tournaments: newest window first. */
export async function listOperatorTournaments(ctx: AppContext): Promise<OperatorTournament[]> {
  const rows = await ctx.db.query<TournamentRow>(`${SELECT} ORDER BY t.starts_at DESC, t.id`);
  const now = ctx.now();
  return rows.map((row) => toView(row, now));
}

async function readOperatorTournament(
  db: Queryable,
  id: string,
  now: Date,
): Promise<OperatorTournament> {
  const [row] = await db.query<TournamentRow>(`${SELECT} WHERE t.id = $1`, [id]);
  if (!row) throw AppError.notFound("No tournament with that id");
  return toView(row, now);
}

/** GET /api/operator/tournaments/{id}: with its rules, prizes and leaderboard's top. */
export async function getOperatorTournament(
  ctx: AppContext,
  id: string,
): Promise<OperatorTournamentDetail> {
  const repo = tournamentRepository(ctx.db);
  const row = await repo.findById(id);
  if (!row) throw AppError.notFound("No tournament with that id");
  const subunit = BigInt(row.subunit_to_unit);
  const [view, prizes, eligibility, leaderboard] = await Promise.all([
    readOperatorTournament(ctx.db, id, ctx.now()),
    repo.prizes([id]),
    repo.eligibility(row),
    repo.leaderboard(id, row.leaderboard_size),
  ]);
  return {
    ...view,
    leaderboardSize: row.leaderboard_size,
    rules: toRules(row, eligibility),
    prizes: prizes.map((prize) => toPrize(prize, row.currency, subunit)),
    leaderboard: leaderboard.map((entry) => toEntry(entry, row.scoring, subunit)),
  };
}

function windowLocked(message: string): AppError {
  return new AppError(409, ErrorCode.Conflict, message);
}

/** PATCH /api/operator/tournaments/{id}. */
export async function patchOperatorTournament(
  ctx: AppContext,
  id: string,
  patch: PatchOperatorTournamentBody,
): Promise<OperatorTournament> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE waits for bets being scored (FOR SHARE) and for a completion in progress.
    await tx.query("SELECT id FROM tournaments WHERE id = $1 FOR UPDATE", [id]);
    const current = await readOperatorTournament(tx, id, now);
    const startsAt = patch.startsAt === undefined ? null : new Date(patch.startsAt);
    const endsAt = patch.endsAt === undefined ? null : new Date(patch.endsAt);
    if (startsAt && current.state !== "upcoming") {
      throw windowLocked("The tournament has started: its start stays");
    }
    if (endsAt && current.state === "completed") {
      throw windowLocked("The tournament is completed: its window stays");
    }
    const { fail, check } = fieldProblems();
    if (startsAt && startsAt <= now) fail("startsAt", "Must be ahead of now");
    if (endsAt && endsAt <= now) fail("endsAt", "Must be ahead of now");
    const start = startsAt ?? new Date(current.startsAt);
    const end = endsAt ?? new Date(current.endsAt);
    if (end <= start) fail(endsAt ? "endsAt" : "startsAt", "The window must end after it starts");
    check();
    await tx.query(
      `UPDATE tournaments SET title = $2, description = $3, image = $4, position = $5,
         is_enabled = $6, starts_at = $7, ends_at = $8 WHERE id = $1`,
      [
        id,
        patch.title ?? current.title,
        patch.description ?? current.description,
        patch.image === undefined ? current.image : patch.image,
        patch.position ?? current.position,
        patch.isEnabled ?? current.isEnabled,
        start,
        end,
      ],
    );
    await recordOperatorChange(tx, {
      kind: "tournament",
      entityId: id,
      action: "update",
      changes: patch,
      now,
    });
  });
  return readOperatorTournament(ctx.db, id, now);
}
