import type { ReactNode } from "react";
import { useModals, useSite } from "../../lib/site";
import { EmptyState } from "./empty-state";
import { PageFrame } from "./page-frame";

/**
 * A page whose feature arrives in a later issue: its heading and an honest empty state, both from
 * content `global-components.pages.<key>` (title, empty). Pages for players ask guests to sign in.
 */
export function FramePage({
  pageKey,
  title,
  empty,
  playersOnly = false,
  children,
}: {
  pageKey: string;
  title: string;
  empty: string;
  playersOnly?: boolean;
  children?: ReactNode;
}) {
  const { t, session } = useSite();
  const modals = useModals();
  const heading = t(`global-components.pages.${pageKey}.title`, title);
  if (playersOnly && !session.isLoggedIn) {
    return (
      <PageFrame title={heading}>
        <EmptyState
          text={t("global-components.pages.signInRequired", "Sign in to see this page.")}
          action={
            <button type="button" className="page-button" onClick={() => modals.open("sign-in")}>
              {t("global-components.pages.signInButton", "Sign in")}
            </button>
          }
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={heading}>
      {children ?? <EmptyState text={t(`global-components.pages.${pageKey}.empty`, empty)} />}
    </PageFrame>
  );
}
