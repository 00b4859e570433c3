import { type ReactNode, useEffect } from "react";
import { useModals, useSite } from "../../lib/site";
import { EmptyState } from "../page/empty-state";
import { PageFrame } from "../page/page-frame";

/** Profile pages need a session: a guest gets sign-in opened and a sign-in button (SEC-02). */
export function PlayersOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t, session } = useSite();
  const { open } = useModals();
  const guest = !session.isLoggedIn;
  useEffect(() => {
    if (guest) open("sign-in");
  }, [guest, open]);
  if (guest) {
    return (
      <PageFrame title={title}>
        <EmptyState
          text={t("global-components.pages.signInRequired", "Sign in to see this page.")}
          action={
            <button type="button" className="page-button" onClick={() => open("sign-in")}>
              {t("global-components.pages.signInButton", "Sign in")}
            </button>
          }
        />
      </PageFrame>
    );
  }
  return <PageFrame title={title}>{children}</PageFrame>;
}
