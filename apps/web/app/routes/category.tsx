import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
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
    title: args.loaderData?.collection.name,
    description: pageText(rootDataOf(args), "category", "description", ""),
  });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <PageFrame title={loaderData.collection.name}>
      <EmptyState
        text={t(
          "global-components.pages.category.empty",
          "The games of this category are not available yet.",
        )}
      />
    </PageFrame>
  );
}
