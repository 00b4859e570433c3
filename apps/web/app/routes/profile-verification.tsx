import { PlayersOnly } from "../features/profile/players-only";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import { VerificationSection } from "../features/verification/verification-section";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/profile-verification";

const TITLE = PROFILE_SECTION_TITLES.verification;

async function load(env: LoaderEnv) {
  const { init } = await guardPage(env);
  const { verification } = init.settings;
  return { provider: verification.enabled ? verification.provider : null };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  framePageMeta(args, "profile-verification", TITLE);

export default function ProfileVerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <PlayersOnly title={t("global-components.pages.profile-verification.title", TITLE)}>
      <VerificationSection provider={loaderData?.provider ?? null} />
    </PlayersOnly>
  );
}
