// The operator's game providers (/api/operator/game-providers; migration 0038): the studios and
// aggregators whose games the catalogue lists, with where their games start (launch URL), where
// they take free spins, and the countries that must not see them. Their wallet keys are
// operator-provider-keys.ts's; the view says whether one is active. Switching a provider off
// takes its games out of the site and stops new bets; its open rounds still settle.
import type {
  CreateOperatorGameProviderBody,
  OperatorGameProvider,
  PatchOperatorGameProviderBody,
} from "@casino/contract/operator-games";
import type { AppContext } from "../../context";
import type { Queryable } from "../../infra/db";
import { AppError } from "../../infra/errors";
import { iso } from "../../lib/operator-keys";
import {
  assertOutboundUrls,
  outboundPolicy,
  outboundUrlProblem,
  sitePathOf,
} from "../../lib/outbound-url";
import { type CatalogueCaches, createCatalogueRow, patchCatalogueRow } from "./operator-catalogue";
import { newPlayerIdKey } from "./operator-provider-keys";

interface ProviderRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
  launch_url: string | null;
  free_spins_url: string | null;
  restricted_countries: string[];
  is_enabled: boolean;
  position: number;
  kind: "casino" | "sportsbook";
  round_timeout_hours: number | null;
  games: string | number;
  has_issued_key: boolean;
  updated_at: Date | string | null;
}

const SELECT = `
  SELECT p.id, p.slug, p.name, p.logo, p.launch_url, p.free_spins_url, p.restricted_countries,
         p.is_enabled, p.position, p.kind, p.round_timeout_hours, p.updated_at,
         (SELECT count(*) FROM games g WHERE g.provider_id = p.id) AS games,
         EXISTS (SELECT 1 FROM game_provider_keys k
                  WHERE k.provider_id = p.id AND k.retired_at IS NULL) AS has_issued_key
    FROM game_providers p`;

function viewOf(ctx: AppContext) {
  return (row: ProviderRow): OperatorGameProvider => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    launchUrl: row.launch_url,
    freeSpinsUrl: row.free_spins_url,
    restrictedCountries: row.restricted_countries,
    isEnabled: row.is_enabled,
    position: Number(row.position),
    kind: row.kind,
    roundTimeoutHours: row.round_timeout_hours === null ? null : Number(row.round_timeout_hours),
    hasWalletKey: row.has_issued_key || ctx.config.gameProviderSecrets[row.slug] !== undefined,
    games: Number(row.games),
    updatedAt: iso(row.updated_at),
  });
}

export async function listOperatorProviders(ctx: AppContext): Promise<OperatorGameProvider[]> {
  const rows = await ctx.db.query<ProviderRow>(`${SELECT} ORDER BY p.position, p.id`);
  return rows.map(viewOf(ctx));
}

/** One provider (GET /api/operator/game-providers/{id}, and after each write); 404 if none. */
export async function readOperatorProvider(
  ctx: AppContext,
  db: Queryable,
  id: number | string,
): Promise<OperatorGameProvider> {
  const [row] = await db.query<ProviderRow>(`${SELECT} WHERE p.id = $1`, [Number(id)]);
  if (!row) throw AppError.notFound("No game provider with that id");
  return viewOf(ctx)(row);
}

const reader = (ctx: AppContext) => (db: Queryable, id: number | string) =>
  readOperatorProvider(ctx, db, id);

type ProviderSettings = Omit<CreateOperatorGameProviderBody, "key" | "slug">;

async function write(tx: Queryable, id: number, next: ProviderSettings, now: Date) {
  await tx.query(
    `UPDATE game_providers SET name = $2, logo = $3, launch_url = $4, free_spins_url = $5,
       restricted_countries = $6::text[], is_enabled = $7, position = $8, updated_at = $9,
       kind = $10, round_timeout_hours = $11
     WHERE id = $1`,
    [
      id,
      next.name,
      next.logo,
      next.launchUrl,
      next.freeSpinsUrl,
      next.restrictedCountries,
      next.isEnabled,
      next.position,
      now,
      next.kind,
      next.roundTimeoutHours,
    ],
  );
}

/**
 * The provider's URLs as lib/outbound-url.ts takes them: the free-spins URL is called by this
 * server (public addresses after DNS resolution, https in production); the launch URL is opened
 * by players' browsers, so only its scheme and a literal address are checked (its placeholders
 * read as a plain word). 422 naming the field.
 */
async function assertProviderUrls(
  ctx: AppContext,
  urls: { launchUrl?: string | null | undefined; freeSpinsUrl?: string | null | undefined },
): Promise<void> {
  const policy = outboundPolicy(ctx.config);
  const launch = urls.launchUrl;
  if (launch && sitePathOf(launch, policy.publicUrl) === null) {
    const problem = outboundUrlProblem(launch.replace(/\{[A-Za-z]+\}/g, "x"), policy);
    if (problem !== null) throw AppError.unprocessable({ launchUrl: [problem] });
  }
  await assertOutboundUrls(policy, { freeSpinsUrl: urls.freeSpinsUrl });
}

/** POST /api/operator/game-providers. */
export async function createOperatorProvider(
  ctx: AppContext,
  caches: CatalogueCaches,
  body: CreateOperatorGameProviderBody,
): Promise<{ data: OperatorGameProvider; replay: boolean }> {
  await assertProviderUrls(ctx, body);
  return createCatalogueRow(ctx, caches, {
    kind: "game-provider",
    body,
    read: reader(ctx),
    insert: async (tx, countries) => {
      const [row] = await tx.query<{ id: number }>(
        "INSERT INTO game_providers (slug, name, player_id_key) VALUES ($1, $2, $3) RETURNING id",
        [body.slug, body.name, newPlayerIdKey()],
      );
      await write(tx, row!.id, { ...body, restrictedCountries: countries }, ctx.now());
      return row!.id;
    },
  });
}

/** PATCH /api/operator/game-providers/{id}. */
export async function patchOperatorProvider(
  ctx: AppContext,
  caches: CatalogueCaches,
  id: number,
  patch: PatchOperatorGameProviderBody,
): Promise<OperatorGameProvider> {
  await assertProviderUrls(ctx, patch);
  return patchCatalogueRow(ctx, caches, {
    kind: "game-provider",
    id,
    patch,
    read: reader(ctx),
    write: (tx, next) => write(tx, id, next, ctx.now()),
  });
}
