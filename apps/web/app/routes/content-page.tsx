import type { PageKind } from "@casino/contract/content";
import { ContentPageView } from "../features/content-page/content-page-view";
import { loadContentPage } from "../features/content-page/load-content-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { pageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/content-page";

/**
 * `/static/{pageIdentity}`, `/bonus/{pageIdentity}` and `/questions/{pageIdentity}` (with or
 * without a locale prefix): content page pages/<kind>/<pageIdentity>; unknown → 404. The kind is
 * the path segment before the identity, so one module serves the three routes.
 */
function kindOf(request: Request): PageKind {
  const segments = new URL(request.url).pathname.split("/").filter(Boolean);
  const kind = segments[segments.length - 2];
  if (kind === "static" || kind === "bonus" || kind === "questions") return kind;
  throw new Error(`content-page route mounted under an unknown path: ${request.url}`);
}

async function load(env: LoaderEnv) {
  const basics = await guardPage(env);
  return { page: await loadContentPage(basics, kindOf(env.request), env.params.pageIdentity) };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.page ?? {});

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.page} />;
}
