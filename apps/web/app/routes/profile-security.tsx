import { FramePage } from "../features/page/frame-page";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/profile-security";

const TITLE = PROFILE_SECTION_TITLES.security;
const EMPTY = "This section is not available yet.";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "profile-security", TITLE);

export default function ProfileSecurityPage() {
  return <FramePage pageKey="profile-security" title={TITLE} empty={EMPTY} playersOnly />;
}
