import { WelcomePackage } from "../features/bonus/welcome-package";
import { PageFrame } from "../features/page/page-frame";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/welcome-package";

const TITLE = "Welcome package";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "welcome-package", TITLE);

export default function WelcomePackagePage() {
  const { t } = useSite();
  return (
    <PageFrame title={t("global-components.pages.welcome-package.title", TITLE)}>
      <WelcomePackage />
    </PageFrame>
  );
}
