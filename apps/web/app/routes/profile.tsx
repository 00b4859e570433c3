import { NavLink, Outlet } from "react-router";
import { PROFILE_SECTION_TITLES } from "../features/profile/profile-sections";
import type { LoaderEnv } from "../lib/loader-env";
import { serverEnv } from "../lib/loader-env.server";
import { clientEnv } from "../lib/loader-env-client";
import { isProfileDocumentsAvailable } from "../lib/routing/route-filters";
import { PROFILE_SECTIONS } from "../lib/routing/route-table";
import { pageShouldRevalidate } from "../lib/routing/should-revalidate";
import { useSite } from "../lib/site";
import { guardPage } from "../lib/site-basics";
import type { Route } from "./+types/profile";

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

/** `/profile` and its sections; documents is left out when the route is filtered (RT-30). */
export default function ProfileLayout() {
  const { t, href, settings } = useSite();
  const sections = PROFILE_SECTIONS.filter(
    (section) => section !== "documents" || isProfileDocumentsAvailable(settings),
  );
  return (
    <div className="profile">
      <nav
        className="page-nav"
        aria-label={t("global-components.pages.profile.navLabel", "Profile sections")}
      >
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <NavLink to={href(`/profile/${section}`)}>
                {t(
                  `global-components.pages.profile-${section}.title`,
                  PROFILE_SECTION_TITLES[section],
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
