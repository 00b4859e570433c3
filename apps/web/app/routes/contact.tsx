import { ContactForm } from "../features/contact/contact-form";
import { PageFrame } from "../features/page/page-frame";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/contact";

const TITLE = "Contact";

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

export const meta: Route.MetaFunction = (args) => framePageMeta(args, "contact", TITLE);

/** /contact (RT-11, PR-07): the contact form, for guests and players. */
export default function ContactPage() {
  const { t } = useSite();
  return (
    <PageFrame title={t("global-components.pages.contact.title", TITLE)}>
      <ContactForm />
    </PageFrame>
  );
}
