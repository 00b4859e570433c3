import type { SessionTokens } from "@casino/contract/player";
import { useSearchParams } from "react-router";
import type { PreloaderHandle } from "../features/preloader/preloader-rules";
import { type ReturnOutcome, SignInReturn } from "../features/session/sign-in-return";
import { apiRequest } from "../lib/api/api-client";
import { ApiError } from "../lib/api/api-error";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { getFingerprint } from "../lib/session/fingerprint";
import { backRouteFromState } from "../lib/session/social-login";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/auth-autologin";

const TITLE = "Signing you in";

/**
 * `/auth/autologin?token=…` (SI-28): POST /api/player/sessions/token {token, fingerprint}, the
 * post-login handling, then home (or the state's backRoute). With a `state` query parameter the
 * preloader stays up (RT-36) until the sign-in finishes.
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

export default function AutoLoginPage() {
  const { t, href } = useSite();
  const [search] = useSearchParams();
  const run = async (): Promise<ReturnOutcome> => {
    const token = search.get("token");
    const invalid = t(
      "global-components.pages.auth-autologin.invalid",
      "This sign-in link is not valid any more.",
    );
    if (!token) return { error: invalid };
    const fingerprint = await getFingerprint();
    try {
      const body = await apiRequest<{ data: SessionTokens }>("/api/player/sessions/token", {
        method: "POST",
        body: { token, ...(fingerprint ? { fingerprint } : {}) },
      });
      return { tokens: body.data, to: backRouteFromState(search.get("state")) ?? href("/") };
    } catch (error) {
      if (error instanceof ApiError && (error.code === 11030 || error.status === 401)) {
        return { error: invalid };
      }
      return { error: (error as Error).message };
    }
  };
  return (
    <SignInReturn title={t("global-components.pages.auth-autologin.title", TITLE)} run={run} />
  );
}
