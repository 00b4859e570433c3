import type { SessionTokens } from "@casino/contract/player";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { completeSignIn } from "../../lib/session/post-login";
import { useSite } from "../../lib/site";
import { useToasts } from "../../toasts/toast-context";
import { EmptyState } from "../page/empty-state";
import { PageFrame } from "../page/page-frame";

/** How long the failure toast shows before the home page (the toast default, spec §9). */
const ERROR_READ_MS = 3000;

export type ReturnOutcome =
  | { tokens: SessionTokens; to: string }
  | { redirect: string }
  | { error: string };

/**
 * The page of a sign-in that comes back to the site (auto-login, social callback): runs the
 * sign-in once, then the shared post-login handling and the destination. These routes keep the
 * preloader up (RT-36, RT-37); it goes when the destination page shows. A failure is reported
 * in a toast (above the preloader) and the home page follows once it has been read.
 */
export function SignInReturn({ title, run }: { title: string; run: () => Promise<ReturnOutcome> }) {
  const { t, href } = useSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { show } = useToasts();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const outcome = await runRef.current();
      if ("tokens" in outcome) {
        completeSignIn(outcome.tokens, queryClient);
        await navigate(outcome.to, { replace: true });
      } else if ("redirect" in outcome) {
        await navigate(outcome.redirect, { replace: true });
      } else {
        setError(outcome.error);
        show({
          type: "error",
          title: t("global-components.pages.signInFailed", "Sign-in failed"),
          description: outcome.error,
        });
        window.setTimeout(() => void navigate(href("/"), { replace: true }), ERROR_READ_MS);
      }
    })();
  }, [navigate, queryClient, show, t, href]);

  return (
    <PageFrame title={title}>
      {error ? (
        <EmptyState
          text={error}
          action={
            <Link className="page-button" to={href("/")}>
              {t("global-components.error.buttonLabel", "Homepage")}
            </Link>
          }
        />
      ) : (
        <p className="page-frame__lead" role="status">
          {t("global-components.pages.signingIn", "Signing you in…")}
        </p>
      )}
    </PageFrame>
  );
}
