import { BonusesSection } from "../features/bonus/bonuses-section";
import { PlayersOnly } from "../features/profile/players-only";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/profile-bonuses";

const TITLE = PROFILE_SECTION_TITLES.bonuses;

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "profile-bonuses", TITLE);

export default function ProfileBonusesPage() {
  const { t } = useSite();
  return (
    <PlayersOnly title={t("global-components.pages.profile-bonuses.title", TITLE)}>
      <BonusesSection />
    </PlayersOnly>
  );
}
