import { ContentPageView } from "../features/content-page/content-page-view";
import { loadContentPage } from "../features/content-page/load-content-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { pageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/questions-page";

/** `/questions/{pageIdentity}`: content page pages/questions/<pageIdentity>; unknown → 404. */
async function load(env: LoaderEnv) {
  const basics = await guardPage(env);
  return { page: await loadContentPage(basics, "questions", env.params.pageIdentity) };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.page ?? {});

export default function QuestionsPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
