import type { GameProvider } from "@casino/contract/game";
import { PagedGameGrid } from "../features/games/game-grid";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import { toApiError } from "../lib/api/api-error";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { pageMeta, pageText, rootDataOf } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/provider";

/** `/providers/{providerIdentity}`: one provider (GET /api/game/providers/{id}, GM-08) and its games. */
async function load(env: LoaderEnv): Promise<{ provider: GameProvider }> {
  await guardPage(env);
  const id = String(env.params.providerIdentity ?? "");
  if (!/^(\d{1,9}|[a-z0-9]+(-[a-z0-9]+)*)$/.test(id)) notFound();
  const response = await env.api(`/api/game/providers/${id}`);
  if (response.status === 404) notFound();
  if (!response.ok) throw await toApiError(response);
  const body = (await response.json()) as { data?: GameProvider };
  if (!body.data || typeof body.data.name !== "string") throw new Error("Unexpected provider");
  return { provider: body.data };
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
    title: args.loaderData?.provider.name,
    description: pageText(rootDataOf(args), "providers", "description", ""),
  });

export default function ProviderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { provider } = loaderData;
  return (
    <PageFrame title={provider.name}>
      <PagedGameGrid
        key={provider.slug}
        filters={{ provider: provider.slug, perPage: 24 }}
        label={t("global-components.games.providerGames", "Games by {name}", {
          name: provider.name,
        })}
        empty={
          <EmptyState
            text={t("global-components.games.providerEmpty", "This provider has no games here.")}
          />
        }
      />
    </PageFrame>
  );
}
