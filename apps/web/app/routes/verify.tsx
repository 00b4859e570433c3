import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import { apiRequest } from "../lib/api/api-client";
import { ApiError } from "../lib/api/api-error";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useModals, useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/verify";

const TITLE = "E-mail confirmation";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "verify-confirmCode", TITLE);

/**
 * `/verify/{confirmCode}`: POST /api/player/profile/confirmations/email {confirmCode}, then the
 * profile-confirmed modal; a wrong, used or expired code (11030) says so.
 */
export default function VerifyPage({ params }: Route.ComponentProps) {
  const { t, href } = useSite();
  const { open } = useModals();
  const [state, setState] = useState<"checking" | "confirmed" | { error: string }>("checking");
  const started = useRef(false);
  const code = params.confirmCode;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest("/api/player/profile/confirmations/email", {
      method: "POST",
      body: { confirmCode: code },
    }).then(
      () => {
        setState("confirmed");
        open("profile-confirmed");
      },
      (error: unknown) =>
        setState({
          error:
            error instanceof ApiError && (error.code === 11030 || error.status === 422)
              ? t(
                  "global-components.pages.verify-confirmCode.invalid",
                  "This confirmation link is not valid any more.",
                )
              : t("alerts.somethingWrong.title", "Something went wrong"),
        }),
    );
  }, [code, open, t]);

  const home = (
    <Link className="page-button" to={href("/")}>
      {t("global-components.error.buttonLabel", "Homepage")}
    </Link>
  );
  return (
    <PageFrame title={t("global-components.pages.verify-confirmCode.title", TITLE)}>
      {state === "checking" ? (
        <p className="page-frame__lead" role="status">
          {t("global-components.pages.verify-confirmCode.checking", "Confirming your e-mail…")}
        </p>
      ) : state === "confirmed" ? (
        <EmptyState
          text={t(
            "global-components.pages.verify-confirmCode.confirmed",
            "Your e-mail address is confirmed.",
          )}
          action={home}
        />
      ) : (
        <EmptyState text={state.error} action={home} />
      )}
    </PageFrame>
  );
}
