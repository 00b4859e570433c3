import { useEffect } from "react";
import { HomePage } from "../components/home/home-page";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { framePageMeta } from "../lib/seo/page-meta";
import { useModals } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/password-reset";

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
  framePageMeta(args, "password-reset", "Reset password");

/** `/password-reset/{resetCode}`: the home page with the reset-pass modal open for that code. */
export default function PasswordResetPage({ params }: Route.ComponentProps) {
  const modals = useModals();
  const { open } = modals;
  useEffect(() => {
    open("reset-pass", params.resetCode);
  }, [open, params.resetCode]);
  return <HomePage />;
}
