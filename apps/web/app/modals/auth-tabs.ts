export type AuthTab = "email" | "phone";
export type TabsDisplay = "both" | "email" | "phone";

/** Sign-in and sign-up tabs from the tabsDisplay setting (default both; default tab email). */
export function authTabs(display: TabsDisplay | undefined): { tabs: AuthTab[]; initial: AuthTab } {
  const tabs: AuthTab[] =
    display === "email" ? ["email"] : display === "phone" ? ["phone"] : ["email", "phone"];
  return { tabs, initial: tabs.includes("email") ? "email" : "phone" };
}
