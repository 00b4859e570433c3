import { FramePage } from "../features/page/frame-page";
import type { PreloaderHandle } from "../features/preloader/preloader-rules";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/auth-autologin";

const TITLE = "Signing you in";
const EMPTY = "Automatic sign-in is not available yet.";

/**
 * `/auth/autologin`: automatic sign-in by token. With a `state` query parameter the preloader stays
 * up (RT-36) until the sign-in finishes (releasePreloader), which the accounts issue wires.
 */
export const handle: PreloaderHandle = {
  keepPreloader: (search) => search.has("state"),
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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "auth-autologin", TITLE);

export default function SignInReturnPage() {
  return <FramePage pageKey="auth-autologin" title={TITLE} empty={EMPTY} />;
}
