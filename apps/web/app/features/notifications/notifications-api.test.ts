import { messengerChannel, NotificationEvent } from "@casino/contract/notification";
import { messengerChannelOf } from "@casino/contract/notification-rules";
import { playerChannel } from "@casino/contract/realtime";
import { describe, expect, it } from "vitest";
import { notificationTexts, readNotificationEvent } from "./notifications-api";

const PROFILE = "0b7d5c2e-3f4a-4b5c-8d9e-0f1a2b3c4d5e";

const notification = {
  id: "5a0c1e2f-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
  type: "deposit",
  title: "Deposit received",
  text: "Your deposit of 25.00 EUR is on your balance.",
  readAt: null,
  state: 1 as const,
  createdAt: "2026-11-23T20:00:00.000Z",
  link: "/profile/history",
  params: { sum: "25.00 EUR" },
  content: { title: "Deposit received" },
};

describe("notifications client", () => {
  it("RTM-09 the messenger channel name is the contract's, in the zod-free and zod modules alike", () => {
    expect(messengerChannelOf(PROFILE)).toBe(`notification:messenger#${PROFILE}`);
    expect(messengerChannel(PROFILE)).toBe(messengerChannelOf(PROFILE));
    expect(playerChannel("messenger", PROFILE)).toBe(messengerChannelOf(PROFILE));
  });

  it("NT-07 reads the server's notification.created event and ignores anything else", () => {
    const event = NotificationEvent.parse({
      type: "notification.created",
      notification,
      totalUnread: 2,
    });
    expect(readNotificationEvent(event)).toEqual({ notification, totalUnread: 2 });
    for (const other of [
      null,
      "text",
      { type: "wallet.account.updated", notification },
      { type: "notification.created" },
      { type: "notification.created", notification: { id: 1, title: "x" } },
    ]) {
      expect(readNotificationEvent(other)).toBeNull();
    }
  });

  it("uses the locale's template of the kind with the message's params, else the stored texts", () => {
    const templates: Record<string, string> = {
      "global-components.notifications.kinds.deposit.title": "Einzahlung eingegangen",
      "global-components.notifications.kinds.deposit.text": "Ihre Einzahlung von {sum} ist da.",
    };
    const t = (key: string, fallback?: string, vars?: Record<string, string | number>) =>
      (templates[key] ?? fallback ?? key).replace(/\{(\w+)\}/g, (_, name) =>
        String(vars?.[name] ?? `{${name}}`),
      );
    expect(notificationTexts(t, notification)).toEqual({
      title: "Einzahlung eingegangen",
      text: "Ihre Einzahlung von 25.00 EUR ist da.",
    });
    expect(
      notificationTexts(t, { ...notification, type: "promo", title: "Big drop", text: "Prizes" }),
    ).toEqual({ title: "Big drop", text: "Prizes" });
  });
});
