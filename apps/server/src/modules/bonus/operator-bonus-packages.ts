// The operator's bonus packages (/api/operator/bonus-packages; migration 0044): a package (the
// welcome package) is an ordered list of deposit bonuses, its steps, and a player is offered
// step N once issued steps 1..N-1 (deposit-bonuses.ts). Steps are set as a whole (PUT
// .../steps) and only deposit bonuses in no other package can be steps. Once a player was
// issued a step, the steps the package has stay as they are, in their order: moving or taking
// one out would change which step a player is on. New steps may still be added after them.
// Switching a package off stops offering all of its steps; bonuses issued run their course.
import {
  type CreateOperatorBonusPackageBody,
  type OperatorBonusPackage,
  OperatorErrorCode,
  type PatchOperatorBonusPackageBody,
} from "@casino/contract/operator";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import {
  createOnce,
  type FieldFail,
  fieldProblems,
  iso,
  recordOperatorChange,
  rethrowUnique,
} from "../../lib/operator-keys";

interface PackageRow {
  id: number;
  slug: string;
  name: string;
  is_enabled: boolean;
  updated_at: Date | string | null;
  steps: { position: number; bonus_id: number; slug: string; name: string; is_enabled: boolean }[];
  players: string | number;
}

const SELECT = `
  SELECT p.id, p.slug, p.name, p.is_enabled, p.updated_at,
         COALESCE((SELECT json_agg(json_build_object('position', b.package_position,
                     'bonus_id', b.id, 'slug', b.slug, 'name', b.name,
                     'is_enabled', b.is_enabled) ORDER BY b.package_position)
                     FROM bonuses b WHERE b.package_id = p.id), '[]') AS steps,
         (SELECT count(DISTINCT i.player_id) FROM (
             SELECT player_id FROM player_bonuses
              WHERE bonus_id IN (SELECT id FROM bonuses WHERE package_id = p.id)
             UNION ALL
             SELECT player_id FROM player_freespins
              WHERE bonus_id IN (SELECT id FROM bonuses WHERE package_id = p.id)) i) AS players
    FROM bonus_packages p`;

function toView(row: PackageRow): OperatorBonusPackage {
  const steps = (
    typeof row.steps === "string" ? JSON.parse(row.steps) : row.steps
  ) as PackageRow["steps"];
  const off = steps.findIndex((step) => !step.is_enabled);
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    isEnabled: row.is_enabled,
    steps: steps.map((step) => ({
      position: Number(step.position),
      bonusId: Number(step.bonus_id),
      slug: step.slug,
      name: step.name,
      isEnabled: step.is_enabled,
    })),
    players: Number(row.players),
    warnings:
      off >= 0 && off < steps.length - 1
        ? [
            `steps.${off}: ${steps[off]!.slug} is switched off, so no player reaches the steps after it`,
          ]
        : [],
    updatedAt: iso(row.updated_at),
  };
}

export async function listOperatorBonusPackages(ctx: AppContext): Promise<OperatorBonusPackage[]> {
  const rows = await ctx.db.query<PackageRow>(`${SELECT} ORDER BY p.id`);
  return rows.map(toView);
}

export async function readOperatorBonusPackage(
  db: Queryable,
  id: number | string,
): Promise<OperatorBonusPackage> {
  const [row] = await db.query<PackageRow>(`${SELECT} WHERE p.id = $1`, [Number(id)]);
  if (!row) throw AppError.notFound("No bonus package with that id");
  return toView(row);
}

/**
 * The bonus ids of `slugs` as steps of the package (`packageId`; null: a new one), after
 * recording every problem (`steps.N`: unknown, repeated, not a deposit bonus, a step of another
 * package). The bonuses' rows are locked, so two packages cannot take one bonus at once.
 */
async function checkSteps(
  tx: Queryable,
  packageId: number | null,
  slugs: readonly string[],
  fail: FieldFail,
): Promise<number[]> {
  const rows = await tx.query<{
    id: number;
    slug: string;
    kind: string;
    package_id: number | null;
    package_slug: string | null;
  }>(
    `SELECT b.id, b.slug, b.kind, b.package_id, p.slug AS package_slug
       FROM bonuses b LEFT JOIN bonus_packages p ON p.id = b.package_id
      WHERE b.slug = ANY ($1::text[])
      ORDER BY b.id FOR UPDATE OF b`,
    [[...new Set(slugs)]],
  );
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const seen = new Set<string>();
  for (const [index, slug] of slugs.entries()) {
    const bonus = bySlug.get(slug);
    if (!bonus) fail(`steps.${index}`, "Unknown bonus");
    else if (seen.has(slug)) fail(`steps.${index}`, "Listed twice");
    else if (bonus.kind !== "deposit") fail(`steps.${index}`, "Only a deposit bonus can be a step");
    else if (bonus.package_id !== null && Number(bonus.package_id) !== packageId) {
      fail(`steps.${index}`, `Already a step of the package ${bonus.package_slug}`);
    }
    seen.add(slug);
  }
  return slugs.map((slug) => Number(bySlug.get(slug)?.id));
}

