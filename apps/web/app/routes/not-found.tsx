import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { guardPage, notFound } from "../lib/site-basics";
import type { Route } from "./+types/not-found";

/** Any path no page matches: 404 inside the site layout (after the locale redirect rules). */
async function load(env: LoaderEnv) {
  await guardPage(env);
  return notFound();
}

export function loader(args: Route.LoaderArgs) {
  return load(serverEnv(args));
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return load(clientEnv(args));
}

export default function NotFound() {
  return null;
}
