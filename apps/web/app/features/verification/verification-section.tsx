// /profile/verification (KY-04): the player's identity-verification status and a "Start
// verification" button that gets a token from the configured provider and embeds the provider's
// page (the sandbox's hosted page in development). While the page is open the status is polled,
// so the decision the provider reports by webhook shows without a reload.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { isApiError } from "../../forms/api-errors";
import { useSite } from "../../lib/site";
import { FormNotice } from "../../modals/views/form-notice";
import { EmptyState } from "../page/empty-state";
import {
  embeddableUrl,
  startVerification,
  VERIFICATION_KEY,
  type VerificationState,
  type VerificationStatus,
  verificationQuery,
} from "./verification-api";
import "../../modals/modal.css";
import "./verification.css";

export const VERIFICATION_TEXT = "global-components.pages.profile-verification";

const STATUS_TEXTS: Record<VerificationStatus, string> = {
  notStarted: "Not verified yet",
  pending: "Waiting for the decision",
  verified: "Verified",
  rejected: "Rejected",
};

export function VerificationSection({ provider }: { provider: string | null }) {
  const { t } = useSite();
  const text = (key: string, fallback: string) => t(`${VERIFICATION_TEXT}.${key}`, fallback);
  const client = useQueryClient();
  const headingId = useId();
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  const state = useQuery({
    ...verificationQuery,
    enabled: provider !== null,
    // While the provider's page is open, its decision arrives by webhook: look every 2 s.
    refetchInterval: pageUrl ? 2_000 : false,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startVerification(provider ?? ""),
    onMutate: () => setNotice(null),
    onSuccess: (session) => {
      client.setQueryData<VerificationState>(VERIFICATION_KEY, (previous) => ({
        provider: session.provider,
        updatedAt: previous?.updatedAt ?? null,
        status: session.status,
      }));
      const url = embeddableUrl(session.url, window.location.origin);
      if (url) setPageUrl(url);
      else setNotice(text("failed", "The verification page cannot be opened. Please try again."));
    },
    onError: (error: Error) => {
      setNotice(
        isApiError(error) && error.status === 409
          ? error.message
          : text("failed", "The verification page cannot be opened. Please try again."),
      );
      void client.invalidateQueries({ queryKey: VERIFICATION_KEY });
    },
  });

  if (provider === null) {
    return (
      <EmptyState
        text={text("unavailable", "Identity verification is not available on this site.")}
      />
    );
  }
  const status = state.data?.status;
  const decided = status === "verified" || status === "rejected";
  const showPage = pageUrl !== null && !decided;

  return (
    <div className="profile-sections verification-page">
      <section className="profile-card" aria-labelledby={headingId}>
        <h2 id={headingId} className="profile-card__title">
          {text("statusTitle", "Identity verification")}
        </h2>
        <p className="verification-page__intro">
          {text(
            "intro",
            "We check your identity once, as the law asks of licensed casinos. Larger withdrawals need a verified identity.",
          )}
        </p>
        <p className="verification-status" data-status={status ?? "loading"} role="status">
          <span className="verification-status__label">{text("statusLabel", "Status")}: </span>
          <strong>
            {status
              ? text(`statuses.${status}`, STATUS_TEXTS[status])
              : text("loading", "Loading…")}
          </strong>
        </p>
        {status === "rejected" ? (
          <p className="verification-page__hint">
            {text("rejectedHint", "Your identity could not be confirmed. You can try again.")}
          </p>
        ) : null}
        <FormNotice text={notice} />
        {status && status !== "verified" && !showPage ? (
          <button
            type="button"
            className="modal-button"
            disabled={start.isPending}
            aria-busy={start.isPending || undefined}
            onClick={() => start.mutate()}
          >
            {status === "rejected"
              ? text("retry", "Try again")
              : status === "pending"
                ? text("continue", "Continue verification")
                : text("start", "Start verification")}
          </button>
        ) : null}
      </section>
      {showPage ? (
        <section className="profile-card verification-frame">
          <iframe
            className="verification-frame__page"
            src={pageUrl}
            title={text("frameTitle", "Identity verification")}
            referrerPolicy="strict-origin-when-cross-origin"
          />
          <button
            type="button"
            className="modal-button modal-button--secondary"
            onClick={() => setPageUrl(null)}
          >
            {text("close", "Close")}
          </button>
        </section>
      ) : null}
    </div>
  );
}
