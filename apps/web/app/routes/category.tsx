import { useId, useState } from "react";
import { PagedGameGrid } from "../features/games/game-grid";
import type { GameFilters } from "../features/games/games-api";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import { collectionName } from "../lib/content/collection-names";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { pageMeta, pageText, rootDataOf } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/category";

/** `/categories/{categoryIdentity}`: a game collection of the visitor's country; unknown → 404. */
async function load(env: LoaderEnv) {
  const { collections } = await guardPage(env);
  const collection = collections.find((item) => item.slug === env.params.categoryIdentity);
  if (!collection) notFound();
  return { collection };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData
      ? collectionName(rootDataOf(args)?.content ?? {}, args.loaderData.collection)
      : undefined,
    description: pageText(rootDataOf(args), "category", "description", ""),
  });

const SORTS = [
  ["popular", "Popular"],
  ["newest", "Newest"],
  ["title", "A to Z"],
] as const;

/** The collection's games, page after page (GET /api/game/games?collection=…, GM-02). */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t, content } = useSite();
  const { collection } = loaderData;
  const name = collectionName(content, collection);
  const sortId = useId();
  const [sort, setSort] = useState<NonNullable<GameFilters["sort"]>>("popular");
  return (
    <PageFrame title={name}>
      <div className="game-sort">
        <label htmlFor={sortId}>{t("global-components.games.sort", "Sort by")}</label>{" "}
        <select
          id={sortId}
          name="sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as typeof sort)}
        >
          {SORTS.map(([value, fallback]) => (
            <option key={value} value={value}>
              {t(`global-components.games.sorts.${value}`, fallback)}
            </option>
          ))}
        </select>
      </div>
      <PagedGameGrid
        key={`${collection.slug}-${sort}`}
        filters={{ collection: collection.slug, sort, perPage: 24 }}
        label={name}
        empty={
          <EmptyState
            text={t(
              "global-components.pages.category.empty",
              "There are no games in this category yet.",
            )}
          />
        }
      />
    </PageFrame>
  );
}
