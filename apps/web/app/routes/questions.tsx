import { NavLink, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadContentPageList } from "../features/content-page/load-content-page";
import { isMoveWithinQuestions } from "../features/questions/questions-guard";
import type { ScrollHandle } from "../features/scroll/scroll-rules";
import type { ContentPageSummary } from "../lib/content/content-client";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/questions";

export type QuestionsOutletContext = { topics: ContentPageSummary[] };

/** The Questions section: its topic list (content pages of kind "questions") and the topic below. */
async function load(env: LoaderEnv) {
  const basics = await guardPage(env);
  return { topics: await loadContentPageList(basics, "questions") };
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

/** RT-18 guard (questions-guard.ts): moving within the section keeps the list, no re-fetch. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if (
    !args.formMethod &&
    args.currentUrl.search === args.nextUrl.search &&
    isMoveWithinQuestions(args.currentUrl.pathname, args.nextUrl.pathname)
  ) {
    return false;
  }
  return pageShouldRevalidate(args);
}

/** …and no scroll to the top within the section. */
export const handle: ScrollHandle = {
  scrollToTop: (from, to) => !isMoveWithinQuestions(from, to),
};

export default function QuestionsLayout({ loaderData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const topics = loaderData.topics;
  return (
    <div className="questions">
      {topics.length > 0 ? (
        <nav
          className="page-nav"
          aria-label={t("global-components.pages.questions.topicsLabel", "Question topics")}
        >
          <ul>
            {topics.map((topic) => (
              <li key={topic.identity}>
                <NavLink to={href(`/questions/${topic.identity}`)} preventScrollReset>
                  {topic.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Outlet context={{ topics } satisfies QuestionsOutletContext} />
    </div>
  );
}
