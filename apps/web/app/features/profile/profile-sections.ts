import type { ProfileSection } from "../../lib/routing/route-table";

/** English fallbacks; content global-components `pages.profile-<section>.title` overrides. */
export const PROFILE_SECTION_TITLES: Record<ProfileSection, string> = {
  bonuses: "Bonuses",
  documents: "Documents",
  history: "History",
  info: "Personal information",
  limits: "Limits",
  notifications: "Notifications",
  security: "Security",
  verification: "Verification",
  wallet: "Wallet",
};