/** Makes `ids` the package's steps, in order (after checkSteps). */
async function applySteps(tx: Queryable, packageId: number, ids: readonly number[]) {
  await tx.query(
    "UPDATE bonuses SET package_id = NULL, package_position = NULL WHERE package_id = $1",
    [packageId],
  );
  await tx.query(
    `UPDATE bonuses b SET package_id = $1, package_position = t.n
       FROM unnest($2::int[]) WITH ORDINALITY AS t(id, n)
      WHERE b.id = t.id`,
    [packageId, ids],
  );
}

/** POST /api/operator/bonus-packages. */
export async function createOperatorBonusPackage(
  ctx: AppContext,
  body: CreateOperatorBonusPackageBody,
): Promise<{ data: OperatorBonusPackage; replay: boolean }> {
  const now = ctx.now();
  return createOnce(ctx.db, {
    kind: "bonus-package",
    key: body.key,
    now,
    body,
    create: async (tx) => {
      const { fail, check } = fieldProblems();
      const [taken] = await tx.query("SELECT 1 FROM bonus_packages WHERE slug = $1", [body.slug]);
      if (taken) fail("slug", "Already taken");
      const ids = await checkSteps(tx, null, body.steps, fail);
      check();
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO bonus_packages (slug, name, is_enabled, updated_at)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [body.slug, body.name, body.isEnabled, now],
      );
      await applySteps(tx, Number(row!.id), ids);
      return row!.id;
    },
    read: readOperatorBonusPackage,
  });
}

/** PATCH /api/operator/bonus-packages/{id}: name and switch. */
export async function patchOperatorBonusPackage(
  ctx: AppContext,
  id: number,
  patch: PatchOperatorBonusPackageBody,
): Promise<OperatorBonusPackage> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockedPackage(tx, id);
    await tx.query(
      "UPDATE bonus_packages SET name = $2, is_enabled = $3, updated_at = $4 WHERE id = $1",
      [id, patch.name ?? current.name, patch.isEnabled ?? current.is_enabled, ctx.now()],
    );
    await recordOperatorChange(tx, {
      kind: "bonus-package",
      entityId: id,
      action: "update",
      changes: patch,
      now: ctx.now(),
    });
  });
  return readOperatorBonusPackage(ctx.db, id);
}

/** PUT /api/operator/bonus-packages/{id}/steps: exactly these steps, in this order. */
export async function putBonusPackageSteps(
  ctx: AppContext,
  id: number,
  steps: readonly string[],
): Promise<OperatorBonusPackage> {
  await ctx.db
    .transaction(async (tx) => {
      await lockedPackage(tx, id);
      const { fail, check } = fieldProblems();
      const ids = await checkSteps(tx, id, steps, fail);
      check();
      // Once players started it, its steps stay first and in order: moving or taking one out
      // would change which step a player is on.
      const current = await readOperatorBonusPackage(tx, id);
      if (current.players > 0 && !current.steps.every((step, i) => steps[i] === step.slug)) {
        throw new AppError(
          409,
          OperatorErrorCode.PackageStarted,
          `${current.players} players have started this package: its steps stay as they are, in their order; add new ones after them`,
        );
      }
      await applySteps(tx, id, ids);
      await tx.query("UPDATE bonus_packages SET updated_at = $2 WHERE id = $1", [id, ctx.now()]);
      await recordOperatorChange(tx, {
        kind: "bonus-package-steps",
        entityId: id,
        action: "put",
        changes: { steps },
        now: ctx.now(),
      });
    })
    .catch((error: unknown) => {
      throw rethrowUnique(error);
    });
  return readOperatorBonusPackage(ctx.db, id);
}

async function lockedPackage(tx: Queryable, id: number) {
  const [row] = await tx.query<{ name: string; is_enabled: boolean }>(
    "SELECT name, is_enabled FROM bonus_packages WHERE id = $1 FOR UPDATE",
    [id],
  );
  if (!row) throw AppError.notFound("No bonus package with that id");
  return row;
}
