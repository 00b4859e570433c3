import { redirect } from "react-router";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { localizePath } from "../lib/locale/href";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/categories";

/**
 * `/categories` → `/categories/{slug of the first game collection}`, in the current locale and
 * with the query string kept (RT-08, RT-09). No collection for the visitor's country → 404.
 */
async function load(env: LoaderEnv) {
  const { collections, choice, defaultLocale } = await guardPage(env);
  const first = collections[0];
  if (!first) notFound();
  const { search } = new URL(env.request.url);
  const target = localizePath(
    `/categories/${encodeURIComponent(first.slug)}`,
    choice.locale,
    defaultLocale,
  );
  throw redirect(`${target}${search}`, 302);
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export default function Categories() {
  return null;
}
