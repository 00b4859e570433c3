import { Link } from "react-router";
import { useProviders } from "../features/games/use-providers";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/providers";

async function load(env: LoaderEnv) {
  await guardPage(env);
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  framePageMeta(args, "providers", "Game providers");

/** The game providers, from GET /api/game/providers (TanStack Query, GM-08), linking their pages. */
export default function ProvidersPage() {
  const { t, href } = useSite();
  const providers = useProviders();
  const list = providers.data ?? [];
  return (
    <PageFrame title={t("global-components.pages.providers.title", "Game providers")}>
      {providers.isPending ? (
        <div aria-busy="true" className="empty-state" />
      ) : list.length === 0 ? (
        <EmptyState
          text={t("global-components.pages.providers.empty", "There are no game providers yet.")}
        />
      ) : (
        <ul
          className="provider-list"
          aria-label={t("global-components.pages.providers.title", "Game providers")}
        >
          {list.map((provider) => (
            <li key={provider.id}>
              <Link to={href(`/providers/${provider.slug ?? provider.id}`)}>
                {/* The name beside it is the link's text: the logo is decoration. */}
                {provider.logo ? (
                  <img
                    className="provider-list__logo"
                    src={provider.logo}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                  />
                ) : null}
                <span>{provider.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
