import { HomePage } from "../components/home/home-page";
import { ContentPageView } from "../features/content-page/content-page-view";
import { loadContentPage } from "../features/content-page/load-content-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta, pageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/slug";

/**
 * `/{slug}` and `/{locale}/{slug}`: a catch-all content page (pages/slug/<slug>). Unprefixed, a
 * slug that is a known non-default locale code is that locale's home page ("/de").
 */
async function load(env: LoaderEnv) {
  const basics = await guardPage(env);
  const slug = env.params.slug;
  if (!env.params.locale && basics.choice.prefix !== null && basics.choice.prefix === slug) {
    return { kind: "home" as const };
  }
  return { kind: "page" as const, page: await loadContentPage(basics, "slug", slug) };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (data?.kind === "page") return pageMeta(args, data.page);
  return framePageMeta(args, "home", "Casino games and sports betting");
};

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === "home" ? <HomePage /> : <ContentPageView page={loaderData.page} />;
}
