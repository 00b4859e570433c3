import { DocumentsSection } from "../features/documents/documents-section";
import { PlayersOnly } from "../features/profile/players-only";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { isRouteAvailable } from "../lib/routing/route-filters";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/profile-documents";

const TITLE = PROFILE_SECTION_TITLES.documents;

async function load(env: LoaderEnv) {
  const { init } = await guardPage(env);
  if (!isRouteAvailable("profile-documents", init.settings)) notFound();
  return null;
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export const shouldRevalidate = pageShouldRevalidate;

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "profile-documents", TITLE);

export default function ProfileDocumentsPage() {
  const { t } = useSite();
  return (
    <PlayersOnly title={t("global-components.pages.profile-documents.title", TITLE)}>
      <DocumentsSection />
    </PlayersOnly>
  );
}
