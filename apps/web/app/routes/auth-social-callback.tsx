import type { SessionTokens, SocialSignUpRequired } from "@casino/contract/player";
import { useLocation } from "react-router";
import type { PreloaderHandle } from "../features/preloader/preloader-rules";
import { type ReturnOutcome, SignInReturn } from "../features/session/sign-in-return";
import { apiRequest } from "../lib/api/api-client";
import { ApiError } from "../lib/api/api-error";
import { readBrowserCookie } from "../lib/cookies";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { getFingerprint } from "../lib/session/fingerprint";
import { setSocialEmailError } from "../lib/session/social-flag";
import { backRouteFromState, providerFromCallback } from "../lib/session/social-login";
import { savePendingSocialSignUp } from "../lib/session/social-sign-up";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/auth-social-callback";

const TITLE = "Signing you in";

/**
 * `/auth/social/{connection}/callback` (SI-27, AF-05): POST /api/player/sessions/social with the
 * callback's query as the query string and {provider, locale, fingerprint, affiliateTag}; then the
 * post-login handling and the state's backRoute. An unverified social e-mail (11020) opens
 * sign-in with the social e-mail error (SI-18). The preloader stays up (RT-37) until done.
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

export default function SocialCallbackPage({ params }: Route.ComponentProps) {
  const { t, href, locale } = useSite();
  const location = useLocation();
  const run = async (): Promise<ReturnOutcome> => {
    const query = Object.fromEntries(new URLSearchParams(location.search));
    const state = query.state ?? null;
    const back = backRouteFromState(state) ?? href("/");
    const fingerprint = await getFingerprint();
    try {
      const body = await apiRequest<{
        data: SessionTokens | SocialSignUpRequired;
      }>("/api/player/sessions/social", {
        method: "POST",
        query,
        body: {
          provider: providerFromCallback(params.connection, state),
          locale,
          ...(fingerprint ? { fingerprint } : {}),
          affiliateTag: readBrowserCookie("affiliateTag"),
        },
      });
      if ("signUpRequired" in body.data) {
        // Issue 31 item 7: no account yet; the consent and choices come first.
        savePendingSocialSignUp({ ...body.data, back });
        return { redirect: href("/auth/social/complete") };
      }
      return { tokens: body.data, to: back };
    } catch (error) {
      if (error instanceof ApiError && error.code === 11020) {
        setSocialEmailError();
        const [path, search = ""] = back.split("?");
        const next = new URLSearchParams(search);
        next.set("sign-in", "true");
        return { redirect: `${path}?${next}` };
      }
      return {
        error:
          error instanceof ApiError && error.message
            ? error.message
            : t("global-components.pages.auth-social-callback.failed", "Social sign-in failed."),
      };
    }
  };
  return (
    <SignInReturn
      title={t("global-components.pages.auth-social-callback.title", TITLE)}
      run={run}
    />
  );
}
