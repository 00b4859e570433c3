import { useId, useState } from "react";
import { SportBetsSection } from "../features/betting/sport-bets-section";
import { RoundsSection } from "../features/games/rounds-section";
import { PlayersOnly } from "../features/profile/players-only";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import { HistorySection } from "../features/wallet/history-section";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/profile-history";

const TITLE = PROFILE_SECTION_TITLES.history;
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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "profile-history", TITLE);

const TABS = [
  ["payments", "Payments"],
  ["bets", "Bets"],
  ["spins", "Spins"],
  ["sports", "Sports"],
] as const;
type Tab = (typeof TABS)[number][0];

/** Payments (invoices), bets and spins (GM-09), sports bets (issue 25), one tab each. */
export default function ProfileHistoryPage() {
  const { t } = useSite();
  const [tab, setTab] = useState<Tab>("payments");
  const id = useId();
  return (
    <PlayersOnly title={t("global-components.pages.profile-history.title", TITLE)}>
      <div
        className="game-tabs"
        role="tablist"
        aria-label={t("global-components.pages.profile-history.tabs", "History")}
      >
        {TABS.map(([key, fallback]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${id}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${id}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const index = TABS.findIndex(([item]) => item === tab);
              const step = event.key === "ArrowRight" ? 1 : TABS.length - 1;
              const next = TABS[(index + step) % TABS.length]![0];
              setTab(next);
              document.getElementById(`${id}-${next}`)?.focus();
            }}
          >
            {t(`global-components.pages.profile-history.tab.${key}`, fallback)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === "payments" ? (
          <HistorySection />
        ) : tab === "sports" ? (
          <SportBetsSection />
        ) : (
          <RoundsSection key={tab} kind={tab} />
        )}
      </div>
    </PlayersOnly>
  );
}
