import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/payment-return";
import "../modals/modal.css";
import "./payment-return.css";

const TITLE = "Payment window";

/**
 * `/payment/return?deposit=success|error` (DP-05, issue 31 item 5): where the payment processor
 * sends the payment window the wallet opened. Not the site: the window closes itself, and where
 * the browser keeps it open (it was not opened by the site) it says the window may be closed.
 * The tab that opened it shows the deposit's result as the invoice settles (realtime or polling).
 */
export const handle = { bare: true };

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "payment-return", TITLE);

export default function PaymentReturnPage() {
  const { t } = useSite();
  const [search] = useSearchParams();
  const failed = search.get("deposit") === "error";
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) return;
    // The tab that opened the window looks at its deposit at once (no wait for the next poll).
    try {
      opener.postMessage(
        { type: "casino:deposit-result", result: failed ? "error" : "success" },
        window.location.origin,
      );
    } catch {
      // The opener went to another site: it hears of the deposit by realtime when it is back.
    }
    // Allowed for a window the site opened (window.open); elsewhere the page below stays.
    window.close();
  }, [failed]);
  return (
    <main id="main-content" className="payment-return">
      <h1>{t("global-components.pages.payment-return.title", TITLE)}</h1>
      <p>
        {failed
          ? t(
              "global-components.pages.payment-return.failed",
              "The payment was not completed. You can close this window and try again on the site.",
            )
          : t(
              "global-components.pages.payment-return.done",
              "Your payment was sent. You can close this window: the site shows the result of your deposit.",
            )}
      </p>
      <button type="button" className="modal-button" onClick={() => window.close()}>
        {t("global-components.pages.payment-return.close", "Close this window")}
      </button>
    </main>
  );
}
