import { Link, useOutletContext } from "react-router";
import { EmptyState } from "../features/page/empty-state";
import { PageFrame } from "../features/page/page-frame";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/questions-index";
import type { QuestionsOutletContext } from "./questions";

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
  framePageMeta(
    args,
    "questions",
    "Questions",
    "Answers to common questions about accounts, payments and play.",
  );

/** The topics as cards (title and description) leading to their answers. */
export default function QuestionsIndex() {
  const { t, href } = useSite();
  const { topics } = useOutletContext<QuestionsOutletContext>();
  return (
    <PageFrame
      title={t("global-components.pages.questions.title", "Questions")}
      lead={
        topics.length > 0
          ? t("global-components.pages.questions.lead", "Pick a topic to read the answers.")
          : undefined
      }
    >
      {topics.length === 0 ? (
        <EmptyState
          text={t("global-components.pages.questions.empty", "There are no questions yet.")}
        />
      ) : (
        <ul className="topic-list">
          {topics.map((topic) => (
            <li key={topic.identity}>
              <Link className="topic-list__link" to={href(`/questions/${topic.identity}`)}>
                <span className="topic-list__title">{topic.title}</span>
                {topic.description ? (
                  <span className="topic-list__text">{topic.description}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
