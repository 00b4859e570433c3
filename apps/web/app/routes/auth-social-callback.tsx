import { FramePage } from "../features/page/frame-page";
import type { PreloaderHandle } from "../features/preloader/preloader-rules";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/auth-social-callback";

const TITLE = "Signing you in";
const EMPTY = "Social sign-in is not available yet.";

/**
 * `/auth/social/{connection}/callback`: the return point of a social login. The preloader stays up
 * (RT-37) until the login completes (releasePreloader), which the accounts issue wires.
 */
export const handle: PreloaderHandle = {
  keepPreloader: () => true,
};

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
  framePageMeta(args, "auth-social-callback", TITLE);

export default function SignInReturnPage() {
  return <FramePage pageKey="auth-social-callback" title={TITLE} empty={EMPTY} />;
}
