import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { useSite } from "../../lib/site";
import type { AuthTab } from "../auth-tabs";

/**
 * The e-mail / phone tabs shared by sign-in and sign-up (SI-01..03, SU-02..04): tabs only when
 * both are offered, otherwise the one form alone. Texts from content `modals.<modal>.tab*`.
 */
export function AuthTabSwitch(props: {
  modal: "sign-in" | "sign-up";
  tabsLabel: string;
  tabs: readonly AuthTab[];
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  children: (kind: AuthTab) => ReactNode;
}) {
  const { t } = useSite();
  const { modal, tabs, tab, children: form } = props;
  if (tabs.length < 2) return <>{form(tabs[0] ?? "email")}</>;
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => props.onTabChange(value === "phone" ? "phone" : "email")}
    >
      <Tabs.List
        className="modal-tabs__list"
        aria-label={t(`modals.${modal}.tabsLabel`, props.tabsLabel)}
      >
        <Tabs.Trigger className="modal-tabs__trigger" value="email">
          {t(`modals.${modal}.tabEmail`, "E-mail")}
        </Tabs.Trigger>
        <Tabs.Trigger className="modal-tabs__trigger" value="phone">
          {t(`modals.${modal}.tabPhone`, "Phone")}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="email">{form("email")}</Tabs.Content>
      <Tabs.Content value="phone">{form("phone")}</Tabs.Content>
    </Tabs.Root>
  );
}
